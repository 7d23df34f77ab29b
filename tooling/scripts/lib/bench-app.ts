// What the benchmarks that open the app in a browser share (`bench-card.ts`, `bench-screens.ts`): the build
// they measure and the phone they measure it on.
import { CHROME_FLAGS, CHROME_PATH } from './chromium.ts';
import type { ClientFolder } from './clients.ts';
import { run } from './run.ts';

/**
 * The marina's bundle as production builds it, calling its API by path (`MARINA_API_URL=/`) so that the one
 * server of the benchmark serves both. Ends the process if the build fails.
 */
export async function buildForBench(client: ClientFolder): Promise<void> {
  const built = await run('turbo', ['run', 'build', `--filter=@marina/${client.name}`, '--output-logs=errors-only'], {
    env: { MARINA_API_URL: '/' },
  });
  if (built !== 0) process.exit(built);
}

/** A phone-sized Chromium in Spanish, on Madrid's clock, calling the API by path from `origin`. */
export function benchBrowserOptions(origin: string) {
  return {
    // The browser suite's helpers call the API by path.
    baseURL: origin,
    executablePath: CHROME_PATH,
    args: CHROME_FLAGS,
    viewport: { width: 390, height: 844 },
    locale: 'es-ES',
    timezoneId: 'Europe/Madrid',
  };
}
