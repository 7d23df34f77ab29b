import { afterEach, describe, expect, it, vi } from 'vitest';
import { PERSIST_KEY, persisted } from '../lib/queries.ts';
import { createServerCache } from '../lib/server-cache.ts';
import { createSessionStore } from '../lib/session-store.ts';
import { signedInApi } from './fixtures.tsx';
import { disposeCaches, trackCache } from './open-caches.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('between tests', () => {
  it('a cache the last test opened writes nothing to the phone’s storage once it is cleared', async () => {
    const cache = trackCache(
      createServerCache({
        api: signedInApi(),
        storage: localStorage,
        session: createSessionStore(),
        persistThrottle: 10,
      }),
    );
    const { client } = await cache.open('a1');
    await client.fetchQuery({ queryKey: ['card'], queryFn: async () => ({ holder: 'Ana' }), ...persisted });
    await vi.waitFor(() => expect(localStorage.getItem(PERSIST_KEY)).toContain('Ana'));

    // A change whose write is still pending (throttled) when the test ends, and what setup.ts does then.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    client.setQueryData(['card'], { holder: 'Bea' });
    disposeCaches();
    localStorage.clear();
    await vi.advanceTimersByTimeAsync(5_000);

    expect(localStorage.getItem(PERSIST_KEY)).toBeNull();
  });
});
