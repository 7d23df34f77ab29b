import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../../api/client.ts';
import { launch } from '../launches.fixtures.ts';
import { launchChanged, launchDaysQuery, placesChanged, slotsQuery } from './launches.ts';

const BOAT = '11111111-1111-4111-8111-111111111111';

function fakeApi(): ApiClient & { get: ReturnType<typeof vi.fn> } {
  return { get: vi.fn(async () => ({})), create: vi.fn(), send: vi.fn() } as never;
}

describe('the days at a glance', () => {
  it('asks for the range in one call, under its own key, and keeps nothing on the phone', async () => {
    const api = fakeApi();
    const options = launchDaysQuery(api, BOAT, '2027-06-01', '2027-06-07');
    expect(options.queryKey).toEqual(['launch-days', BOAT, '2027-06-01', '2027-06-07']);
    expect(options.staleTime).toBe(0);
    expect(options.meta).toBeUndefined();
    await new QueryClient().fetchQuery(options);
    expect(api.get).toHaveBeenCalledWith(`launch-days?boatId=${BOAT}&from=2027-06-01&to=2027-06-07`);
  });

  it('loads again, with the slots, when a launch changes or places do', () => {
    const api = fakeApi();
    const client = new QueryClient();
    const days = launchDaysQuery(api, BOAT, '2027-06-01', '2027-06-07');
    const slots = slotsQuery(api, BOAT, '2027-06-02');
    const stale = () => [
      client.getQueryState(days.queryKey)?.isInvalidated,
      client.getQueryState(slots.queryKey)?.isInvalidated,
    ];
    const fresh = () => {
      client.setQueryData(days.queryKey, { timeZone: 'Europe/Madrid', from: '2027-06-01', to: '2027-06-07', days: [] });
      client.setQueryData(slots.queryKey, { date: '2027-06-02' } as never);
    };
    fresh();
    expect(stale()).toEqual([false, false]);
    launchChanged(client, launch());
    expect(stale()).toEqual([true, true]);
    fresh();
    expect(stale()).toEqual([false, false]);
    placesChanged(client);
    expect(stale()).toEqual([true, true]);
  });
});
