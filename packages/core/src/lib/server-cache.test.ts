import { QueryObserver, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/api-error.ts';
import { fastCache, signedInApi, testSession } from '../test/fixtures.tsx';
import { PERSIST_KEY, PERSIST_MAX_AGE, persisted, sessionKey, shouldRetry } from './queries.ts';
import { createServerCache } from './server-cache.ts';
import { createSessionStore } from './session-store.ts';

const card = { holder: 'Ana', boat: 'Gaviota' };
const cardQuery = { queryKey: ['card'], queryFn: async () => card, ...persisted };

/** A new start of the app on the same phone: nothing in memory, what the phone kept in storage. */
function startApp() {
  const session = createSessionStore();
  return { session, cache: createServerCache({ api: signedInApi(), storage: localStorage, session, ...fastCache }) };
}

const kept = () => localStorage.getItem(PERSIST_KEY);

interface KeptClient {
  timestamp: number;
  clientState: {
    queries: Array<{ queryKey: unknown[]; state: { data?: unknown; dataUpdatedAt: number; status: string } }>;
  };
}
const keptCard = () =>
  (JSON.parse(kept() ?? 'null') as KeptClient | null)?.clientState.queries.find(
    (query) => query.queryKey[0] === 'card',
  );

async function keptOnThePhone() {
  await vi.waitFor(() => expect(kept()).toContain('Gaviota'));
}

describe('the server cache on the phone', () => {
  it('keeps only the queries marked for offline use, and gives them back to the same account', async () => {
    const first = startApp();
    const { client } = await first.cache.open('a1');
    await client.fetchQuery(cardQuery);
    await client.fetchQuery({ queryKey: ['notifications'], queryFn: async () => ({ items: [], unread: 0 }) });
    client.setQueryData(sessionKey, testSession);
    await keptOnThePhone();
    expect(kept()).not.toContain('notifications');
    expect(kept()).not.toContain(testSession.account.email);

    const again = startApp();
    const restored = await again.cache.open('a1');
    expect(restored.client.getQueryData(['card'])).toEqual(card);
    expect(restored.client.getQueryData(['notifications'])).toBeUndefined();
  });

  it("never shows one account's kept data to another signing in on the same phone", async () => {
    const first = startApp();
    await (await first.cache.open('a1')).client.fetchQuery(cardQuery);
    await keptOnThePhone();

    const other = startApp();
    const { client } = await other.cache.open('b2');
    expect(client.getQueryData(['card'])).toBeUndefined();
    expect(kept()).toBeNull();
  });

  it('shows what the phone kept at once, and asks the server again on a new start (staff may have changed it)', async () => {
    const first = startApp();
    await (await first.cache.open('a1')).client.fetchQuery(cardQuery);
    await keptOnThePhone();

    const again = startApp();
    const { client } = await again.cache.open('a1');
    const approved = { holder: 'Ana', boat: 'Cormorán' };
    const queryFn = vi.fn(async () => approved);
    const observer = new QueryObserver(client, { ...cardQuery, queryFn });
    expect(observer.getCurrentResult().data).toEqual(card);
    const stop = observer.subscribe(() => {});
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toEqual(approved));
    expect(queryFn).toHaveBeenCalledTimes(1);
    stop();
  });

  it('writes what it holds at once when the page goes, not only after the pause between writes', async () => {
    const session = createSessionStore();
    const cache = createServerCache({
      api: signedInApi(),
      storage: localStorage,
      session,
      ...fastCache,
      persistThrottle: 60_000,
    });
    const { client } = await cache.open('a1');
    await client.fetchQuery({ queryKey: ['boats'], queryFn: async () => ['Brisa'], ...persisted });
    await client.fetchQuery(cardQuery);
    window.dispatchEvent(new Event('pagehide'));
    expect(kept()).toContain('Gaviota');

    const again = startApp();
    expect((await again.cache.open('a1')).client.getQueryData(['card'])).toEqual(card);
  });

  it('drops what was kept longer than the maximum age', async () => {
    const first = startApp();
    await (await first.cache.open('a1')).client.fetchQuery(cardQuery);
    await keptOnThePhone();
    const stored = JSON.parse(kept()!) as KeptClient;
    const longAgo = Date.now() - PERSIST_MAX_AGE - 1000;
    for (const query of stored.clientState.queries) query.state.dataUpdatedAt = longAgo;
    localStorage.setItem(PERSIST_KEY, JSON.stringify({ ...stored, timestamp: longAgo }));

    const later = startApp();
    expect((await later.cache.open('a1')).client.getQueryData(['card'])).toBeUndefined();
    expect(kept()).toBeNull();
  });

  it('keeps the copy through failed loads offline: every start shows it, as of when it was last loaded', async () => {
    const first = startApp();
    await (await first.cache.open('a1')).client.fetchQuery(cardQuery);
    await keptOnThePhone();
    const loadedAt = keptCard()!.state.dataUpdatedAt;

    for (let start = 1; start <= 3; start += 1) {
      const offline = startApp();
      const { client } = await offline.cache.open('a1');
      expect(client.getQueryData(['card'])).toEqual(card);
      // A screen shows it and asks the server again: no network.
      const queryFn = vi.fn(async (): Promise<typeof card> => {
        throw new ApiError('network_error');
      });
      const observer = new QueryObserver(client, { ...cardQuery, queryFn });
      const stop = observer.subscribe(() => {});
      await vi.waitFor(() => expect(observer.getCurrentResult().isError).toBe(true));
      expect(observer.getCurrentResult().data).toEqual(card);
      expect(observer.getCurrentResult().dataUpdatedAt).toBe(loadedAt);
      // Written after the failure (the pause between writes, then the page going).
      await vi.waitFor(() => expect(JSON.parse(kept()!).timestamp).toBeGreaterThan(loadedAt));
      window.dispatchEvent(new Event('pagehide'));
      stop();
      expect(keptCard()?.state).toMatchObject({ data: card, dataUpdatedAt: loadedAt, status: 'success' });
    }
  });

  it('shows no copy last loaded longer ago than the maximum age, however recently it was written', async () => {
    const first = startApp();
    await (await first.cache.open('a1')).client.fetchQuery(cardQuery);
    await (
      await first.cache.open('a1')
    ).client.fetchQuery({ queryKey: ['boats'], queryFn: async () => ['Brisa'], ...persisted });
    await vi.waitFor(() => expect(kept()).toContain('Brisa'));
    const stored = JSON.parse(kept()!) as KeptClient;
    // The card was last loaded eight days ago; the boats an hour ago; the copy written a moment ago.
    for (const query of stored.clientState.queries)
      query.state.dataUpdatedAt =
        Date.now() - (query.queryKey[0] === 'card' ? PERSIST_MAX_AGE + 86_400_000 : 3_600_000);
    localStorage.setItem(PERSIST_KEY, JSON.stringify({ ...stored, timestamp: Date.now() }));

    const later = startApp();
    const { client } = await later.cache.open('a1');
    expect(client.getQueryData(['card'])).toBeUndefined();
    expect(client.getQueryData(['boats'])).toEqual(['Brisa']);
    window.dispatchEvent(new Event('pagehide'));
    expect(kept()).not.toContain('Gaviota');
  });

  it('never shows another account the copy kept through failed loads, and sign-out removes it', async () => {
    const first = startApp();
    await (await first.cache.open('a1')).client.fetchQuery(cardQuery);
    await keptOnThePhone();
    const offline = startApp();
    const { client } = await offline.cache.open('a1');
    await client
      .fetchQuery({ ...cardQuery, staleTime: 0, queryFn: () => Promise.reject(new ApiError('network_error')) })
      .catch(() => undefined);
    window.dispatchEvent(new Event('pagehide'));
    expect(kept()).toContain('Gaviota');

    const other = startApp();
    expect((await other.cache.open('b2')).client.getQueryData(['card'])).toBeUndefined();
    expect(kept()).toBeNull();

    const again = startApp();
    await (await again.cache.open('a1')).client.fetchQuery(cardQuery);
    await keptOnThePhone();
    await again.cache.close();
    expect(kept()).toBeNull();
    expect((await startApp().cache.open('a1')).client.getQueryData(['card'])).toBeUndefined();
  });

  it('keeps no copy the server itself refused (a 4xx): only failures on the way keep it', async () => {
    const first = startApp();
    const { client } = await first.cache.open('a1');
    await client.fetchQuery(cardQuery);
    await keptOnThePhone();
    await client
      .fetchQuery({
        ...cardQuery,
        staleTime: 0,
        queryFn: () => Promise.reject(new ApiError('not_found', { status: 404 })),
      })
      .catch(() => undefined);
    expect(client.getQueryData(['card'])).toEqual(card);
    window.dispatchEvent(new Event('pagehide'));
    expect(kept()).not.toContain('Gaviota');
  });

  it('forgets everything at close: the phone at once, even a write already on its way; memory once no screen shows it', async () => {
    const { cache, session } = startApp();
    const kit = await cache.open('a1');
    kit.setSession(testSession);
    await kit.client.fetchQuery(cardQuery);
    await keptOnThePhone();
    const release = kit.retain();
    // A second answer right after the first: its write waits for the throttle.
    kit.client.setQueryData(['card'], { ...card, boat: 'Gaviota II' });

    await cache.close();
    expect(kept()).toBeNull();
    expect(cache.current()).toBeUndefined();
    expect(session.current()).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(kept()).toBeNull();

    // The screen on its way out still shows what it had, without loading anything again.
    expect(kit.client.getQueryData(['card'])).toEqual({ ...card, boat: 'Gaviota II' });
    release();
    expect(kit.client.getQueryCache().getAll()).toEqual([]);
  });

  it('writes every change of the session query to the store the public screens read', async () => {
    const { cache, session } = startApp();
    const kit = await cache.open('a1');
    kit.setSession(testSession);
    expect(session.current()).toBe(testSession);
    kit.client.setQueryData(sessionKey, { ...testSession, unreadNotifications: 0 });
    expect(session.current()?.unreadNotifications).toBe(0);
  });

  it('gives a new, empty cache to another owner', async () => {
    const { cache } = startApp();
    const before = await cache.open(null);
    before.client.setQueryData(['activation', 't'], { firstName: 'Ana' });
    const after = await cache.open('a1');
    expect(after).not.toBe(before);
    expect(after.client.getQueryData(['activation', 't'])).toBeUndefined();
    // Nobody shows the old one: it is emptied at once.
    expect(before.client.getQueryCache().getAll()).toEqual([]);
  });
});

