import { describe, expect, it } from 'vitest';
import { SIGN_IN_PER_ADDRESS } from './limits.ts';
import { growingDelayMs } from './rate-limits.ts';

describe('growingDelayMs', () => {
  it('lets 5 failures go, then doubles from 1 s up to 15 minutes', () => {
    const delays = [0, 4, 5, 6, 7, 10, 15, 40].map((failures) => growingDelayMs(failures, SIGN_IN_PER_ADDRESS));
    expect(delays).toEqual([0, 0, 1000, 2000, 4000, 32_000, 900_000, 900_000]);
  });
});
