import type { CacheKit, CacheOwner, ServerCacheOptions } from './cache-kit.ts';

type OpenKit = (options: ServerCacheOptions & { owner: CacheOwner }) => Promise<CacheKit>;

export interface ServerCache {
  /**
   * The server-state cache (TanStack Query) of `owner`, with what the phone kept of it. The first call
   * loads TanStack Query: the route that needs it calls this in its loader, so `login`, the first screen
   * of most visits, never downloads it.
   */
  open(owner: CacheOwner): Promise<CacheKit>;
  /**
   * Starts downloading TanStack Query without opening a cache: the private screens' guard calls it before it
   * waits for the session check, so that the two go over the network side by side rather than one after the
   * other (the card's cold start waited for both, in turn).
   */
  preload(): void;
  /** The cache open now, if any: what the screens read. */
  current(): CacheKit | undefined;
  subscribe(listener: () => void): () => void;
  /** Sign-out: the cache is emptied, on the phone and, once no screen shows it, in memory. */
  close(): Promise<void>;
}

export function createServerCache(options: ServerCacheOptions): ServerCache {
  let kit: CacheKit | undefined;
  let loading: Promise<{ openKit: OpenKit }> | undefined;
  const loadKit = () => (loading ??= import('./query-kit.ts'));
  const listeners = new Set<() => void>();
  const emit = () => {
    for (const listener of listeners) listener();
  };
  // One change at a time: a sign-out while a cache is being opened waits for it, then closes it.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(step: () => Promise<T>): Promise<T> => {
    const result = queue.then(step);
    queue = result.catch(() => undefined);
    return result;
  };

  return {
    open: (owner) =>
      serial(async () => {
        if (kit && kit.owner === owner) return kit;
        const { openKit } = await loadKit();
        kit?.dispose();
        kit = await openKit({ ...options, owner });
        emit();
        return kit;
      }),
    preload() {
      // A failed download (offline, nothing cached) is tried again by the next `open`.
      loadKit().catch(() => {
        loading = undefined;
      });
    },
    current: () => kit,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: () =>
      serial(async () => {
        if (!kit) return;
        const closing = kit;
        kit = undefined;
        await closing.forget();
        emit();
      }),
  };
}
