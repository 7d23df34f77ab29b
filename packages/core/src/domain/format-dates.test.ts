import { describe, expect, it } from 'vitest';
import {
  describeSlot,
  formatDay,
  formatDayParts,
  formatDayOf,
  formatDayTime,
  formatTime,
  formatWhen,
  zoneName,
} from './format-dates.ts';

// 13:30 in Madrid and 12:30 in the Canaries, on Saturday 28 November 2026.
const now = new Date('2026-11-28T12:30:00Z');

describe('the one way the app writes days and times', () => {
  it('writes a calendar day in words, with the year only when it is not this one', () => {
    expect(formatDay('2026-11-28', '2026-11-28')).toBe('sábado 28 de noviembre');
    expect(formatDay('2027-01-03', '2026-11-28')).toBe('domingo 3 de enero de 2027');
    expect(formatDay('2026-02-01', '2026-11-28')).toBe('domingo 1 de febrero');
  });

  it('writes a day in the short parts of a day strip, «hoy» and «mañana» first', () => {
    expect(formatDayParts('2026-11-28', '2026-11-28')).toEqual({ weekday: 'hoy', day: '28', month: 'nov' });
    expect(formatDayParts('2026-11-29', '2026-11-28')).toEqual({ weekday: 'mañana', day: '29', month: 'nov' });
    expect(formatDayParts('2026-11-30', '2026-11-28')).toEqual({ weekday: 'lun', day: '30', month: 'nov' });
    expect(formatDayParts('2027-01-03', '2026-11-28')).toEqual({ weekday: 'dom', day: '3', month: 'ene' });
  });

  it("writes an instant's day, time and both in the marina's zone, never the phone's", () => {
    // 23:30 UTC on the 28th is already the 29th in Madrid, still the 28th in the Canaries.
    const late = new Date('2026-11-28T23:30:00Z');
    expect(formatDayOf(late, 'Europe/Madrid', now)).toBe('domingo 29 de noviembre');
    expect(formatDayOf(late, 'Atlantic/Canary', now)).toBe('sábado 28 de noviembre');
    expect(formatTime(now, 'Europe/Madrid')).toBe('13:30');
    expect(formatTime(now, 'Atlantic/Canary')).toBe('12:30');
    expect(formatTime(new Date('2026-11-28T23:05:09Z'), 'Atlantic/Canary', { seconds: true })).toBe('23:05:09');
    expect(formatDayTime(now, 'Europe/Madrid', now)).toBe('sábado 28 de noviembre, 13:30');
  });

  it('says «hoy», «mañana» and «ayer» for the days around today, the day with time further away', () => {
    expect(formatWhen(now, 'Europe/Madrid', now)).toBe('hoy, 13:30');
    expect(formatWhen(new Date('2026-11-29T10:00:00Z'), 'Europe/Madrid', now)).toBe('mañana, 11:00');
    expect(formatWhen(new Date('2026-11-27T08:15:00Z'), 'Europe/Madrid', now)).toBe('ayer, 09:15');
    expect(formatWhen(new Date('2026-12-01T08:15:00Z'), 'Europe/Madrid', now)).toBe('martes 1 de diciembre, 09:15');
    // Midnight in the marina's zone, not in UTC, turns today into tomorrow.
    expect(formatWhen(new Date('2026-11-28T23:30:00Z'), 'Europe/Madrid', now)).toBe('mañana, 00:30');
    expect(formatWhen(new Date('2026-11-28T23:30:00Z'), 'Atlantic/Canary', now)).toBe('hoy, 23:30');
  });

  it('writes a slot for a sentence, across a change of the clocks', () => {
    expect(describeSlot(new Date('2027-03-28T07:00:00Z'), 'Europe/Madrid', now)).toBe(
      'domingo 28 de marzo de 2027 a las 09:00',
    );
    expect(describeSlot(new Date('2026-11-28T09:00:00Z'), 'Atlantic/Canary', now)).toBe(
      'sábado 28 de noviembre a las 09:00',
    );
  });

  it("names Spain's zones as people say them, and others in Spanish words", () => {
    expect(zoneName('Atlantic/Canary')).toBe('hora de Canarias');
    expect(zoneName('Europe/Madrid')).toBe('hora peninsular');
    expect(zoneName('Europe/Paris')).toBe('hora de Europa central');
    expect(zoneName('Europe/Paris')).not.toContain('/');
  });
});
