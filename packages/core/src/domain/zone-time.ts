/**
 * Instants written in the marina's zone (docs/product.md §4.7), the one module that formats them: for the
 * API (ISO 8601 with the zone's offset), for its messages, and for the screens, where a person on the dock
 * reads the crew's clock, never the phone's.
 */
import { TZDate } from '@date-fns/tz';
import { formatISO } from 'date-fns/formatISO';
import { formatCalendarDate } from './calendar.ts';
import { localDateIn } from './opening-hours.ts';

/** ISO 8601 of an instant with the offset the zone has at that instant: `2027-03-28T08:00:00+02:00`. */
export function formatInZone(instant: Date, timeZone: string): string {
  // date-fns writes a zero offset as `Z`; the marina's offset is always spelt out (`+00:00` in the Canaries in winter).
  return formatISO(new TZDate(instant.getTime(), timeZone)).replace(/Z$/, '+00:00');
}

/** The local `HH:MM` of an instant in a zone. */
export function localTimeIn(instant: Date, timeZone: string): string {
  return formatISO(new TZDate(instant.getTime(), timeZone), { representation: 'time' }).slice(0, 5);
}

/** A slot as a message says it: "domingo 28/03/2027 a las 09:00", in the marina's time. */
export function describeSlot(instant: Date, timeZone: string): string {
  const weekday = new Intl.DateTimeFormat('es-ES', { timeZone, weekday: 'long' }).format(instant);
  return `${weekday} ${formatCalendarDate(localDateIn(instant, timeZone))} a las ${localTimeIn(instant, timeZone)}`;
}

/** "martes, 24 de noviembre": the day of an instant, in the zone. */
export function dayIn(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('es-ES', { timeZone, weekday: 'long', day: 'numeric', month: 'long' }).format(instant);
}

/** "jueves 26": the weekday and day of the month of an instant, in the zone. */
export function weekdayIn(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('es-ES', { timeZone, weekday: 'long', day: 'numeric' }).format(instant);
}

/** "24/11/26, 09:15": when something happened, in the zone. */
export function momentIn(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('es-ES', {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).format(instant);
}
