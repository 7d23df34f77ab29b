/**
 * The app's side of the API's paged lists (decision 042): a page answer carries `next`, the cursor of
 * the following page (null on the last), which goes back as `?cursor=` as received. The first page is
 * asked for without one, at the server's default size.
 */

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
