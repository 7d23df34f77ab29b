import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
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
      items: [
        {
          id: 'n1',
          type: 'welcome',
          title: 'Te damos la bienvenida',
          body: 'Hola.',
          link: null,
          read: false,
          createdAt: '2026-11-01T10:00:00Z',
        },
      ],
      unread: 1,
      next: null,
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

describe('marking as read', () => {
  const unreadBadge = () =>
    within(screen.getByRole('navigation', { name: 'Principal' })).getByRole('link', { name: /^Más/ });

  it('updates the list and the tab bar badge at once, then asks the server for the list again', async () => {
    const items: NotificationList['items'] = [
      {
        id: 'n1',
        type: 'welcome',
        title: 'Te damos la bienvenida',
        body: 'Hola.',
        link: null,
        read: false,
        createdAt: '2026-11-01T10:00:00Z',
      },
      {
        id: 'n2',
        type: 'launch_reminder',
        title: 'Tu bajada es mañana',
        body: 'A las 9:00.',
        link: null,
        read: false,
        createdAt: '2026-11-02T10:00:00Z',
      },
    ];
    const base = signedInApi();
    let readOnServer = new Set<string>();
    const list = vi.fn(async () => {
      const current = items.map((item) => ({ ...item, read: readOnServer.has(item.id) }));
      return { items: current, unread: current.filter((item) => !item.read).length };
    });
    const api: ApiClient = {
      ...base,
      get: (async (path: string) => (path === 'notifications' ? list() : base.get(path))) as ApiClient['get'],
      send: (async (_method: string, path: string) => {
        if (path === 'notifications/n1/read') readOnServer = new Set([...readOnServer, 'n1']);
        else if (path === 'notifications/read-all') readOnServer = new Set(items.map((item) => item.id));
        else throw new Error(`unexpected ${path}`);
      }) as ApiClient['send'],
    };
    renderApp('/notificaciones', { api });
    expect(await screen.findByText('2 sin leer.')).toBeInTheDocument();
    expect(unreadBadge()).toHaveAccessibleName(/2\s*notificaciones sin leer/);

    await userEvent.click(screen.getAllByRole('button', { name: 'Marcar como leída' })[0]!);
    expect(await screen.findByText('1 sin leer.')).toBeInTheDocument();
    expect(unreadBadge()).toHaveAccessibleName(/1\s*notificación sin leer/);
    await waitFor(() => expect(list).toHaveBeenCalledTimes(2));

    await userEvent.click(screen.getByRole('button', { name: 'Marcar todas como leídas' }));
    expect(await screen.findByText('No tienes notificaciones sin leer.')).toBeInTheDocument();
    expect(unreadBadge()).not.toHaveAccessibleName(/sin leer/);
  });

  it('marks a notification as read when it is opened', async () => {
    const base = signedInApi();
    const send = vi.fn(async () => undefined);
    const api: ApiClient = {
      ...base,
      get: (async (path: string) =>
        path === 'notifications'
          ? {
              items: [
                {
                  id: 'n1',
                  type: 'launch_confirmed',
                  title: 'Bajada confirmada',
                  body: 'Brisa, el sábado a las 10:00.',
                  link: '/pedidosbajadas',
                  read: false,
                  createdAt: '2026-11-01T10:00:00Z',
                },
              ],
              unread: 1,
            }
          : base.get(path)) as ApiClient['get'],
      send: send as unknown as ApiClient['send'],
    };
    renderApp('/notificaciones', { api });
    await userEvent.click(await screen.findByRole('link', { name: 'Ver' }));
    await waitFor(() => expect(send).toHaveBeenCalledWith('post', 'notifications/n1/read', expect.anything()));
  });

  it("brings the badge up to date with the list's own count as soon as it loads", async () => {
    // The session said 2 when the person signed in; the list, loaded later, knows better.
    const base = signedInApi();
    const api: ApiClient = {
      ...base,
      get: (async (path: string) =>
        path === 'notifications' ? { items: [], unread: 0 } : base.get(path)) as ApiClient['get'],
    };
    renderApp('/notificaciones', { api });
    expect(await screen.findByText('Aún no tienes notificaciones.')).toBeInTheDocument();
    await waitFor(() => expect(unreadBadge()).not.toHaveAccessibleName(/sin leer/));
  });
});

describe('asking again', () => {
  it.each([
    ['a session that ended', 1, new ApiError('unauthenticated', { status: 401 })],
    ['no network', 2, new ApiError('network_error')],
  ])('after %s, the list is asked for %i time(s) before the screen says so', async (_, calls, error) => {
    const base = signedInApi();
    const list = vi.fn(async () => {
      throw error;
    });
    const api: ApiClient = {
      ...base,
      get: (async (path: string) => (path === 'notifications' ? list() : base.get(path))) as ApiClient['get'],
    };
    renderApp('/notificaciones', { api });
    await screen.findByRole('alert');
    expect(list).toHaveBeenCalledTimes(calls);
  });
});

describe('a long list', () => {
  const note = (id: string, title: string) => ({
    id,
    type: 'welcome' as const,
    title,
    body: 'Hola.',
    link: null,
    read: true,
    createdAt: '2026-11-01T10:00:00Z',
  });

  it('loads the next page with «Cargar más», by keyboard too, and says when there is no more', async () => {
    const base = signedInApi();
    const asked: string[] = [];
    let release = () => {};
    const api: ApiClient = {
      ...base,
      get: (async (path: string) => {
        if (!path.startsWith('notifications')) return base.get(path);
        asked.push(path);
        if (path === 'notifications')
          return { items: [note('n1', 'Primera')], unread: 0, next: 'c-1' } satisfies NotificationList;
        await new Promise<void>((resolve) => (release = resolve));
        return { items: [note('n2', 'Segunda')], unread: 0, next: null } satisfies NotificationList;
      }) as ApiClient['get'],
    };
    renderApp('/notificaciones', { api });
    const more = await screen.findByRole('button', { name: 'Cargar más notificaciones' });
    expect(screen.getByRole('heading', { name: 'Primera' })).toBeInTheDocument();
    more.focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText('Cargando más…')).toBeInTheDocument();
    release();
    expect(await screen.findByRole('heading', { name: 'Segunda' })).toBeInTheDocument();
    expect(asked).toEqual(['notifications', 'notifications?cursor=c-1']);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cargar más notificaciones' })).toBeNull());
  });
});

describe('a boat put in maintenance', () => {
  it('shows the notice with its words and a way to the launch it is about', async () => {
    const base = signedInApi();
    const api: ApiClient = {
      ...base,
      get: (async (path: string) =>
        path === 'notifications'
          ? ({
              items: [
                {
                  id: 'n1',
                  type: 'boat_in_maintenance',
                  title: 'Tu barco está en mantenimiento',
                  body: 'El puerto ha puesto Gaviota en mantenimiento. Tu bajada del sábado 28 de noviembre a las 10:00 sigue pedida.',
                  link: '/pedidosbajadas/l-1',
                  read: false,
                  createdAt: '2026-11-27T10:00:00Z',
                },
              ],
              unread: 1,
              next: null,
            } satisfies NotificationList)
          : base.get(path)) as ApiClient['get'],
    };
    renderApp('/notificaciones', { api });
    const heading = await screen.findByRole('heading', { name: /Tu barco está en mantenimiento/ });
    const item = heading.closest('li')!;
    expect(within(item).getByText(/Gaviota en mantenimiento/)).toBeInTheDocument();
    expect(within(item).getByRole('link', { name: 'Ver' })).toHaveAttribute('href', '/pedidosbajadas/l-1');
  });
});
