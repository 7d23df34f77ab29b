/**
 * Days and times as the app writes them, the one module that does (docs/design/README.md, «Words, numbers and
 * times»). Every instant is read in the marina's zone (docs/product.md §4.7), never the phone's: a visitor from
 * another zone sees the crew's clock. The set is small, on purpose:
 *
 * - a day: «sábado 28 de noviembre», with the year only when it is not this year («… de 2027»);
 * - a time: «13:30» (24 hours, two digits);
 * - a day with time: «sábado 28 de noviembre, 13:30»;
 * - when something happens or happened, in lists: «hoy, 13:30», «mañana, 11:00», «ayer, 09:15», else the day
 *   with time;
 * - a slot in a sentence: «el sábado 28 de noviembre a las 13:30» (what a message says after «del»/«el»);
 * - the zone's name: «hora de Canarias», «hora peninsular».
 *
 * Calendar days (`YYYY-MM-DD`: expiries, start dates) are the marina's days already and are written as they are.
 */
import { addDays } from './calendar.ts';
import { localDateIn } from './opening-hours.ts';

const LOCALE = 'es-ES';

const formats = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone and shape: making one costs far more than using it. */
function formatter(timeZone: string, shape: 'weekday' | 'time' | 'seconds'): Intl.DateTimeFormat {
  const key = `${timeZone} ${shape}`;
  let format = formats.get(key);
  if (!format) {
    const options: Intl.DateTimeFormatOptions =
      shape === 'weekday'
        ? { weekday: 'long' }
        : { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', ...(shape === 'seconds' && { second: '2-digit' }) };
    format = new Intl.DateTimeFormat(LOCALE, { timeZone, ...options });
    formats.set(key, format);
  }
  return format;
}

const MONTHS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
] as const;

/** The words the relative forms use. */
const RELATIVE_DAYS = { '-1': 'ayer', '0': 'hoy', '1': 'mañana' } as const;

/**
 * A calendar day (`YYYY-MM-DD`) in words: «sábado 28 de noviembre», or «lunes 3 de enero de 2028» when it is not
 * the year of `today` (the marina's today, `YYYY-MM-DD`; the current year by UTC when not given).
 */
export function formatDay(date: string, today: string = new Date().toISOString().slice(0, 10)): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  // Noon UTC falls on that same day in every zone a marina uses.
  const weekday = formatter('UTC', 'weekday').format(new Date(Date.UTC(year, month - 1, day, 12)));
  const words = `${weekday} ${day} de ${MONTHS[month - 1]}`;
  return date.slice(0, 4) === today.slice(0, 4) ? words : `${words} de ${year}`;
}

const SHORT_WEEKDAYS = ['dom', 'lun', 'mar', 'mié', 'jue', 'vie', 'sáb'] as const;
const SHORT_MONTHS = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sept', 'oct', 'nov', 'dic'] as const;

/**
 * A calendar day in the short parts a day strip shows: «lun», «15», «jun»; «hoy» and «mañana» for `today` and the
 * day after.
 */
export function formatDayParts(date: string, today: string): { weekday: string; day: string; month: string } {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const relative = date === today ? RELATIVE_DAYS['0'] : date === addDays(today, 1) ? RELATIVE_DAYS['1'] : undefined;
  return {
    weekday: relative ?? SHORT_WEEKDAYS[new Date(Date.UTC(year, month - 1, day, 12)).getUTCDay()]!,
    day: String(day),
    month: SHORT_MONTHS[month - 1]!,
  };
}

/** The day an instant falls on in the marina's zone, in words: «sábado 28 de noviembre». */
export function formatDayOf(instant: Date, timeZone: string, now: Date = new Date()): string {
  return formatDay(localDateIn(instant, timeZone), localDateIn(now, timeZone));
}

/** The time of an instant in the marina's zone: «13:30» (with `seconds`, «13:30:05», for a check's answer). */
export function formatTime(instant: Date, timeZone: string, { seconds = false } = {}): string {
  return formatter(timeZone, seconds ? 'seconds' : 'time').format(instant);
}

/** A day with time: «sábado 28 de noviembre, 13:30». */
export function formatDayTime(instant: Date, timeZone: string, now: Date = new Date()): string {
  return `${formatDayOf(instant, timeZone, now)}, ${formatTime(instant, timeZone)}`;
}

/**
 * When something happens or happened, short, for lists: «hoy, 13:30», «mañana, 11:00», «ayer, 09:15»; further
 * away, the day with time.
 */
export function formatWhen(instant: Date, timeZone: string, now: Date = new Date()): string {
  const today = localDateIn(now, timeZone);
  const day = localDateIn(instant, timeZone);
  for (const offset of [-1, 0, 1] as const) {
    if (day === addDays(today, offset)) return `${RELATIVE_DAYS[offset]}, ${formatTime(instant, timeZone)}`;
  }
  return formatDayTime(instant, timeZone, now);
}

/** A slot as a message says it, after «el» or «del»: «sábado 28 de noviembre a las 13:30», in the marina's zone. */
export function describeSlot(instant: Date, timeZone: string, now: Date = new Date()): string {
  return `${formatDayOf(instant, timeZone, now)} a las ${formatTime(instant, timeZone)}`;
}

/** Spain's zones as people name them. */
const ZONE_NAMES: Readonly<Record<string, string>> = {
  'Europe/Madrid': 'hora peninsular',
  'Africa/Ceuta': 'hora peninsular',
  'Atlantic/Canary': 'hora de Canarias',
};

/**
 * The marina's zone as people say it: «hora de Canarias», «hora peninsular». Elsewhere, the zone's generic name in
 * Spanish from the platform («hora de Europa central» for `Europe/Paris`), or the zone's city when it has none.
 */
export function zoneName(timeZone: string): string {
  const known = ZONE_NAMES[timeZone];
  if (known) return known;
  const generic = new Intl.DateTimeFormat(LOCALE, { timeZone, timeZoneName: 'longGeneric' })
    .formatToParts(new Date())
    .find((part) => part.type === 'timeZoneName')?.value;
  if (generic && generic.startsWith('hora')) return generic;
  return `hora de ${timeZone.split('/').pop()!.replaceAll('_', ' ')}`;
}
