/**
 * A marina's opening hours by season, as data: launch slots are computed from them, in the marina's time
 * zone. Days are month-day (`MM-DD`) so one list serves every year; a season whose `to` comes before its
 * `from` runs over the new year (`11-01` → `03-31`). Times are the marina's local `HH:MM`.
 *
 * The marina's folder declares them (`openingHours` in `client.config.ts`); the build and the server check
 * them with `openingHoursSchema`, and the app and the server read a day's hours with `openingHoursOn`.
 */
import * as yup from 'yup';
import { Type, type Static } from './response-schema.ts';

/** A season as `GET /api/v1/client` tells it (`Marina.openingHours`); `openingHoursSchema` checks a declared one. */
export const openingSeasonResponse = Type.Object(
  {
    /** First day of the season, `MM-DD`. */
    from: Type.String({ pattern: '^\\d{2}-\\d{2}$', description: 'First day, MM-DD' }),
    /** Last day of the season (included), `MM-DD`. */
    to: Type.String({
      pattern: '^\\d{2}-\\d{2}$',
      description: 'Last day (included), MM-DD; before `from` when the season runs over the new year',
    }),
    /** Local time the marina opens, `HH:MM`. */
    open: Type.String({ pattern: '^\\d{2}:\\d{2}$', description: 'Opens, HH:MM local time' }),
    /** Local time the marina closes, `HH:MM`, after `open`. */
    close: Type.String({ pattern: '^\\d{2}:\\d{2}$', description: 'Closes, HH:MM local time' }),
  },
  { additionalProperties: false },
);
export type OpeningSeason = Static<typeof openingSeasonResponse>;

/** The hours of one day. */
export interface DayHours {
  open: string;
  close: string;
}

const MONTH_DAY = /^(\d{2})-(\d{2})$/;
const TIME = /^(?:[01]\d|2[0-3]):[0-5]\d$/;
const LOCAL_DATE = /^\d{4}-(\d{2}-\d{2})$/;
/** February has 29 days here: a leap year's 29th needs its season too. */
const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/** Every `MM-DD` of a leap year, in calendar order. */
const DAYS_OF_YEAR: readonly string[] = DAYS_IN_MONTH.flatMap((days, month) =>
  Array.from({ length: days }, (_, day) => `${String(month + 1).padStart(2, '0')}-${String(day + 1).padStart(2, '0')}`),
);

export function isMonthDay(value: unknown): value is string {
  const match = typeof value === 'string' ? MONTH_DAY.exec(value) : null;
  if (!match) return false;
  const month = Number(match[1]);
  const day = Number(match[2]);
  return month >= 1 && month <= 12 && day >= 1 && day <= DAYS_IN_MONTH[month - 1]!;
}

export function isTimeOfDay(value: unknown): value is string {
  return typeof value === 'string' && TIME.test(value);
}

/** Whether the season includes the day; `MM-DD` strings compare in calendar order. */
function includes(season: Pick<OpeningSeason, 'from' | 'to'>, monthDay: string): boolean {
  return season.from <= season.to
    ? season.from <= monthDay && monthDay <= season.to
    : monthDay >= season.from || monthDay <= season.to;
}

/**
 * The marina's hours on a local date (`YYYY-MM-DD`, the marina's own calendar day: see `localDateIn`).
 * Undefined only for seasons that leave the day out, which a checked declaration never does.
 */
export function openingHoursOn(seasons: readonly OpeningSeason[], localDate: string): DayHours | undefined {
  const monthDay = LOCAL_DATE.exec(localDate)?.[1];
  if (monthDay === undefined || !isMonthDay(monthDay))
    throw new RangeError(`not a local date YYYY-MM-DD: ${localDate}`);
  const season = seasons.find((candidate) => includes(candidate, monthDay));
  return season && { open: season.open, close: season.close };
}

const localDateFormats = new Map<string, Intl.DateTimeFormat>();

/** One formatter per time zone: making one costs far more than using it (a booking asks for several days). */
function localDateFormat(timeZone: string): Intl.DateTimeFormat {
  let format = localDateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    localDateFormats.set(timeZone, format);
  }
  return format;
}

const localDates = new Map<string, string>();
const QUARTER_HOUR = 15 * 60_000;

/** From here on, every zone's offset is a whole number of quarter hours and every clock change falls on one. */
const QUARTER_HOURS_SINCE = Date.UTC(2012, 0, 1);

