import { describe, expect, it } from 'vitest';
import { instantAt } from '../../domain/launches.ts';
import { formatInZone } from '../../domain/zone-time.ts';
import { OUTING_MAX_OVERNIGHT_HOURS } from '../../domain/outings.ts';
import { departureChoices, returnChoices, spanOf } from './format.ts';

const zone = 'Europe/Madrid';
const at = (date: string, time: string) => instantAt(date, time, zone).getTime();

describe('outing times', () => {
  it('departures: the quarter hours of the next hour, never past midnight', () => {
    expect(departureChoices(at('2026-07-15', '10:07'), zone).map((choice) => choice.label)).toEqual([
      '10:15',
      '10:30',
      '10:45',
      '11:00',
    ]);
    expect(departureChoices(at('2026-07-15', '23:20'), zone).map((choice) => choice.label)).toEqual(['23:30', '23:45']);
  });

  it('returns: quarter hours after the departure and now, up to closing, each the instant in the marina’s offset', () => {
    const choices = returnChoices({
      departure: at('2026-07-15', '11:00'),
      now: at('2026-07-15', '10:07'),
      timeZone: zone,
      closesAt: formatInZone(new Date(at('2026-07-15', '20:00')), zone),
      allowOvernight: false,
    });
    expect(choices[0]).toEqual({ value: '2026-07-15T11:15:00+02:00', label: '11:15' });
    expect(choices.at(-1)).toEqual({ value: '2026-07-15T20:00:00+02:00', label: '20:00' });
    expect(choices).toHaveLength(36);
  });

  it('returns: none after closing, or on a day the marina does not open, unless overnight outings are allowed', () => {
    const late = { departure: at('2026-07-15', '21:10'), now: at('2026-07-15', '21:10'), timeZone: zone };
    expect(
      returnChoices({
        ...late,
        closesAt: formatInZone(new Date(at('2026-07-15', '20:00')), zone),
        allowOvernight: false,
      }),
    ).toEqual([]);
    expect(returnChoices({ ...late, closesAt: null, allowOvernight: false })).toEqual([]);
    const overnight = returnChoices({ ...late, closesAt: null, allowOvernight: true });
    expect(overnight[0]!.label).toBe('21:30');
    // Named with their day once past the departure's, up to the longest outing allowed.
    expect(overnight.find((choice) => choice.value === '2026-07-16T01:00:00+02:00')!.label).toBe(
      'jueves 16 de julio, 01:00',
    );
    expect(Date.parse(overnight.at(-1)!.value) - late.departure).toBeLessThanOrEqual(
      OUTING_MAX_OVERNIGHT_HOURS * 3_600_000,
    );
    // Extended after midnight: still named from the departure's day, as the outing's facts name it.
    const extended = returnChoices({ ...late, now: at('2026-07-16', '00:30'), closesAt: null, allowOvernight: true });
    expect(extended[0]).toEqual({ value: '2026-07-16T01:00:00+02:00', label: 'jueves 16 de julio, 01:00' });
  });

  it('the night the clocks go back: the hour that happens twice is offered twice, each with its own offset', () => {
    const choices = returnChoices({
      departure: at('2026-10-24', '22:00'),
      now: at('2026-10-24', '22:00'),
      timeZone: zone,
      closesAt: null,
      allowOvernight: true,
    });
    const values = choices.map((choice) => choice.value);
    expect(values).toContain('2026-10-25T02:30:00+02:00');
    expect(values).toContain('2026-10-25T02:30:00+01:00');
  });

  it('a span: from the departure to the return, or the return expected; another day named', () => {
    const iso = (date: string, time: string) => formatInZone(instantAt(date, time, zone), zone);
    const departure = iso('2026-07-15', '09:30');
    expect(
      spanOf({ departure, expectedReturn: iso('2026-07-15', '13:00'), returnedAt: iso('2026-07-15', '12:15') }, zone),
    ).toBe('09:30 – 12:15');
    expect(spanOf({ departure, expectedReturn: iso('2026-07-15', '13:00'), returnedAt: null }, zone)).toBe(
      '09:30 – 13:00',
    );
    expect(spanOf({ departure, expectedReturn: iso('2026-07-16', '01:00'), returnedAt: null }, zone)).toBe(
      '09:30 – jueves 16 de julio, 01:00',
    );
  });
});
