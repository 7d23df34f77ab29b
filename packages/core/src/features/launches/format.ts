/**
 * Launch times as a person on the dock reads them: always in the marina's zone (docs/product.md §4.7),
 * never the phone's, so a visitor from another zone sees the crew's clock.
 */
import { addDays, isCalendarDate } from '../../domain/calendar.ts';
import { fewPlacesLeft, type LaunchSlot } from '../../domain/launches.ts';
import { formatDay, formatDayOf, formatDayParts, formatTime, formatWhen } from '../../domain/format-dates.ts';
import { localDateIn } from '../../domain/opening-hours.ts';

/** "10:00" in the marina's zone. */
export const timeOf = (iso: string, timeZone: string) => formatTime(new Date(iso), timeZone);

/** "martes 24 de noviembre" for an instant, in the marina's zone. */
export const dayOf = (iso: string, timeZone: string) => formatDayOf(new Date(iso), timeZone);

/** "hoy", "mañana", "mar 24 nov": the day of an instant, short, for a list, in the marina's zone. */
export function shortDayOf(iso: string, timeZone: string, today: string): string {
  const parts = formatDayParts(localDateIn(new Date(iso), timeZone), today);
  return parts.weekday === 'hoy' || parts.weekday === 'mañana'
    ? parts.weekday
    : `${parts.weekday} ${parts.day} ${parts.month}`;
}

/** "martes 24 de noviembre, de 10:00 a 10:30". */
export function slotText(slot: { slotStart: string; slotEnd: string }, timeZone: string): string {
  return `${dayOf(slot.slotStart, timeZone)}, de ${timeOf(slot.slotStart, timeZone)} a ${timeOf(slot.slotEnd, timeZone)}`;
}

/** "hoy, 09:15", "ayer, 18:40", "martes 24 de noviembre, 09:15": when something happened, in the marina's zone. */
export function momentOf(iso: string, timeZone: string, now: Date = new Date()): string {
  return formatWhen(new Date(iso), timeZone, now);
}

/** A calendar day (`YYYY-MM-DD`) named in words: "martes 24 de noviembre" (the year when not `today`'s). */
export function calendarDayText(date: string, today?: string): string {
  return formatDay(date, today);
}

/** The days a launch may be asked for: today to `maxAdvanceDays` ahead, in the marina's calendar. */
export function bookableDays(today: string, maxAdvanceDays: number): string[] {
  return Array.from({ length: maxAdvanceDays + 1 }, (_, index) => addDays(today, index));
}

/** A slot with one place left out of several (or a quarter of them) is "casi lleno": the day's `few` measure too. */
export function nearlyFull(slot: Pick<LaunchSlot, 'state' | 'free' | 'capacity'>): boolean {
  return slot.state === 'free' && fewPlacesLeft(slot.free, slot.capacity);
}

export const isDay = isCalendarDate;
