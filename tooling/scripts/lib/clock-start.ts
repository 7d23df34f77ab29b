/**
 * `MARINA_CLOCK_START=2026-06-15T02:00:00Z`: the server's clock reads that instant the first time it is read
 * (the demo data's seed, at start) and moves on from there as the real one does (`start + (now - first
 * reading)`). Sessions, codes and limits keep working, and the demo data lands on the same days and times
 * every run, whatever the day and however long the build before it took: what the browser suite's look
 * tests need (decision 052). Outside production only: a marina's real server keeps the real time.
 */
export const CLOCK_START_ENV = 'MARINA_CLOCK_START';

/**
 * The clock `MARINA_CLOCK_START` asks for, or undefined (the real time) when it is not set. Throws when it
 * is not an instant with a date, a time and a zone, or when NODE_ENV is production.
 */
export function clockFromEnv(
  env: NodeJS.ProcessEnv = process.env,
  realNow: () => number = Date.now,
): (() => Date) | undefined {
  const text = env[CLOCK_START_ENV]?.trim();
  if (!text) return undefined;
  if (env.NODE_ENV === 'production')
    throw new Error(`${CLOCK_START_ENV} is for tests: a production server keeps the real time. Unset it.`);
  // A date, a time and a zone (Z or ±hh:mm): without a zone the same text is another instant on another machine.
  const start = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(text)
    ? Date.parse(text)
    : Number.NaN;
  if (Number.isNaN(start))
    throw new Error(`${CLOCK_START_ENV}=${text}: expected an instant such as 2026-06-15T08:00:00Z (with its zone).`);
  let firstReading: number | undefined;
  return () => {
    const now = realNow();
    firstReading ??= now;
    return new Date(start + (now - firstReading));
  };
}
