import { describe, expect, it } from 'vitest';
import * as yup from 'yup';
import { localDateIn, openingHoursOn, openingHoursSchema, type OpeningSeason } from './opening-hours.ts';

/** The product rule: 08:00–20:00 April to October, 09:00–18:00 November to March. */
const seasons: OpeningSeason[] = [
  { from: '04-01', to: '10-31', open: '08:00', close: '20:00' },
  { from: '11-01', to: '03-31', open: '09:00', close: '18:00' },
];
const summer = { open: '08:00', close: '20:00' };
const winter = { open: '09:00', close: '18:00' };

function problemsOf(value: unknown): string[] {
  try {
    openingHoursSchema.validateSync(value, { abortEarly: false, strict: true });
    return [];
  } catch (error) {
    if (error instanceof yup.ValidationError) return error.errors;
    throw error;
  }
}

describe('openingHoursOn', () => {
  it('gives each day the hours of its season, at both ends of both seasons', () => {
    expect(openingHoursOn(seasons, '2026-03-31')).toEqual(winter);
    expect(openingHoursOn(seasons, '2026-04-01')).toEqual(summer);
    expect(openingHoursOn(seasons, '2026-07-15')).toEqual(summer);
    expect(openingHoursOn(seasons, '2026-10-31')).toEqual(summer);
    expect(openingHoursOn(seasons, '2026-11-01')).toEqual(winter);
  });

  it('follows a season over the new year, 29 February included', () => {
    expect(openingHoursOn(seasons, '2026-12-31')).toEqual(winter);
    expect(openingHoursOn(seasons, '2027-01-01')).toEqual(winter);
    expect(openingHoursOn(seasons, '2028-02-29')).toEqual(winter);
  });

  it('reads seasons in either order', () => {
    expect(openingHoursOn([...seasons].reverse(), '2026-10-31')).toEqual(summer);
    expect(openingHoursOn([...seasons].reverse(), '2026-11-01')).toEqual(winter);
  });

  it('gives no hours for a day no season includes', () => {
    expect(openingHoursOn([seasons[0]!], '2026-12-01')).toBeUndefined();
  });

  it('refuses what is not a local date', () => {
    expect(() => openingHoursOn(seasons, '2026-13-01')).toThrow(RangeError);
    expect(() => openingHoursOn(seasons, '2026-02-30')).toThrow(RangeError);
    expect(() => openingHoursOn(seasons, '01/04/2026')).toThrow(RangeError);
  });
});

describe('localDateIn', () => {
  it("gives the marina's own calendar day, which differs between zones around midnight", () => {
    // 23:30 UTC on 31 October: already 1 November in Madrid (UTC+1), still 31 October in the Canaries (UTC+0).
    const instant = new Date('2026-10-31T23:30:00Z');
    expect(localDateIn(instant, 'Europe/Madrid')).toBe('2026-11-01');
    expect(localDateIn(instant, 'Atlantic/Canary')).toBe('2026-10-31');
    expect(openingHoursOn(seasons, localDateIn(instant, 'Europe/Madrid'))).toEqual(winter);
    expect(openingHoursOn(seasons, localDateIn(instant, 'Atlantic/Canary'))).toEqual(summer);
  });

  it('agrees with the zone’s own formatter minute by minute around midnights and the clock changes, remembered or not', () => {
    const formatter = (timeZone: string) =>
      new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    // Both zones' 2027 changes (28 March, 31 October, at 01:00 UTC) and the midnights around them, in zones
    // whose offsets are not whole hours too (Kolkata +05:30, Kathmandu +05:45, Chatham +12:45/+13:45).
    const zones = [
      'Europe/Madrid',
      'Atlantic/Canary',
      'Asia/Kolkata',
      'Asia/Kathmandu',
      'Pacific/Chatham',
      'America/St_Johns',
    ];
    // And St John's 2010 fall-back, at 00:01 local (02:31 UTC): not on a quarter hour, so not remembered.
    const ranges = [
      '2027-03-27T20:00:00Z',
      '2027-10-30T20:00:00Z',
      '2027-04-04T10:00:00Z',
      '2027-09-25T12:00:00Z',
      '2010-11-06T20:00:00Z',
    ].map((from) => Date.parse(from));
    for (const timeZone of zones) {
      const format = formatter(timeZone);
      for (const from of ranges) {
        // Twice over: first computed, then remembered.
        for (let pass = 0; pass < 2; pass++) {
          for (let time = from; time < from + 12 * 3600_000; time += 60_000 + pass * 7_000) {
            const instant = new Date(time);
            expect(localDateIn(instant, timeZone), `${instant.toISOString()} in ${timeZone}`).toBe(
              format.format(instant),
            );
          }
        }
      }
    }
  });
});

describe('openingHoursSchema', () => {
  it('accepts the product rule, and one season for the whole year', () => {
    expect(problemsOf(seasons)).toEqual([]);
    expect(problemsOf([{ from: '01-01', to: '12-31', open: '08:00', close: '20:00' }])).toEqual([]);
  });

  it('refuses times that are not HH:MM and a season that closes before it opens', () => {
    expect(
      problemsOf([
        { from: '04-01', to: '10-31', open: '8:00', close: '20:00' },
        { from: '11-01', to: '03-31', open: '18:00', close: '09:00' },
      ]),
    ).toEqual([
      '[0].open must be a time of day as HH:MM, such as 08:00',
      '[1] must open before it closes (opens 18:00, closes 09:00)',
    ]);
    expect(problemsOf([{ from: '01-01', to: '12-31', open: '08:00', close: '24:00' }])).toEqual([
      '[0].close must be a time of day as HH:MM, such as 08:00',
    ]);
    expect(problemsOf([{ from: '01-01', to: '12-31', open: '08:00', close: '08:00' }])).toEqual([
      '[0] must open before it closes (opens 08:00, closes 08:00)',
    ]);
  });

  it('refuses a day that is not in the calendar', () => {
    expect(problemsOf([{ from: '04-31', to: '03-30', open: '08:00', close: '20:00' }])).toEqual([
      '[0].from must be a day of the year as MM-DD, such as 04-01',
    ]);
  });

  it('names the days no season covers, 29 February included', () => {
    expect(
      problemsOf([
        { from: '04-01', to: '10-31', open: '08:00', close: '20:00' },
        { from: '11-01', to: '02-28', open: '09:00', close: '18:00' },
      ]),
    ).toEqual(['this give no hours for 02-29 to 03-31: every day of the year needs exactly one season']);
  });

  it('names the days two seasons both claim, and the seasons', () => {
    expect(
      problemsOf([
        { from: '04-01', to: '10-31', open: '08:00', close: '20:00' },
        { from: '10-15', to: '03-31', open: '09:00', close: '18:00' },
      ]),
    ).toEqual([
      'this give more than one season for 10-15 to 10-31 ([0], [1]): every day of the year needs exactly one season',
    ]);
  });

  it('reports gaps, overlaps and bad times at once', () => {
    expect(
      problemsOf([
        { from: '04-01', to: '10-31', open: '08:00', close: '20:00' },
        { from: '10-01', to: '02-28', open: '9', close: '18:00' },
      ]),
    ).toHaveLength(3);
  });

  it('needs at least one season, and nothing but from, to, open and close', () => {
    expect(problemsOf([])).toEqual(['this must list at least one season']);
    expect(problemsOf([{ ...seasons[0]!, closed: true }, seasons[1]])).toEqual(['[0] has unknown field(s): closed']);
  });
});
