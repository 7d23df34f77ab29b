/**
 * Calendar days (`YYYY-MM-DD`) as a marina counts them. Expiries and start dates are days, not instants:
 * a policy "expiring on 2026-11-23" covers that whole day in the marina's zone (docs/product.md §4.5).
 */
import { localDateIn } from './opening-hours.ts';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The years a day or an instant may fall in: wider than anything a marina counts (expiries, bookings, its
 * history), narrow enough that a day, the days around it and their instants stay four-digit dates that
 * JavaScript and PostgreSQL both read (9999-12-31's next day is the year 10000; a year under 1000 was
 * written with three digits).
 */
export const CALENDAR_YEARS = { min: 1900, max: 2999 } as const;

/** Whether a four-digit year is within `CALENDAR_YEARS`. */
export function isCalendarYear(year: number): boolean {
  return year >= CALENDAR_YEARS.min && year <= CALENDAR_YEARS.max;
}

/** A real day (`YYYY-MM-DD`) within `CALENDAR_YEARS`. */
export function isCalendarDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = DATE.exec(value);
  if (!match || !isCalendarYear(Number(match[1]))) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
}

/** `date` plus `days` calendar days (negative goes back). */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** Whole calendar days from `from` to `to` (negative when `to` comes first). */
export function daysBetween(from: string, to: string): number {
  const utc = (date: string) => {
    const [year, month, day] = date.split('-').map(Number) as [number, number, number];
    return Date.UTC(year, month - 1, day);
  };
  return Math.round((utc(to) - utc(from)) / 86_400_000);
}

/** The marina's today. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return localDateIn(now, timeZone);
}
