import { matchPath, type Params } from 'react-router';
import type { ApiClient } from '../api/client.ts';
import type { SessionInfo } from '../domain/accounts.ts';
import { paths, PRIVATE_ROUTES, type PrivateRouteName } from '../lib/paths.ts';
import { knownOffline } from '../lib/queries.ts';
import type { ServerCache } from '../lib/server-cache.ts';
import type { SessionStore } from '../lib/session-store.ts';

/**
 * What each private screen asks the API for before it can show anything (its first `GET`s, as its queries
 * ask them): the app opened on the screen asks them at once, beside the session check, instead of after it
 * (decision 066). A path missing here only costs time (the screen asks when it shows); one the screen no
 * longer asks is asked for nothing and dropped unread.
 */
export const SCREEN_DATA: Partial<Record<PrivateRouteName, (params: Params, search: URLSearchParams) => string[]>> = {
  inicio: () => ['card', 'outings', 'client'],
  misbarcos: () => ['boats'],
  barco: ({ id }) => (id ? [`boats/${encodeURIComponent(id)}`, 'client'] : []),
  pedidosbajadas: () => ['launches', 'client'],
  bajada: ({ id }) => (id ? [`launches/${encodeURIComponent(id)}`, 'client'] : []),
  altaPedidoBajada: () => ['boats', 'launches', 'client'],
  altaPedidoBajadaBarco: () => ['boats', 'launches', 'client'],
  salidas: () => ['outings', 'client'],
  altaSalida: () => ['outing-options'],
  autorizados: () => ['authorisations', 'boats'],
  notificaciones: () => ['notifications'],
  carnetVerde: () => ['card'],
  carnetRojo: () => ['card'],
  validarDatos: () => ['data-validation', 'client'],
};

/**
 * How long an early answer may stand in for the screen's own call: the cache's freshness (`query-kit.ts`),
 * within which a screen would not ask again either.
 */
export const EARLY_MAX_AGE = 30_000;

function decoded(params: Params): Params {
  try {
    return Object.fromEntries(
      Object.entries(params).map(([key, value]) => [key, value === undefined ? value : decodeURIComponent(value)]),
    );
  } catch {
    // Not a path the screen could read either: no parameters, nothing asked for them.
    return {};
  }
}

/** The private route `pathname` opens, with its parameters; null for any other. */
export function privateRouteAt(pathname: string): { name: PrivateRouteName; params: Params } | null {
  for (const name of PRIVATE_ROUTES) {
    const match = matchPath(paths[name], pathname);
    // As the screen reads them (`useParams`): decoded.
    if (match) return { name, params: decoded(match.params) };
  }
  return null;
}

/**
 * Starts downloading a private screen's code and its layout's, from the table the router loads them from
 * (`screens.tsx`). A failed download is tried again by the router.
 */
function preloadFromTable(name: PrivateRouteName): void {
  void import('./screens.tsx')
    .then((table) => Promise.all([table.loadScreen(name), table.cachedLayouts()]))
    .catch(() => undefined);
}

export interface EarlyStart {
  /** The API client the app uses: a call asked early is answered by the early answer, once. */
  api: ApiClient;
}

interface Early {
  answer: Promise<unknown>;
  at: number;
}

/**
 * A cold start on a private screen (a link, a reload, the app opened again) asks who is signed in, and the
 * screen's data, as soon as the app's code runs, and starts downloading the server cache's code and the
 * screen's: none of them waits for another (decision 066). Before, the session check went out once the router
 * was up, the cache's code after its answer, and the screen's data once the screen had drawn: each a round
 * trip after the other.
 *
 * The early answers wait in memory for the calls they stand for, which take them once, within
 * `EARLY_MAX_AGE`, and only while the person the session check named is still the one signed in: a sign-out,
 * or another account signing in, drops them all unread. Any other path (sign-in, the public screens) and a
 * browser that knows it is offline ask nothing early.
 */
export function startEarly(options: {
  api: ApiClient;
  session: SessionStore;
  cache: Pick<ServerCache, 'preload'>;
  location: Pick<Location, 'pathname' | 'search'>;
  /** Starts downloading the screen's code, beside the calls (by default, as the router would load it). */
  preloadScreen?: (name: PrivateRouteName) => void;
  now?: () => number;
}): EarlyStart {
  const { api, session, cache, location, preloadScreen = preloadFromTable, now = Date.now } = options;
  const route = privateRouteAt(location.pathname);
  if (!route || knownOffline()) return { api };

  const asked = new Map<string, Early>();
  const ask = (path: string) => {
    const answer = api.get(path);
    // Nobody may ever take it (a path the screen no longer asks): its failure is not an unhandled one.
    answer.catch(() => undefined);
    asked.set(path, { answer, at: now() });
    return answer;
  };
  // The session first, then the screen's data: the browser sends them in this order, ahead of the code.
  const checked = (ask('session') as Promise<SessionInfo>).then(
    (info) => info.account.id,
    () => null,
  );
  for (const path of SCREEN_DATA[route.name]?.(route.params, new URLSearchParams(location.search)) ?? []) ask(path);
  cache.preload();
  preloadScreen(route.name);

  // Whoever the session check named: once someone else (or nobody) is signed in, after a write (the answers
  // may no longer be true), or after `EARLY_MAX_AGE`, nothing early is taken any more, and nothing is kept;
  // the listener stays until then, for a sign-out while a taken answer waits for the session check.
  let dropped = false;
  const drop = () => {
    dropped = true;
    asked.clear();
    stop();
    clearTimeout(expiry);
  };
  const stop = session.subscribe(() => {
    // Signed out (the store tells only of a change): at once, before any waiting call decides.
    if (session.current() === null) return drop();
    void checked.then((account) => {
      if (account === null || session.current()?.account.id !== account) drop();
    });
  });
  const expiry = setTimeout(drop, EARLY_MAX_AGE);

  const take = (path: string): Promise<unknown> | undefined => {
    const early = asked.get(path);
    if (!early) return undefined;
    asked.delete(path);
    if (now() - early.at > EARLY_MAX_AGE) return undefined;
    if (path === 'session') return early.answer;
    // The data of the account the session check named, for a call made while it is signed in, or before the
    // app has stored the session at all (a kept copy on screen checks it meanwhile, decision 055).
    return checked.then((account) =>
      account !== null && !dropped && (session.current()?.account.id ?? account) === account
        ? early.answer
        : api.get(path),
    );
  };

  return {
    api: {
      get: <T>(path: string, requestOptions?: Parameters<ApiClient['get']>[1]) =>
        ((requestOptions === undefined ? take(path) : undefined) ?? api.get<T>(path, requestOptions)) as Promise<T>,
      create: (path, body, createOptions) => (drop(), api.create(path, body, createOptions)),
      send: (method, path, body) => (drop(), api.send(method, path, body)),
    },
  };
}
