// `pnpm bench:bundle --floor` (decision 065): the app's /login measured beside the floor page in the same
// run, rounds interleaved, so a busy moment of the machine falls on both sides alike. The arithmetic of it.

/** The middle value (the upper of the two middle ones for an even count); NaN for no values. */
export function median(values: number[]): number {
  const known = values.filter((value) => !Number.isNaN(value)).sort((a, b) => a - b);
  return known.length === 0 ? Number.NaN : known[Math.floor(known.length / 2)]!;
}

/** The order the runs are made in: round after round, each side once per round (floor, app, floor, app…). */
export function interleave<Side>(sides: readonly Side[], rounds: number): Array<{ round: number; side: Side }> {
  return Array.from({ length: rounds }, (_, round) => sides.map((side) => ({ round, side }))).flat();
}

/** What one side measured, as medians of its rounds (times in ms, JS in bytes). */
export interface SideFigures {
  jsBytes: number;
  performance: number;
  fcp: number;
  lcp: number;
  tbt: number;
  tti: number;
}

/** Issue 24's bar: blocking time no more than the floor's, time to interactive at most 1.1× the floor's,
 * Lighthouse's score no less than the floor's. */
export const FLOOR_BAR = { tbtRatio: 1, ttiRatio: 1.1 } as const;

/** project / floor; a floor of zero (TBT can be) gives 1 for a project of zero too, else Infinity. */
export function ratio(project: number, floor: number): number {
  if (floor === 0) return project === 0 ? 1 : Number.POSITIVE_INFINITY;
  return project / floor;
}

/** Where the app misses the bar, in words; empty when it meets it. */
export function missesAgainstFloor(project: SideFigures, floor: SideFigures): string[] {
  return [
    project.tbt > floor.tbt * FLOOR_BAR.tbtRatio ? 'TBT over the floor’s' : '',
    project.tti > floor.tti * FLOOR_BAR.ttiRatio ? `TTI over ${FLOOR_BAR.ttiRatio}× the floor’s` : '',
    project.performance < floor.performance ? 'performance under the floor’s' : '',
  ].filter(Boolean);
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const times = (value: number) => (Number.isFinite(value) ? value.toFixed(2) : '∞');

/** The table `--floor` prints: one line per figure, floor, project and project / floor. */
export function floorTable(project: SideFigures, floor: SideFigures): string[] {
  const line = (name: string, floorText: string, projectText: string, compared: string, miss = false) =>
    `${name.padEnd(34)}${floorText.padStart(10)}${projectText.padStart(10)}${compared.padStart(10)}${miss ? '  ←' : ''}`;
  return [
    line('', 'floor', 'project', 'p / f'),
    line(
      'JS before the form is usable (gz)',
      kb(floor.jsBytes),
      kb(project.jsBytes),
      times(ratio(project.jsBytes, floor.jsBytes)),
    ),
    line(
      'Lighthouse performance',
      String(floor.performance),
      String(project.performance),
      `${project.performance - floor.performance >= 0 ? '+' : '−'}${Math.abs(project.performance - floor.performance)}`,
      project.performance < floor.performance,
    ),
    line('First contentful paint', seconds(floor.fcp), seconds(project.fcp), times(ratio(project.fcp, floor.fcp))),
    line('Largest contentful paint', seconds(floor.lcp), seconds(project.lcp), times(ratio(project.lcp, floor.lcp))),
    line(
      'Total blocking time',
      `${Math.round(floor.tbt)} ms`,
      `${Math.round(project.tbt)} ms`,
      times(ratio(project.tbt, floor.tbt)),
      project.tbt > floor.tbt * FLOOR_BAR.tbtRatio,
    ),
    line(
      'Time to interactive',
      seconds(floor.tti),
      seconds(project.tti),
      times(ratio(project.tti, floor.tti)),
      project.tti > floor.tti * FLOOR_BAR.ttiRatio,
    ),
  ];
}
