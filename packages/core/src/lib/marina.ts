import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../api/client.ts';
import { todayIn } from '../domain/calendar.ts';
import type { Marina } from '../domain/marina.ts';
import { persisted } from './queries.ts';
import { useServices } from './services.tsx';

export const marinaKey = ['marina'] as const;

/**
 * The marina's rules as the API serves them (`GET /client`, docs/product.md §4.1): its limits, time zone
 * and calendar, never hard-coded in a screen. They change seldom, so a screen does not ask again while
 * it has them; kept on the phone, so a form offline still states the right limits.
 */
export function marinaQuery(api: ApiClient) {
  return queryOptions({
    queryKey: marinaKey,
    queryFn: () => api.get<Marina>('client'),
    staleTime: 60 * 60 * 1000,
    ...persisted,
  });
}

export function useMarina() {
  const { api } = useServices();
  return useQuery(marinaQuery(api));
}

/** Today in the marina's calendar (`YYYY-MM-DD`): expiries and start dates are its days, not the phone's. */
export function marinaToday(marina: Pick<Marina, 'timeZone'>): string {
  return todayIn(marina.timeZone);
}
