/**
 * Outing times as a person on the dock reads them: in the marina's zone (docs/product.md §4.7, §4.9), never
 * the phone's. The choices of a departure and of a return are quarter hours, so every one offered is a time
 * the server accepts when the form is sent (decision 031).
 */
import { OUTING_DEPARTURE_AHEAD_MINUTES, OUTING_MAX_OVERNIGHT_HOURS } from '../../domain/outings.ts';
import { localDateIn } from '../../domain/opening-hours.ts';
import { formatDayOf, formatDayTime, formatTime, formatWhen } from '../../domain/format-dates.ts';
import { formatInZone } from '../../domain/zone-time.ts';

const MINUTE = 60_000;
const QUARTER = 15 * MINUTE;

/** "10:00" in the marina's zone. */
export const timeOf = (iso: string | number, timeZone: string) => formatTime(new Date(iso), timeZone);

/** "hoy, 09:15", "ayer, 18:40", "martes 24 de noviembre, 09:15": a moment of the history, in the marina's zone. */
export function momentOf(iso: string, timeZone: string, now: Date = new Date()): string {
  return formatWhen(new Date(iso), timeZone, now);
}

/** "10:00", or "jueves 16 de julio, 01:00" when it is not the day of `from` (an overnight return). */
export function timeFrom(iso: string | number, from: string | number, timeZone: string): string {
  const instant = new Date(iso);
  if (localDateIn(instant, timeZone) === localDateIn(new Date(from), timeZone)) return formatTime(instant, timeZone);
  return formatDayTime(instant, timeZone, new Date(from));
}

/** "viernes 20 de noviembre": the day an outing left, in the marina's zone (a row of the history). */
export function dayOf(iso: string, timeZone: string, now: Date = new Date()): string {
  return formatDayOf(new Date(iso), timeZone, now);
}

/**
 * "09:30 – 12:15": from the departure to the return (or, while at sea, the return expected); a return on another
 * day names its day.
 */
export function spanOf(
  outing: { departure: string; expectedReturn: string; returnedAt: string | null },
  timeZone: string,
): string {
  const back = outing.returnedAt ?? outing.expectedReturn;
  return `${timeOf(outing.departure, timeZone)} – ${timeFrom(back, outing.departure, timeZone)}`;
}

const nextQuarter = (instant: number) => Math.floor(instant / QUARTER) * QUARTER + QUARTER;

export interface TimeChoice {
  value: string;
  label: string;
}

/**
 * Departures: «Ahora» (sent as nothing: the server takes its own now) and every quarter hour of the next
 * OUTING_DEPARTURE_AHEAD_MINUTES that is still today in the marina's calendar.
 */
export function departureChoices(now: number, timeZone: string): TimeChoice[] {
  const today = localDateIn(new Date(now), timeZone);
  const choices: TimeChoice[] = [];
  for (let at = nextQuarter(now); at <= now + OUTING_DEPARTURE_AHEAD_MINUTES * MINUTE; at += QUARTER) {
    if (localDateIn(new Date(at), timeZone) !== today) break;
    choices.push({ value: formatInZone(new Date(at), timeZone), label: formatTime(new Date(at), timeZone) });
  }
  return choices;
}

/**
 * Expected returns: every quarter hour after the departure (and after now) up to today's closing; where the
 * marina allows overnight outings, every half hour up to OUTING_MAX_OVERNIGHT_HOURS after the departure,
 * named with its day once past the departure's (as the outing's facts name it).
 */
export function returnChoices({
  departure,
  now,
  timeZone,
  closesAt,
  allowOvernight,
}: {
  departure: number;
  now: number;
  timeZone: string;
  closesAt: string | null;
  allowOvernight: boolean;
}): TimeChoice[] {
  const from = Math.max(departure, now);
  const step = allowOvernight ? 2 * QUARTER : QUARTER;
  const last = allowOvernight
    ? departure + OUTING_MAX_OVERNIGHT_HOURS * 60 * MINUTE
    : closesAt
      ? Date.parse(closesAt)
      : from;
  const choices: TimeChoice[] = [];
  for (let at = Math.floor(from / step) * step + step; at <= last; at += step) {
    choices.push({ value: formatInZone(new Date(at), timeZone), label: timeFrom(at, departure, timeZone) });
  }
  return choices;
}
