// What the front-end benchmarks compute from what they measured (`bench-card.ts`, `bench-screens.ts`): plain
// functions, tested on their own (`bench-stats.test.ts`).

const sorted = (values: readonly number[]) => [...values].sort((a, b) => a - b);

/** The middle value (the upper one of an even count, as the benchmarks have always taken it). */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of nothing');
  return sorted(values)[Math.floor(values.length / 2)]!;
}

/** The 90th percentile, nearest rank. */
export function p90(values: readonly number[]): number {
  if (values.length === 0) throw new Error('p90 of nothing');
  return sorted(values)[Math.min(values.length - 1, Math.ceil(values.length * 0.9) - 1)]!;
}

/** One request of a page, in milliseconds from the navigation's start. */
export interface Timed {
  start: number;
  end: number;
}

/**
 * The longest chain of requests each of which started only after the one before it had ended: 1 when
 * everything went out at once, 3 for a page, its script and the one call the script makes. A request that
 * starts before another ends did not wait for it, whatever the order they are listed in.
 */
export function waterfallDepth(requests: readonly Timed[]): number {
  const byStart = [...requests].sort((a, b) => a.start - b.start);
  const depth: number[] = [];
  let deepest = 0;
  for (const [index, request] of byStart.entries()) {
    let best = 0;
    for (let before = 0; before < index; before++) {
      if (byStart[before]!.end <= request.start) best = Math.max(best, depth[before]!);
    }
    depth[index] = best + 1;
    deepest = Math.max(deepest, depth[index]);
  }
  return deepest;
}

/** A table in monospace: the first column to the left, the others to the right. */
export function table(header: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}
