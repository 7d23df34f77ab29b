import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/api-error.ts';
import type { ApiClient } from '../../api/client.ts';
import { renderApp, signedOutApi, testHelp, testMarina } from '../../test/fixtures.tsx';

describe('ayuda', () => {
  it("gives the marina's phone, e-mail, hours and FAQ; the version is the footer's, said once", async () => {
    renderApp('/ayuda');
    const call = await screen.findByRole('link', { name: 'Llamar al +34 971 000 041' });
    expect(call).toHaveAttribute('href', 'tel:+34971000041');
    expect(screen.getByRole('link', { name: `Escribir a ${testHelp.contact.email}` })).toHaveAttribute(
      'href',
      `mailto:${testHelp.contact.email}`,
    );
    expect(screen.getByText('Abril a octubre: de 08:00 a 20:00')).toBeInTheDocument();
    expect(screen.getByText('¿Puedo pedir una bajada hoy?')).toBeInTheDocument();
    expect(screen.queryByText('Versión 5.1010.1945')).toBeNull();
  });

  it('answers the booking lead from the settings the API serves today, not from prose', async () => {
    const settings = { ...testMarina.settings, minLeadMinutes: 90, maxAdvanceDays: 14 };
    const base = signedOutApi();
    const api: ApiClient = {
      ...base,
      get: (async (path: string) =>
        path === 'client' ? { ...testMarina, settings } : base.get(path)) as ApiClient['get'],
    };
    renderApp('/ayuda', { api });
    expect(await screen.findByText('¿Con cuánta antelación tengo que pedir la bajada?')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Al menos 1 hora y 30 minutos antes y como máximo con 14 días. La app solo te ofrece las horas que quedan libres.',
      ),
    ).toBeInTheDocument();
  });

  it("shows the marina's own questions when its settings cannot be read", async () => {
    const base = signedOutApi();
    const api: ApiClient = {
      ...base,
      get: (async (path: string) => {
        if (path === 'client') throw new ApiError('network_error');
        return base.get(path);
      }) as ApiClient['get'],
    };
    renderApp('/ayuda', { api });
    expect(await screen.findByText('¿Puedo pedir una bajada hoy?')).toBeInTheDocument();
    expect(screen.queryByText('¿Con cuánta antelación tengo que pedir la bajada?')).not.toBeInTheDocument();
  });
});
