import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { leaveFor } from './leave.ts';
import { ApiError } from '../api/api-error.ts';
import type { ApiClient } from '../api/client.ts';
import { readyBoat } from '../features/boats/boats.fixtures.ts';
import { greenCard } from '../features/card/card.fixtures.ts';
import { launch } from '../features/launches/launches.fixtures.ts';
import { outing } from '../features/outings/outings.fixtures.ts';
import { PERSIST_KEY } from '../lib/queries.ts';
import { answeringApi, renderApp } from '../test/fixtures.tsx';

vi.mock('./leave.ts', () => ({ leaveFor: vi.fn() }));

/** No network at all: not even the session can be checked. */
const noNetwork = (): ApiClient => {
  const down = async () => {
    throw new ApiError('network_error');
  };
  return { get: down, send: down, create: down };
};

const online = () =>
  answeringApi({
    'GET card': () => greenCard(),
    'GET boats': () => ({ boats: [readyBoat({ name: 'Marea' })] }),
    'GET launches': () => ({ upcoming: [launch({ boatName: 'Brisa' })], past: [] }),
    'GET outings': () => ({ atSea: [outing({ boatName: 'Gaviota' })], history: [] }),
  }).api;

/** The app closing: it writes what it holds (`pagehide`), and nothing stays in memory. */
function closeApp() {
  window.dispatchEvent(new Event('pagehide'));
  cleanup();
}

const screens = [
  {
    path: '/carnet-verde',
    kept: 'AbCdEfGhIjKlMnOpQrStUv',
    shown: () => screen.findByRole('article', { name: 'VÁLIDO' }),
  },
  { path: '/misbarcos', kept: 'Marea', shown: () => screen.findByRole('article', { name: 'Marea' }) },
  { path: '/pedidosbajadas', kept: 'Brisa', shown: () => screen.findByRole('article', { name: 'Brisa' }) },
  {
    path: '/salidas',
    kept: 'Cala Blava',
    shown: async () => within(await screen.findByRole('region', { name: 'En el mar' })).getByRole('article'),
  },
];

describe('opening the app offline, again and again', () => {
  it.each(screens)('$path opens from the copy on every start without a network', async ({ path, kept, shown }) => {
    renderApp(path, { api: online() });
    await shown();
    await waitFor(() => expect(localStorage.getItem(PERSIST_KEY)).toContain(kept));
    closeApp();

    for (let start = 1; start <= 3; start += 1) {
      renderApp(path, { api: noNetwork() });
      expect(await shown()).toBeInTheDocument();
      expect(await screen.findByText(/^Sin conexión · actualizado a las \d\d:\d\d$/)).toBeInTheDocument();
      closeApp();
      expect(localStorage.getItem(PERSIST_KEY)).toContain(kept);
    }
  });
});

describe('opening the app when the browser knows it is offline', () => {
  afterEach(() => vi.restoreAllMocks());

  it('draws the card from the copy at once, without waiting for a session check that must fail', async () => {
    renderApp('/carnet-verde', { api: online() });
    await screen.findByRole('article', { name: 'VÁLIDO' });
    await waitFor(() => expect(localStorage.getItem(PERSIST_KEY)).toContain('AbCdEfGhIjKlMnOpQrStUv'));
    closeApp();

    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    // A request on a network that is not there may take its time to fail: the card does not wait for it.
    const api = noNetwork();
    api.get = ((path: string) =>
      path === 'session' ? new Promise(() => {}) : noNetwork().get(path)) as ApiClient['get'];
    renderApp('/carnet-verde', { api });
    expect(await screen.findByRole('article', { name: 'VÁLIDO' })).toBeInTheDocument();
    expect(await screen.findByText(/^Sin conexión · actualizado a las \d\d:\d\d$/)).toBeInTheDocument();
    closeApp();

    // Not for a screen that was never kept for use offline.
    renderApp('/micuenta', { api: noNetwork() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sin conexión' })).toBeInTheDocument();
  });
});

describe('opening the card on weak coverage', () => {
  /** The card seen once, kept on the phone, the app closed. */
  async function keepTheCard() {
    renderApp('/carnet-verde', { api: online() });
    await screen.findByRole('article', { name: 'VÁLIDO' });
    await waitFor(() => expect(localStorage.getItem(PERSIST_KEY)).toContain('AbCdEfGhIjKlMnOpQrStUv'));
    closeApp();
  }

  it('draws the card from the copy at once while the session check is still on its way', async () => {
    await keepTheCard();
    // Online as far as the browser knows, but the check never comes back (a dock at the edge of coverage).
    const api = online();
    const get = api.get;
    api.get = ((path: string) => (path === 'session' ? new Promise(() => {}) : get(path))) as ApiClient['get'];
    renderApp('/carnet-verde', { api });
    expect(await screen.findByRole('article', { name: 'VÁLIDO' })).toBeInTheDocument();
    expect(screen.getByTestId('card-qr')).toBeInTheDocument();
  });

  it('a session that ended elsewhere takes the copy away, and the person to sign in', async () => {
    await keepTheCard();
    const api = online();
    const get = api.get;
    api.get = ((path: string) =>
      path === 'session'
        ? Promise.reject(new ApiError('unauthenticated', { status: 401 }))
        : get(path)) as ApiClient['get'];
    renderApp('/carnet-verde', { api });
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith('/login?next=%2Fcarnet-verde'));
    expect(localStorage.getItem(PERSIST_KEY)).toBeNull();
  });
});
