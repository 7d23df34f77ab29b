import { describe, expect, it } from 'vitest';
import { median, p90, table, waterfallDepth } from './bench-stats.ts';

describe('median and p90', () => {
  it('takes the middle value, whatever the order', () => {
    expect(median([30, 10, 20])).toBe(20);
    expect(median([4, 1, 3, 2])).toBe(3);
    expect(p90([5, 1, 4, 2, 3, 6, 7, 8, 9, 10])).toBe(9);
    expect(p90([7])).toBe(7);
  });

  it('refuses an empty list rather than answering undefined', () => {
    expect(() => median([])).toThrow();
    expect(() => p90([])).toThrow();
  });
});

describe('waterfallDepth', () => {
  it('is 0 without requests and 1 when all go out together', () => {
    expect(waterfallDepth([])).toBe(0);
    expect(
      waterfallDepth([
        { start: 0, end: 50 },
        { start: 5, end: 40 },
        { start: 10, end: 90 },
      ]),
    ).toBe(1);
  });

  it('counts the page, its script and the call the script makes as three', () => {
    expect(
      waterfallDepth([
        { start: 0, end: 20 },
        { start: 25, end: 60 },
        { start: 80, end: 120 },
      ]),
    ).toBe(3);
  });

  it('follows the longest chain, not the number of requests', () => {
    // page → entry → (session ∥ chunk) → data after the session: 4, though six requests.
    const requests = [
      { start: 0, end: 20 },
      { start: 21, end: 60 },
      { start: 61, end: 100 }, // session
      { start: 62, end: 140 }, // chunk
      { start: 65, end: 90 }, // a preload beside them
      { start: 101, end: 130 }, // data, after the session only
    ];
    expect(waterfallDepth(requests)).toBe(4);
    expect(waterfallDepth([...requests].reverse())).toBe(4);
  });

  it('counts a request that starts exactly when another ends as after it', () => {
    expect(
      waterfallDepth([
        { start: 0, end: 10 },
        { start: 10, end: 20 },
      ]),
    ).toBe(2);
  });
});

describe('table', () => {
  it('pads the first column to the left and the others to the right', () => {
    expect(
      table(
        ['route', 'ms'],
        [
          ['inicio', '812'],
          ['mas', '95'],
        ],
      ),
    ).toBe(['route    ms', '------  ---', 'inicio  812', 'mas      95'].join('\n'));
  });
});
