import { describe, expect, it } from 'vitest';
import { duration } from './duration.ts';

describe('duration', () => {
  it('gives seconds under a minute, and minutes with seconds from there, rounded to the second', () => {
    expect(duration(0)).toBe('0s');
    expect(duration(48_400)).toBe('48s');
    expect(duration(59_499)).toBe('59s');
    expect(duration(59_500)).toBe('1m 0s');
    expect(duration(112_000)).toBe('1m 52s');
    expect(duration(725_000)).toBe('12m 5s');
  });
});
