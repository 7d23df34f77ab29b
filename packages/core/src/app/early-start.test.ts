import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/api-error.ts';
import type { ApiClient } from '../api/client.ts';
import type { SessionInfo } from '../domain/accounts.ts';
import { createSessionStore, fetchSession } from '../lib/session-store.ts';
import { testSession } from '../test/fixtures.tsx';
import { EARLY_MAX_AGE, privateRouteAt, startEarly } from './early-start.ts';

const other: SessionInfo = { ...testSession, account: { ...testSession.account, id: 'other-account' } };

/** An API that says who asked what, in order, and answers each path with its name and how many times it was asked. */
function recordingApi(session: SessionInfo | null = testSession) {
  const asked: string[] = [];
  const get = vi.fn(async (path: string) => {
    asked.push(path);
    if (path === 'session') {
      if (session) return session;
      throw new ApiError('unauthenticated', { status: 401 });
    }
    return { path, call: asked.filter((one) => one === path).length };
  });
  const api = {
    get: get as unknown as ApiClient['get'],
    create: vi.fn(),
    send: vi.fn(),
  } as unknown as ApiClient;
  return { api, asked };
}

function start(pathname: string, { session: answer = testSession as SessionInfo | null, now = (): number => 0 } = {}) {
  const { api, asked } = recordingApi(answer);
  const session = createSessionStore();
  const cache = { preload: vi.fn() };
  const preloadScreen = vi.fn();
  const early = startEarly({ api, session, cache, location: { pathname, search: '' }, preloadScreen, now });
  return { api: early.api, asked, session, cache, preloadScreen };
}

/** What the route guard does with the session check: asks through the app's client and tells the store. */
async function guard(api: ApiClient, session: ReturnType<typeof createSessionStore>) {
  session.set(await fetchSession(api));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a cold start on a private screen', () => {
  it('asks the session and the screen’s data at once, and starts the cache’s and the screen’s code', () => {
    const { asked, cache, preloadScreen } = start('/misbarcos/boat-7');
    expect(asked).toEqual(['session', 'boats/boat-7', 'client']);
    expect(cache.preload).toHaveBeenCalledOnce();
    expect(preloadScreen).toHaveBeenCalledWith('barco');
  });

  it('answers the guard and the screen from those calls, without asking again', async () => {
    const { api, asked, session } = start('/pedidosbajadas');
    await guard(api, session);
    expect(session.current()).toEqual(testSession);
    await expect(api.get('launches')).resolves.toEqual({ path: 'launches', call: 1 });
    expect(asked).toEqual(['session', 'launches', 'client']);
    // Once: the next load of the list is the screen's own.
    await expect(api.get('launches')).resolves.toEqual({ path: 'launches', call: 2 });
  });

  it('never hands the early data to another account signed in meanwhile', async () => {
    const { api, asked, session } = start('/misbarcos');
    await guard(api, session);
    session.set(null);
    session.set(other);
    await expect(api.get('boats')).resolves.toEqual({ path: 'boats', call: 2 });
    expect(asked).toEqual(['session', 'boats', 'boats']);
  });

  it('drops the early data when the session check says nobody is signed in', async () => {
    const { api, asked, session } = start('/misbarcos', { session: null });
    await guard(api, session);
    expect(session.current()).toBeNull();
    await expect(api.get('boats')).resolves.toEqual({ path: 'boats', call: 2 });
    expect(asked).toEqual(['session', 'boats', 'boats']);
  });

  it('asks again for what is older than the cache would keep fresh', async () => {
    let now = 0;
    const { api, asked, session } = start('/carnet-verde', { now: () => now });
    await guard(api, session);
    now = EARLY_MAX_AGE + 1;
    await expect(api.get('card')).resolves.toEqual({ path: 'card', call: 2 });
    expect(asked).toEqual(['session', 'card', 'card']);
  });

  it('answers a screen that asks before the app has stored the session (a kept copy on screen)', async () => {
    const { api, asked, session } = start('/carnet-verde');
    const card = api.get('card');
    expect(session.current()).toBeNull();
    await expect(card).resolves.toEqual({ path: 'card', call: 1 });
    expect(asked).toEqual(['session', 'card']);
  });

  it('drops the early data after a write: what it said may no longer be so', async () => {
    const { api, asked, session } = start('/pedidosbajadas');
    await guard(api, session);
    await api.send('delete', 'launches/l-1');
    await expect(api.get('launches')).resolves.toEqual({ path: 'launches', call: 2 });
    expect(asked).toEqual(['session', 'launches', 'client', 'launches']);
  });

  it('never hands the early data to a call made after signing out, even one made before the check answered', async () => {
    const { api, asked, session } = start('/misbarcos');
    const boats = api.get('boats');
    session.set(testSession);
    session.set(null);
    await expect(boats).resolves.toEqual({ path: 'boats', call: 2 });
    expect(asked).toEqual(['session', 'boats', 'boats']);
  });

  it('does not answer a call with options of its own (a file, other retries) from an early one', async () => {
    const { api, asked, session } = start('/misbarcos');
    await guard(api, session);
    await api.get('boats', { retry: 0 });
    expect(asked).toEqual(['session', 'boats', 'boats']);
  });
});

describe('any other start', () => {
  it.each(['/login', '/', '/registro', '/ayuda', '/checkQR/123', '/no-such-screen'])(
    'on %s asks nothing early',
    (path) => {
      const { asked, cache, preloadScreen } = start(path);
      expect(asked).toEqual([]);
      expect(cache.preload).not.toHaveBeenCalled();
      expect(preloadScreen).not.toHaveBeenCalled();
    },
  );

  it('asks nothing when the browser knows it is offline: the kept copy shows at once', () => {
    vi.stubGlobal('navigator', { onLine: false });
    const { asked, cache } = start('/carnet-verde');
    expect(asked).toEqual([]);
    expect(cache.preload).not.toHaveBeenCalled();
  });
});

describe('privateRouteAt', () => {
  it('names the private route of a path, with its parameters', () => {
    expect(privateRouteAt('/inicio')).toEqual({ name: 'inicio', params: {} });
    expect(privateRouteAt('/pedidosbajadas/l%201')).toEqual({ name: 'bajada', params: { id: 'l 1' } });
    expect(privateRouteAt('/login')).toBeNull();
  });
});
