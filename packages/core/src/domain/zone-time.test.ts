import { TZDate } from '@date-fns/tz';
import { formatISO } from 'date-fns/formatISO';
import { describe, expect, it } from 'vitest';
import { formatInZone } from './zone-time.ts';

/** What formatInZone wrote before it read the zone with a cached Intl formatter (date-fns). */
const byDateFns = (instant: Date, timeZone: string) =>
  formatISO(new TZDate(instant.getTime(), timeZone)).replace(/Z$/, '+00:00');

const ZONES = [
  'Europe/Madrid',
  'Atlantic/Canary',
  'UTC',
  'America/St_Johns', // -03:30 / -02:30
  'Asia/Kolkata', // +05:30
  'Asia/Kathmandu', // +05:45
  'Pacific/Chatham', // +12:45 / +13:45
  'America/Los_Angeles',
];

describe('formatInZone', () => {
  it('writes an instant with its zone’s offset, +00:00 rather than Z', () => {
    expect(formatInZone(new Date('2027-03-28T06:00:00Z'), 'Europe/Madrid')).toBe('2027-03-28T08:00:00+02:00');
    expect(formatInZone(new Date('2027-01-15T09:30:00Z'), 'Atlantic/Canary')).toBe('2027-01-15T09:30:00+00:00');
    expect(formatInZone(new Date('2027-01-15T12:00:00Z'), 'America/St_Johns')).toBe('2027-01-15T08:30:00-03:30');
    expect(formatInZone(new Date('2027-01-15T00:00:00.999Z'), 'UTC')).toBe('2027-01-15T00:00:00+00:00');
  });

  it('writes what date-fns wrote, around every change of offset and at midnight, in zones of odd offsets', () => {
    const instants: Date[] = [];
    for (const zone of ZONES) {
      // Every quarter of an hour, and either side of it, for 36 hours around the days changes of offset fall on.
      for (const day of [
        '2026-03-08',
        '2026-03-29',
        '2026-04-05',
        '2026-09-27',
        '2026-10-25',
        '2026-11-01',
        '2026-12-31',
      ]) {
        const start = Date.parse(`${day}T00:00:00Z`) - 12 * 3_600_000;
        for (let time = start; time < start + 36 * 3_600_000; time += 15 * 60_000)
          instants.push(new Date(time), new Date(time - 1), new Date(time + 59_999));
      }
      for (const instant of instants)
        expect(formatInZone(instant, zone), `${instant.toISOString()} ${zone}`).toBe(byDateFns(instant, zone));
      instants.length = 0;
    }
  });
});
