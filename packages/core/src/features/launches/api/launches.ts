import { queryOptions, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../api/client.ts';
import type {
  Launch,
  LaunchDays,
  LaunchList,
  LaunchRequestInput,
  LaunchSlotDay,
  RescheduleInput,
} from '../../../domain/launches.ts';
import { keptPagedList } from '../../../lib/pages.ts';
import { boatsKey, persisted } from '../../../lib/queries.ts';
import type { BoatList } from '../../../domain/boats.ts';

/** `GET /launches` and each launch (`['launches', id]`). */
export const launchesKey = ['launches'] as const;
export const launchKey = (id: string) => [...launchesKey, id] as const;
/** The list's pages (`keptPagedList`). */
const launchListKey = [...launchesKey, 'list'] as const;
const slotsKey = (boatId: string, date: string) => ['launch-slots', boatId, date] as const;
/** Every range of days at a glance (`GET /launch-days`). */
export const launchDaysKey = ['launch-days'] as const;
const daysKey = (boatId: string, from: string, to: string) => [...launchDaysKey, boatId, from, to] as const;

export type { LaunchDay, LaunchDays } from '../../../domain/launches.ts';

/** What the launches query holds: the pages loaded so far (decision 042). */
export type LaunchPages = InfiniteData<LaunchList, string | null>;

/** The pages as one list: the upcoming ones (all on the first page) and the past ones loaded so far. */
export function joinLaunchPages(data: LaunchPages): LaunchList;
export function joinLaunchPages(data: LaunchPages | undefined): LaunchList | undefined;
export function joinLaunchPages(data: LaunchPages | undefined): LaunchList | undefined {
  if (!data) return undefined;
  const pages = data.pages;
  return {
    upcoming: pages.flatMap((page) => page.upcoming),
    past: pages.flatMap((page) => page.past),
    next: pages[pages.length - 1]?.next ?? null,
  };
}

/**
 * `pedidosbajadas` and `inicio` read the same list; kept on the phone (with the pages loaded), so the next
 * launch shows at the dock without coverage. Staff and the waiting list change launches at any moment: a
 * screen that shows the list asks again every time it opens (what was kept shows meanwhile). The past ones
 * come a page at a time («Cargar más»); `select: joinLaunchPages` reads the pages as one list.
 */
export function launchesQuery(api: ApiClient) {
  return keptPagedList(launchesKey, (path) => api.get<LaunchList>(path));
}

/** One launch with its history; what the list already says shows while it loads. */
export function launchQuery(api: ApiClient, client: QueryClient, id: string) {
  return queryOptions({
    queryKey: launchKey(id),
    queryFn: () => api.get<Launch>(`launches/${encodeURIComponent(id)}`),
    staleTime: 0,
    placeholderData: () => {
      const list = joinLaunchPages(client.getQueryData<LaunchPages>(launchListKey));
      return [...(list?.upcoming ?? []), ...(list?.past ?? [])].find((launch) => launch.id === id);
    },
    ...persisted,
  });
}

/**
 * A day's slots for one boat. Places change by the minute while others book: never kept on the phone,
 * and asked again whenever the grid shows.
 */
export function slotsQuery(api: ApiClient, boatId: string, date: string) {
  return queryOptions({
    queryKey: slotsKey(boatId, date),
    queryFn: () => api.get<LaunchSlotDay>(`launch-slots?${new URLSearchParams({ boatId, date }).toString()}`),
    staleTime: 0,
  });
}

/**
 * Days from `from` to `to` (inclusive) at a glance for one boat, in one call: each day's state and places
 * left, for the strip of days above the grid. Like the slots, never kept on the phone and asked again
 * whenever it shows.
 */
export function launchDaysQuery(api: ApiClient, boatId: string, from: string, to: string) {
  return queryOptions({
    queryKey: daysKey(boatId, from, to),
    queryFn: () => api.get<LaunchDays>(`launch-days?${new URLSearchParams({ boatId, from, to }).toString()}`),
    staleTime: 0,
  });
}

export function requestLaunch(api: ApiClient, body: LaunchRequestInput, idempotencyKey: string): Promise<Launch> {
  return api.create('launches', body, { idempotencyKey });
}

export function rescheduleLaunch(api: ApiClient, id: string, body: RescheduleInput): Promise<Launch> {
  return api.send('post', `launches/${encodeURIComponent(id)}/reschedule`, body);
}

export function cancelLaunch(api: ApiClient, id: string): Promise<Launch> {
  return api.send('post', `launches/${encodeURIComponent(id)}/cancel`, {});
}

export function readyToStow(api: ApiClient, id: string): Promise<Launch> {
  return api.send('post', `launches/${encodeURIComponent(id)}/ready-to-stow`, {});
}

export function downloadCalendar(api: ApiClient, id: string): Promise<Blob> {
  return api.get<Blob>(`launches/${encodeURIComponent(id)}/calendar.ics`);
}

/**
 * What the server said about one launch, in the list and in its own entry; then the list, the days' slots and
 * the strips of days load again.
 */
export function launchChanged(client: QueryClient, launch: Launch): void {
  client.setQueryData(launchKey(launch.id), launch);
  client.setQueryData<LaunchPages>(launchListKey, (list) => {
    if (!list) return list;
    const swap = (items: Launch[]) => items.map((item) => (item.id === launch.id ? launch : item));
    return {
      ...list,
      pages: list.pages.map((page) => ({ ...page, upcoming: swap(page.upcoming), past: swap(page.past) })),
    };
  });
  void client.invalidateQueries({ queryKey: launchesKey });
  placesChanged(client);
}

/** Places taken or given back (or a grid found out of date): the days' slots and the strips of days load again. */
export function placesChanged(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: ['launch-slots'] });
  void client.invalidateQueries({ queryKey: launchDaysKey });
}

/**
 * The customer's boats, the same query as `misbarcos` (`boatsKey`, kept on the phone): a feature may not
 * import another, and the boat to launch is chosen from this list.
 */
export function boatsForLaunchQuery(api: ApiClient) {
  return queryOptions({ queryKey: boatsKey, queryFn: () => api.get<BoatList>('boats'), ...persisted });
}