/**
 * The calendar day (`YYYY-MM-DD`) an instant falls on in a time zone: a marina's "today" is its own.
 *
 * Remembered by quarter of an hour from 2012: since then every zone's days begin, and its clocks change, on a
 * quarter hour of UTC, so every instant of one quarter falls on the same day. (Before, some did not: St John's
 * changed its clocks at 00:01 local until 2011.) The formatter is most of a booking's time-zone work, asked for
 * the same few days again and again.
 */
export function localDateIn(instant: Date, timeZone: string): string {
  const time = instant.getTime();
  if (!(time >= QUARTER_HOURS_SINCE)) return formatLocalDate(instant, timeZone);
  const key = `${timeZone} ${Math.floor(time / QUARTER_HOUR)}`;
  let date = localDates.get(key);
  if (date === undefined) {
    date = formatLocalDate(instant, timeZone);
    // A long-running server asks for days without end: start again rather than grow.
    if (localDates.size >= 10_000) localDates.clear();
    localDates.set(key, date);
  }
  return date;
}

function formatLocalDate(instant: Date, timeZone: string): string {
  const parts = localDateFormat(timeZone).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((candidate) => candidate.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** Runs of consecutive days, as `MM-DD to MM-DD` (or one `MM-DD`), for messages. */
function runs(days: readonly string[]): string[] {
  const result: string[] = [];
  let start: string | undefined;
  let previous: string | undefined;
  for (const day of DAYS_OF_YEAR) {
    if (days.includes(day)) {
      start ??= day;
      previous = day;
    } else if (start !== undefined) {
      result.push(start === previous ? start : `${start} to ${previous}`);
      start = undefined;
    }
  }
  if (start !== undefined) result.push(start === previous ? start : `${start} to ${previous}`);
  return result;
}

/** For each day of the year, which seasons (by index) include it; undefined while a season's days are unreadable. */
function coverage(value: unknown): Map<string, number[]> | undefined {
  if (!Array.isArray(value)) return undefined;
  const seasons = value as Array<Partial<OpeningSeason> | null | undefined>;
  if (!seasons.every((season) => isMonthDay(season?.from) && isMonthDay(season?.to))) return undefined;
  return new Map(
    DAYS_OF_YEAR.map((day) => [
      day,
      seasons.flatMap((season, index) => (includes(season as OpeningSeason, day) ? [index] : [])),
    ]),
  );
}

const monthDay = yup
  .string()
  .test(
    'month-day',
    '${path} must be a day of the year as MM-DD, such as 04-01',
    (value) => value === undefined || isMonthDay(value),
  );
const timeOfDay = yup
  .string()
  .test(
    'time',
    '${path} must be a time of day as HH:MM, such as 08:00',
    (value) => value === undefined || isTimeOfDay(value),
  );

const seasonSchema = yup
  .object({
    from: monthDay.required(),
    to: monthDay.required(),
    open: timeOfDay.required(),
    close: timeOfDay.required(),
  })
  .noUnknown(true, '${path} has unknown field(s): ${unknown}')
  .test('open-before-close', (season, context) =>
    !isTimeOfDay(season?.open) || !isTimeOfDay(season?.close) || season.open < season.close
      ? true
      : context.createError({
          message: `${context.path} must open before it closes (opens ${season.open}, closes ${season.close})`,
        }),
  );

/**
 * A marina's seasons: times `HH:MM`, opening before closing, and every day of the year (29 February
 * included) in exactly one season. Gaps and overlaps are each reported once, naming the days.
 */
export const openingHoursSchema = yup
  .array(seasonSchema.required())
  .required()
  .min(1, '${path} must list at least one season')
  .test('no-gaps', (value, context) => {
    const days = coverage(value);
    const missing = days ? [...days].filter(([, seasons]) => seasons.length === 0).map(([day]) => day) : [];
    if (missing.length === 0 || missing.length === DAYS_OF_YEAR.length) return true;
    return context.createError({
      // `${path}` is left for yup, which names the root `this` (the folder check names it openingHours).
      message:
        '${path}' + ` give no hours for ${runs(missing).join(', ')}: every day of the year needs exactly one season`,
    });
  })
  .test('no-overlaps', (value, context) => {
    const days = coverage(value);
    const twice = days ? [...days].filter(([, seasons]) => seasons.length > 1) : [];
    if (twice.length === 0) return true;
    const seasons = [...new Set(twice.flatMap(([, indexes]) => indexes))].map((index) => `${context.path}[${index}]`);
    return context.createError({
      message:
        '${path}' +
        ` give more than one season for ${runs(twice.map(([day]) => day)).join(', ')} (${seasons.join(', ')}): every day of the year needs exactly one season`,
    });
  });
