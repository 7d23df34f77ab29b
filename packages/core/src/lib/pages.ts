/**
 * The app's side of the API's paged lists (decision 042): a page answer carries `next`, the cursor of
 * the following page (null on the last), which goes back as `?cursor=` as received. The first page is
 * asked for without one, at the server's default size.
 */

import { infiniteQueryOptions } from '@tanstack/react-query';
import { persisted } from './queries.ts';

/** `initialPageParam` of a paged list's infinite query: the first page has no cursor. */
export const FIRST_PAGE: string | null = null;

/** The address of a page: `path` itself for the first, `path?cursor=…` after. */
export function pagePath(path: string, cursor: string | null): string {
  return cursor === null ? path : `${path}?${new URLSearchParams({ cursor }).toString()}`;
}

/** `getNextPageParam`: the page's `next`, or no next page (an answer without `next` is the last page too). */
export function nextCursor(page: { next?: string | null }): string | undefined {
  return page.next ?? undefined;
}

/**
 * The kept paged list a screen reads at the dock (launches, outings): its pages live under `[...key, 'list']`
 * and are kept on the phone; it is asked again every time a screen shows it (what was kept shows meanwhile).
 * An earlier version kept the whole list as one answer under `key` itself: a phone's copy of that would not
 * read as pages, so it is dropped when the first page loads.
 */
export function keptPagedList<Page extends { next?: string | null }>(
  key: readonly [string],
  get: (path: string) => Promise<Page>,
) {
  const [path] = key;
  return infiniteQueryOptions({
    queryKey: [...key, 'list'] as const,
    queryFn: ({ pageParam, client }) => {
      if (pageParam === FIRST_PAGE) client.removeQueries({ queryKey: key, exact: true });
      return get(pagePath(path, pageParam));
    },
    initialPageParam: FIRST_PAGE,
    getNextPageParam: nextCursor,
    ...persisted,
    staleTime: 0,
  });
}
