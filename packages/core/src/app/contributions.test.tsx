import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../api/client.ts';
import { renderApp, signedInApi, testSession } from '../test/fixtures.tsx';
import { redCard } from '../features/card/card.fixtures.ts';
import { moreMenu } from './more-menu.ts';

describe('what features contribute through app/', () => {
  it("inicio shows every feature's card from app/dashboard.ts, in order", async () => {
    const api = signedInApi();
    const get = api.get;
    renderApp('/inicio', {
      api: {
        ...api,
        get: (async (path: string, ...rest: unknown[]) =>
          path === 'card' ? redCard() : (get as (...args: unknown[]) => unknown)(path, ...rest)) as ApiClient['get'],
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Hola, Ana' });
    const main = screen.getByRole('main');
    // The card's verdict first, then the next launch, the boats, what is new, and last that all is in order.
    expect(await within(main).findByText(/Aún no tienes ningún barco/)).toBeInTheDocument();
    const verdict = await within(main).findByRole('region', { name: 'Tu carnet' });
    expect(within(main).getAllByRole('region')).toEqual([
      verdict,
      within(main).getByRole('region', { name: 'Próxima bajada' }),
      within(main).getByRole('region', { name: 'Mis barcos' }),
      within(main).getByRole('region', { name: 'Notificaciones' }),
      within(main).getByRole('region', { name: 'Estado de la cuenta' }),
    ]);
    // Red, with its first reason, one tap from the red card's screen.
    expect(verdict).toHaveTextContent('No válido');
    expect(verdict).toHaveTextContent('Datos por confirmar');
    expect(within(verdict).getByRole('link')).toHaveAttribute('href', '/carnet-rojo');
    expect(within(main).getByRole('region', { name: 'Notificaciones' })).toHaveTextContent(
      'Tienes 2 notificaciones sin leer.',
    );
    expect(within(main).getByRole('link', { name: 'Ver notificaciones' })).toHaveAttribute('href', '/notificaciones');
    expect(await within(main).findByText('No tienes ninguna bajada pedida.')).toBeInTheDocument();
    // No boat to put in the water: no «Pedir una bajada» (the boats' card offers a contract).
    expect(within(main).queryByRole('link', { name: 'Pedir una bajada' })).toBeNull();
  });

  it('inicio puts the data to confirm before everything while they are due', async () => {
    const due = { ...testSession, account: { ...testSession.account, dataValidationDue: true } };
    const api = signedInApi({
      get: (async (path: string) => (path === 'session' ? due : { boats: [] })) as ApiClient['get'],
    });
    renderApp('/inicio', { api });
    await screen.findByRole('heading', { level: 1, name: 'Hola, Ana' });
    const main = screen.getByRole('main');
    const regions = within(main).getAllByRole('region');
    expect(regions[0]).toBe(within(main).getByRole('region', { name: 'Tienes algo pendiente' }));
    expect(within(regions[0]!).getByRole('link', { name: 'Revisar mis datos' })).toHaveAttribute(
      'href',
      '/validar-datos',
    );
    expect(within(main).queryByRole('region', { name: 'Estado de la cuenta' })).toBeNull();
  });

  it("mas lists every feature's entry from app/more-menu.ts, in order", async () => {
    renderApp('/mas', { api: signedInApi() });
    const menu = await screen.findByRole('navigation', { name: 'Más opciones' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual([...moreMenu].sort((a, b) => a.order - b.order).map((entry) => entry.to));
    expect(within(menu).getByRole('link', { name: /^Notificaciones/ })).toHaveTextContent(
      'NotificacionesLo que el puerto te ha contado2 sin leer',
    );
  });
});
