/**
 * Instants written in the marina's zone (docs/product.md §4.7) as machines read them: ISO 8601 with the zone's
 * offset for the API, `HH:MM` for a form's values. What a person reads is written by format-dates.ts.
 */
import { TZDate } from '@date-fns/tz';
import { formatISO } from 'date-fns/formatISO';

/** One formatter per zone: building an `Intl.DateTimeFormat` costs far more than formatting with it. */
const wallClocks = new Map<string, Intl.DateTimeFormat>();

function wallClock(timeZone: string): Intl.DateTimeFormat {
  let format = wallClocks.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    wallClocks.set(timeZone, format);
  }
  return format;
}

const pad = (value: number) => String(Math.abs(value)).padStart(2, '0');

/**
 * ISO 8601 of an instant with the offset the zone has at that instant, to the second: `2027-03-28T08:00:00+02:00`.
 * The zone's wall clock is read with one cached `Intl` formatter and the offset is its distance from UTC: every
 * booking's answer writes several of these (decision 064).
 */
export function formatInZone(instant: Date, timeZone: string): string {
  const fields: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of wallClock(timeZone).formatToParts(instant)) fields[part.type] = part.value;
  const year = Number(fields.year);
  const [month, day, hour, minute, second] = [fields.month, fields.day, fields.hour, fields.minute, fields.second];
  const wall = Date.UTC(year, Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second));
  // The marina's offset is always spelt out, `+00:00` too (the Canaries in winter), never `Z`.
  const offset = Math.round((wall - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
  const sign = offset < 0 ? '-' : '+';
  return `${String(year).padStart(4, '0')}-${month}-${day}T${hour}:${minute}:${second}${sign}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`;
}

/** The local `HH:MM` of an instant in a zone. */
export function localTimeIn(instant: Date, timeZone: string): string {
  return formatISO(new TZDate(instant.getTime(), timeZone), { representation: 'time' }).slice(0, 5);
}
