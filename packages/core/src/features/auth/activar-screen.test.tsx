import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/api-error.ts';
import type { ApiClient } from '../../api/client.ts';
import { findStatus, renderApp } from '../../test/fixtures.tsx';

const TOKEN = 'A'.repeat(43);

describe('activar', () => {
  it('is the last step, and lets the person read the marina’s conditions where they accept them', async () => {
    const api: ApiClient = {
      get: (async () => ({ firstName: 'Ana', email: 'a•••@correo.es' })) as ApiClient['get'],
      create: async () => {
        throw new Error('not used');
      },
      send: async () => {
        throw new Error('not used');
      },
    };
    const { services } = renderApp(`/activar?token=${TOKEN}`, { api });
    expect(await screen.findByText('Paso 3 de 3 · Tu contraseña')).toBeInTheDocument();
    expect(screen.getByText('Hola, Ana. Elige tu contraseña para terminar.')).toBeInTheDocument();
    const conditions = screen.getByText('Leer las condiciones del servicio');
    expect(screen.getByText(/Tu cuenta es personal/)).not.toBeVisible();
    await userEvent.click(conditions);
    expect(
      screen.getByText(
        `Estas condiciones son las de ${services.config.clientTitulo} para usar su servicio desde la app.`,
      ),
    ).toBeVisible();
    expect(screen.getByText(/Tu cuenta es personal/)).toBeVisible();
  });

  it('sends the person to sign in, saying why, when the account turns out to be active already', async () => {
    // The first attempt activated the account but its answer (and session) were lost; the retry is told so.
    const api: ApiClient = {
      get: (async (path: string) => {
        if (path === `activations/${TOKEN}`) return { firstName: 'Ana', email: 'a•••@correo.es' };
        throw new ApiError('unauthenticated', { status: 401 });
      }) as ApiClient['get'],
      create: async () => {
        throw new ApiError('account_already_active', { status: 409 });
      },
      send: async () => {
        throw new Error('not used');
      },
    };
    const { router, services } = renderApp(`/activar?token=${TOKEN}`, { api });
    await userEvent.type(await screen.findByLabelText('Contraseña nueva'), 'barco-azul-2026');
    await userEvent.click(screen.getByLabelText('Acepto las condiciones del servicio de la marina.'));
    await userEvent.click(screen.getByRole('button', { name: 'Activar cuenta' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await findStatus('Tu cuenta ya está activada. Entra con tu contraseña.');
    expect(services.session.current()).toBeNull();
  });
});
