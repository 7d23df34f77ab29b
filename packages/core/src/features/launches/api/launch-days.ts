// TEMPORARY: replaced by the API branch's `launchDaysQuery` in api/launches.ts and `LaunchDays` in domain.
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../api/client.ts';

export type LaunchDayState = 'free' | 'few' | 'full' | 'closed' | 'past';
export interface LaunchDay {
  date: string;
  state: LaunchDayState;
  hours: { open: string; close: string } | null;
  free: number;
  bookable: number;
  closedReason: string | null;
}
export interface LaunchDays {
  timeZone: string;
  from: string;
  to: string;
  days: LaunchDay[];
}

export function launchDaysQuery(api: ApiClient, boatId: string, from: string, to: string) {
  return queryOptions({
    queryKey: ['launch-days', boatId, from, to] as const,
    queryFn: () => api.get<LaunchDays>(`launch-days?${new URLSearchParams({ boatId, from, to }).toString()}`),
    staleTime: 0,
  });
}
