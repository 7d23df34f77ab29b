/**
 * Instants written in the marina's zone (docs/product.md §4.7) as machines read them: ISO 8601 with the zone's
 * offset for the API, `HH:MM` for a form's values. What a person reads is written by format-dates.ts.
 */
import { TZDate } from '@date-fns/tz';
import { formatISO } from 'date-fns/formatISO';

/** ISO 8601 of an instant with the offset the zone has at that instant: `2027-03-28T08:00:00+02:00`. */
export function formatInZone(instant: Date, timeZone: string): string {
  // date-fns writes a zero offset as `Z`; the marina's offset is always spelt out (`+00:00` in the Canaries in winter).
  return formatISO(new TZDate(instant.getTime(), timeZone)).replace(/Z$/, '+00:00');
}

/** The local `HH:MM` of an instant in a zone. */
export function localTimeIn(instant: Date, timeZone: string): string {
  return formatISO(new TZDate(instant.getTime(), timeZone), { representation: 'time' }).slice(0, 5);
}