describe('retries', () => {
  it.each([
    ['unauthenticated (401)', 1, new ApiError('unauthenticated', { status: 401 })],
    ['not found (404)', 1, new ApiError('not_found', { status: 404 })],
    ['too many (429)', 1, new ApiError('rate_limited', { status: 429 })],
    ['no network', 2, new ApiError('network_error')],
    ['a server failure (500)', 2, new ApiError('internal_error', { status: 500 })],
    ['a bug in the app', 1, new TypeError('x is undefined')],
  ])('a load refused with %s is asked %i time(s)', async (_, calls, error) => {
    const { cache } = startApp();
    const { client } = await cache.open('a1');
    const load = vi.fn(async () => {
      throw error;
    });
    const queryKey: QueryKey = ['thing'];
    // An observer, as a screen's `useQuery` is: it follows the cache's retry rule.
    const observer = new QueryObserver(client, { queryKey, queryFn: load });
    const unsubscribe = observer.subscribe(() => {});
    await vi.waitFor(() => expect(observer.getCurrentResult().status).toBe('error'));
    unsubscribe();
    expect(load).toHaveBeenCalledTimes(calls);
  });

  it('never retries a 4xx however many failures came before', () => {
    expect(shouldRetry(0, new ApiError('forbidden', { status: 403 }))).toBe(false);
    expect(shouldRetry(0, new ApiError('timeout'))).toBe(true);
    expect(shouldRetry(1, new ApiError('timeout'))).toBe(false);
  });
});
