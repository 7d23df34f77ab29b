import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import {
  dehydrate,
  hashKey,
  hydrate,
  QueryClient,
  type DehydratedState,
  type DehydrateOptions,
  type Query,
} from '@tanstack/react-query';
import {
  persistQueryClientSubscribe,
  type PersistedClient,
  type Persister,
} from '@tanstack/react-query-persist-client';
import { ApiError } from '../api/api-error.ts';
import type { SessionInfo } from '../domain/accounts.ts';
import { freshKept, PERSIST_KEY, PERSIST_MAX_AGE, sessionKey, shouldRetry } from './queries.ts';
import type { CacheKit, CacheOwner, ServerCacheOptions } from './cache-kit.ts';
import { fetchSession } from './session-store.ts';

/** Writes to the phone at most this often: a burst of answers is one write. */
const PERSIST_THROTTLE = 1000;

/** The server answered (a 4xx): what it said stands, and the copy it refused is not kept for later. */
const refused = (error: unknown) => error instanceof ApiError && error.status >= 400 && error.status < 500;

/**
 * Kept: a query marked for offline use that holds data, loaded last time or earlier. A load that failed on
 * the way (offline, a timeout, a 5xx) leaves the data it had (TanStack's `status: 'error'`): the copy is still
 * the last one the server gave, and is kept as it was, with when it was loaded (decision 055). TanStack's
 * default keeps only `status: 'success'`, which dropped the card at the first offline start's write.
 */
const keptQuery = (query: Query) =>
  query.meta?.persist === true &&
  query.state.data !== undefined &&
  (query.state.status === 'success' || (query.state.status === 'error' && !refused(query.state.error)));
const dehydrateOptions: DehydrateOptions = {
  shouldDehydrateQuery: keptQuery,
  shouldDehydrateMutation: () => false,
};

/**
 * What is written: each kept query as the last answer that loaded it, never the failure after it (an error
 * object does not survive JSON, and a restored copy is a copy, not a failure).
 */
function asKept(state: DehydratedState): DehydratedState {
  return {
    mutations: [],
    queries: state.queries.map((query) =>
      query.state.status === 'error'
        ? {
            ...query,
            state: { ...query.state, status: 'success', error: null, fetchFailureCount: 0, fetchFailureReason: null },
          }
        : query,
    ),
  };
}

/**
 * What the phone kept for `owner`, into the cache: a copy kept for another account is removed, never shown;
 * of this account's, only what was last loaded within `PERSIST_MAX_AGE` (`freshKept`), however recently the
 * copy was written: each start offline writes it again, and that must not make it younger.
 */
async function restoreKept(client: QueryClient, persister: Persister, owner: string): Promise<void> {
  try {
    const kept = await persister.restoreClient();
    if (!kept) return;
    const queries = kept.buster === owner ? freshKept(kept) : [];
    if (queries.length === 0) {
      await persister.removeClient();
      return;
    }
    hydrate(client, { mutations: [], queries }, { defaultOptions: { queries: { gcTime: PERSIST_MAX_AGE } } });
  } catch {
    // Unreadable: dropped, as TanStack's own restore does.
    await Promise.resolve(persister.removeClient()).catch(() => undefined);
  }
}

let lastId = 0;

export async function openKit(options: ServerCacheOptions & { owner: CacheOwner }): Promise<CacheKit> {
  const { api, storage, session, owner } = options;
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        // Offline, a load fails at once with "No hay conexión" and a retry button, as before the cache;
        // TanStack's default would wait silently ("Cargando…") for the network to come back.
        networkMode: 'always',
        retry: shouldRetry,
        retryDelay: options.retryDelay ?? 1000,
        // Moving between screens does not reload what was just loaded; coming back later does.
        staleTime: 30_000,
      },
      mutations: { networkMode: 'always', retry: false },
    },
  });
  // Changes to it only through mutations that know (marking read, a new profile) or a new sign-in.
  client.setQueryDefaults(sessionKey, { queryFn: () => fetchSession(api), staleTime: Infinity });

  let disposed = false;
  let holders = 0;
  const sessionHash = hashKey(sessionKey);
  const stopMirror = client.getQueryCache().subscribe((event) => {
    if (disposed || event.type !== 'updated' || event.query.queryHash !== sessionHash) return;
    const data = event.query.state.data as SessionInfo | null | undefined;
    if (data !== undefined) session.set(data);
  });

  // A persister's write may be pending (throttled) when the cache is closed: the gate drops it.
  const gate: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> = {
    getItem: (key) => storage.getItem(key),
    setItem: (key, value) => {
      if (!disposed) storage.setItem(key, value);
    },
    removeItem: (key) => storage.removeItem(key),
  };
  const written = createAsyncStoragePersister({
    storage: gate,
    key: PERSIST_KEY,
    throttleTime: options.persistThrottle ?? PERSIST_THROTTLE,
  });
  const persister: Persister = {
    persistClient: (kept) => written.persistClient({ ...kept, clientState: asKept(kept.clientState) }),
    restoreClient: () => written.restoreClient(),
    removeClient: () => written.removeClient(),
  };
  let stopPersisting = () => {};
  if (owner !== null) {
    await restoreKept(client, persister, owner);
    // What the phone kept shows at once, but a new start (a reload, the app opened again) asks the server
    // again: staff approve contracts and move launches meanwhile, and the 30-second freshness of a moment
    // ago is not this start's.
    await client.invalidateQueries({ refetchType: 'none' });
    const stopSubscription = persistQueryClientSubscribe({
      queryClient: client,
      persister,
      buster: owner,
      dehydrateOptions,
    });
    // The throttled write is lost when the page goes (a reload, another address, the app closed or put
    // away) right after an answer came: the card just shown would not be there offline. What the cache
    // holds is written at once then, as the persister writes it.
    const saveNow = () => {
      if (disposed) return;
      const kept: PersistedClient = {
        timestamp: Date.now(),
        buster: owner,
        clientState: asKept(dehydrate(client, dehydrateOptions)),
      };
      try {
        gate.setItem(PERSIST_KEY, JSON.stringify(kept));
      } catch {
        // A full or blocked storage: the phone keeps what it had.
      }
    };
    const onHidden = () => {
      if (document.visibilityState === 'hidden') saveNow();
    };
    window.addEventListener('pagehide', saveNow);
    document.addEventListener('visibilitychange', onHidden);
    stopPersisting = () => {
      stopSubscription();
      window.removeEventListener('pagehide', saveNow);
      document.removeEventListener('visibilitychange', onHidden);
    };
  }

  const clearIfDone = () => {
    if (disposed && holders === 0) client.clear();
  };
  const kit: CacheKit = {
    id: (lastId += 1),
    owner,
    client,
    setSession(info) {
      if (client.getQueryData(sessionKey) !== info) client.setQueryData(sessionKey, info);
    },
    retain() {
      holders += 1;
      let held = true;
      return () => {
        if (!held) return;
        held = false;
        holders -= 1;
        clearIfDone();
      };
    },
    dispose() {
      if (disposed) return;
      disposed = true;
      stopPersisting();
      stopMirror();
      clearIfDone();
    },
    async forget() {
      // Nobody is signed in: the tab bar's badge goes at once; the screen still open keeps what it
      // showed (`useSignedIn`) until `login` replaces it.
      if (!disposed && client.getQueryData(sessionKey) !== undefined) client.setQueryData(sessionKey, null);
      kit.dispose();
      await persister.removeClient();
    },
  };
  return kit;
}
