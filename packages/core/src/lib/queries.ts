import type {} from '@tanstack/react-query';
import { ApiError } from '../api/api-error.ts';

/**
 * What the screens share about the server cache. The cache itself (`query-kit.ts`) is only ever loaded
 * through `ServerCache.open`, so that it stays out of the first screen's JavaScript.
 */

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** Kept on the phone for use offline (`persisted` below); nothing else ever is. */
      persist?: boolean;
    };
  }
}

/** Where the phone keeps the marked queries. Removed at sign-out with the rest (`lib/personal-data.ts`). */
export const PERSIST_KEY = 'mb.serverCache';
/**
 * How long kept data may be shown offline: a week covers a weekend at the dock without coverage; older
 * than that, a card or a list would mislead more than help.
 */
export const PERSIST_MAX_AGE = 7 * 24 * 60 * 60 * 1000;

/** A query as the phone keeps it (`lib/query-kit.ts`), as far as the route guard needs to read it. */
interface KeptQuery {
  state: { dataUpdatedAt: number };
}

/**
 * The queries of a kept copy that may still be shown: loaded from the server within `PERSIST_MAX_AGE`.
 * The clock is each query's last successful load (`dataUpdatedAt`), not when the copy was written: a start
 * offline writes the copy again without making what it holds any newer (decision 055).
 */
export function freshKept<Query extends KeptQuery>(
  kept: { clientState?: { queries?: Query[] } },
  now: number = Date.now(),
): Query[] {
  const queries = Array.isArray(kept.clientState?.queries) ? kept.clientState.queries : [];
  return queries.filter((query) => {
    const at = query?.state?.dataUpdatedAt;
    return typeof at === 'number' && at > 0 && now - at <= PERSIST_MAX_AGE;
  });
}

/**
 * The account whose data the phone kept for offline use (the persister's `buster` is the cache's owner),
 * if a copy is there with something loaded within `PERSIST_MAX_AGE`; null otherwise. Read without
 * loading the cache's code, by the route guard when the session cannot be checked offline.
 */
export function keptOwner(storage: Pick<Storage, 'getItem'>, now: number = Date.now()): string | null {
  try {
    const kept = JSON.parse(storage.getItem(PERSIST_KEY) ?? 'null') as {
      buster?: unknown;
      clientState?: { queries?: KeptQuery[] };
    } | null;
    if (!kept || typeof kept.buster !== 'string' || kept.buster === '') return null;
    return freshKept(kept, now).length > 0 ? kept.buster : null;
  } catch {
    return null;
  }
}

/** `GET /session`: who is signed in, with the unread count of the tab bar's badge. */
export const sessionKey = ['session'] as const;

/**
 * `GET /boats` and each boat (`['boats', id]`): shared, because confirming one's data (`validar-datos`)
 * may renew a boat's insurance, and a boat's lists must then load again.
 */
export const boatsKey = ['boats'] as const;

/**
 * For a query whose data must be at hand offline (the card, the lists it needs): kept on the phone for
 * `PERSIST_MAX_AGE`, and in memory as long, so the copy on the phone is not dropped when no screen
 * shows it.
 */
export const persisted = { meta: { persist: true }, gcTime: PERSIST_MAX_AGE } as const;

/** The browser itself says it has no network (airplane mode, no interface up): trying again now is pointless. */
export function knownOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/**
 * A load the server answered with a 4xx (the session ended, not found, forbidden…) is not tried again:
 * the answer would be the same. A failure on the way (no network, timeout, 5xx) is tried once more,
 * after the API client's own retries, since the phone may just have left a dead spot; not when the
 * browser knows it is offline: the kept copy and «Sin conexión» show at once (docs/product.md §9), not
 * after seconds of retries.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (knownOffline()) return false;
  const answered = error.status >= 400 && error.status < 500;
  return !answered && failureCount < 1;
}
