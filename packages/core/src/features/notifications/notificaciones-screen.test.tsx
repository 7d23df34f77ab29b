import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/api-error.ts';
import type { ApiClient } from '../../api/client.ts';
import type { NotificationList } from '../../domain/accounts.ts';
import { renderApp, signedInApi, testSession } from '../../test/fixtures.tsx';

describe('a session that ended elsewhere', () => {
  it('offers to sign in again, back to this screen, and clears the unread badge', async () => {
    // The guard saw a session; by the time the list loads it was ended from another device.
    const base = signedInApi();
    let ended = false;
    const api: ApiClient = {
      ...base,
      get: (async (path: string) => {
        if (path === 'session' && !ended) return testSession;
        ended = true;
        throw new ApiError('unauthenticated', { status: 401 });
      }) as ApiClient['get'],
    };
    const { router } = renderApp('/notificaciones', { api });
    const tabs = await screen.findByRole('navigation', { name: 'Principal' });
    expect(within(tabs).getByRole('link', { name: /^Más/ })).toHaveAccessibleName(/2\s*notificaciones sin leer/);

    expect(await screen.findByRole('alert')).toHaveTextContent('Tu sesión ha terminado. Vuelve a entrar.');
    const signIn = screen.getByRole('link', { name: 'Entrar' });
    expect(signIn).toHaveAttribute('href', '/login?next=%2Fnotificaciones');
    expect(screen.queryByRole('button', { name: 'Volver a intentarlo' })).toBeNull();
    await waitFor(() => expect(within(tabs).getByRole('link', { name: /^Más/ })).not.toHaveAccessibleName(/sin leer/));

    await userEvent.click(signIn);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?next=%2Fnotificaciones');
  });

  it('also when marking one as read', async () => {
    const list: NotificationList = {
      items: [{ id: 'n1', type: 'welcome', title: 'Te damos la bienvenida', body: 'Hola.', link: null, read: false, createdAt: '2026-11-01T10:00:00Z' }],
      unread: 1,
    };
    const base = signedInApi();
    const api: ApiClient = {
      ...base,
      get: (async (path: string) => (path === 'notifications' ? list : base.get(path))) as ApiClient['get'],
      send: async () => {
        throw new ApiError('unauthenticated', { status: 401 });
      },
    };
    renderApp('/notificaciones', { api });
    await userEvent.click(await screen.findByRole('button', { name: 'Marcar como leída' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Tu sesión ha terminado. Vuelve a entrar.');
    expect(screen.getByRole('link', { name: 'Entrar' })).toHaveAttribute('href', '/login?next=%2Fnotificaciones');
  });
});

describe('a list that fails to load for another reason', () => {
  it('offers to try again, without claiming anything typed was kept', async () => {
    const base = signedInApi();
    const api: ApiClient = {
      ...base,
      get: (async (path: string) => {
        if (path === 'notifications') throw new ApiError('network_error');
        return base.get(path);
      }) as ApiClient['get'],
    };
    renderApp('/notificaciones', { api });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No hay conexión.');
    expect(alert).not.toHaveTextContent('escribiste');
    expect(screen.getByRole('button', { name: 'Volver a intentarlo' })).toBeInTheDocument();
  });
});
