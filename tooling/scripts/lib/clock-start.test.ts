import { describe, expect, it } from 'vitest';
import { clockFromEnv } from './clock-start.ts';

describe('clockFromEnv', () => {
  it('keeps the real time when MARINA_CLOCK_START is not set', () => {
    expect(clockFromEnv({})).toBeUndefined();
    expect(clockFromEnv({ MARINA_CLOCK_START: ' ' })).toBeUndefined();
  });

  it('reads the instant given the first time, then moves on as the real clock does', () => {
    let real = Date.parse('2031-01-01T00:00:00Z');
    const clock = clockFromEnv({ MARINA_CLOCK_START: '2026-06-15T08:00:00Z' }, () => real)!;
    // However long the build took before the seed first reads it.
    real += 45_000;
    expect(clock().toISOString()).toBe('2026-06-15T08:00:00.000Z');
    real += 90_500;
    expect(clock().toISOString()).toBe('2026-06-15T08:01:30.500Z');
  });

  it('reads an offset as the same instant', () => {
    const clock = clockFromEnv({ MARINA_CLOCK_START: '2026-06-15T10:00:00+02:00' }, () => 0)!;
    expect(clock().toISOString()).toBe('2026-06-15T08:00:00.000Z');
  });

  it('refuses it in production', () => {
    expect(() => clockFromEnv({ MARINA_CLOCK_START: '2026-06-15T08:00:00Z', NODE_ENV: 'production' })).toThrow(
      /production server keeps the real time/,
    );
  });

  it('refuses an instant without a zone, or no instant at all', () => {
    for (const text of ['2026-06-15T08:00:00', '2026-06-15', 'mañana', '2026-13-45T08:00:00Z'])
      expect(() => clockFromEnv({ MARINA_CLOCK_START: text }), text).toThrow(/expected an instant/);
  });
});
