import { describe, expect, it } from 'vitest';
import { floorTable, interleave, median, missesAgainstFloor, ratio, type SideFigures } from './floor-figures.ts';

const floor: SideFigures = { jsBytes: 98_509, performance: 99, fcp: 1340, lcp: 1390, tbt: 92, tti: 1650 };

describe('median', () => {
  it('takes the middle value, leaving out runs that could not compute it', () => {
    expect(median([232, 92, 150])).toBe(150);
    expect(median([5, 1, Number.NaN, 3, 4])).toBe(4);
    expect(median([Number.NaN])).toBeNaN();
    expect(median([])).toBeNaN();
  });
});

describe('interleave', () => {
  it('runs each side once per round, in the same order every round', () => {
    expect(interleave(['floor', 'app'], 3).map(({ round, side }) => `${round}${side}`)).toEqual([
      '0floor',
      '0app',
      '1floor',
      '1app',
      '2floor',
      '2app',
    ]);
    expect(interleave(['floor', 'app'], 0)).toEqual([]);
  });
});

describe('ratio', () => {
  it('divides the project by the floor, and copes with a floor of zero', () => {
    expect(ratio(232, 92)).toBeCloseTo(2.52, 2);
    expect(ratio(0, 0)).toBe(1);
    expect(ratio(10, 0)).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('missesAgainstFloor', () => {
  it('names each figure over the bar: TBT above the floor, TTI above 1.1×, a lower score', () => {
    const before = { jsBytes: 112_000, performance: 96, fcp: 1090, lcp: 1240, tbt: 232, tti: 2640 };
    expect(missesAgainstFloor(before, floor)).toEqual([
      'TBT over the floor’s',
      'TTI over 1.1× the floor’s',
      'performance under the floor’s',
    ]);
  });

  it('is empty at the bar itself', () => {
    const atTheBar = { ...floor, tbt: 92, tti: 1650 * 1.1, performance: 99 };
    expect(missesAgainstFloor(atTheBar, floor)).toEqual([]);
  });
});

describe('floorTable', () => {
  it('prints both sides and the ratios, and flags the lines that miss the bar', () => {
    const project = { jsBytes: 112_026, performance: 96, fcp: 1090, lcp: 1240, tbt: 232, tti: 1700 };
    const lines = floorTable(project, floor);
    expect(lines[0]).toMatch(/floor\s+project\s+p \/ f$/);
    expect(lines[1]).toMatch(/JS before the form is usable \(gz\)\s+96\.2 KB\s+109\.4 KB\s+1\.14$/);
    expect(lines[2]).toMatch(/Lighthouse performance\s+99\s+96\s+−3 {2}←$/);
    expect(lines[3]).toMatch(/First contentful paint\s+1\.34 s\s+1\.09 s\s+0\.81$/);
    expect(lines[5]).toMatch(/Total blocking time\s+92 ms\s+232 ms\s+2\.52 {2}←$/);
    // 1.03× the floor: within the bar.
    expect(lines[6]).toMatch(/Time to interactive\s+1\.65 s\s+1\.70 s\s+1\.03$/);
  });
});
