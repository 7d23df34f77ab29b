import { queryOptions, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../api/client.ts';
import type { ExtendOutingInput, Outing, OutingInput, OutingList, OutingOptions } from '../../../domain/outings.ts';
import { keptPagedList } from '../../../lib/pages.ts';

/** `GET /outings`: at sea, then the history. */
export const outingsKey = ['outings'] as const;
const optionsKey = ['outing-options'] as const;
/** The list's pages (`keptPagedList`). */
const outingListKey = [...outingsKey, 'list'] as const;

/** What the outings query holds: the pages loaded so far (decision 042). */
export type OutingPages = InfiniteData<OutingList, string | null>;

/** The pages as one list: those at sea (all on the first page) and the history loaded so far. */
export function joinOutingPages(data: OutingPages): OutingList {
  const pages = data.pages;
  return {
    atSea: pages.flatMap((page) => page.atSea),
    history: pages.flatMap((page) => page.history),
    next: pages[pages.length - 1]?.next ?? null,
  };
}

/**
 * `salidas` and `inicio` read the same list; kept on the phone, so the outing at sea and its expected return
 * show at sea without coverage. Staff may mark a return, and an outing turns overdue by the clock: a screen
 * that shows the list asks again every time it opens (what was kept shows meanwhile). The history comes a
 * page at a time («Cargar más», with the pages loaded kept too); `select: joinOutingPages` reads one list.
 */
export function outingsQuery(api: ApiClient) {
  return keptPagedList(outingsKey, (path) => api.get<OutingList>(path));
}

/**
 * What `alta-salida` offers: the boats that may go out now (a launch today confirmed or in the water), their
 * skippers, the day's closing and the account's phone. It changes as staff move launches: never kept on the
 * phone, and asked again whenever the form opens.
 */
export function outingOptionsQuery(api: ApiClient) {
  return queryOptions({ queryKey: optionsKey, queryFn: () => api.get<OutingOptions>('outing-options'), staleTime: 0 });
}

export function logOuting(api: ApiClient, body: OutingInput, idempotencyKey: string): Promise<Outing> {
  return api.create('outings', body, { idempotencyKey });
}

export function markReturn(api: ApiClient, id: string): Promise<Outing> {
  return api.send('post', `outings/${encodeURIComponent(id)}/return`, {});
}

export function extendOuting(api: ApiClient, id: string, body: ExtendOutingInput): Promise<Outing> {
  return api.send('post', `outings/${encodeURIComponent(id)}/extend`, body);
}

/**
 * What the server said about one outing, in the list at once (a return moves it to the history); then the
 * list and the form's options load again.
 */
export function outingChanged(client: QueryClient, outing: Outing): void {
  client.setQueryData<OutingPages>(outingListKey, (list) => {
    if (!list) return list;
    const others = (items: Outing[]) => items.filter((item) => item.id !== outing.id);
    const pages = list.pages.map((page, index) =>
      outing.state === 'returned'
        ? {
            ...page,
            atSea: others(page.atSea),
            history: index === 0 ? [outing, ...others(page.history)] : others(page.history),
          }
        : { ...page, atSea: page.atSea.map((item) => (item.id === outing.id ? outing : item)) },
    );
    return { ...list, pages };
  });
  void client.invalidateQueries({ queryKey: outingsKey });
  void client.invalidateQueries({ queryKey: optionsKey });
}
