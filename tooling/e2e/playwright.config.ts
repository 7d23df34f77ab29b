import { defineConfig } from '@playwright/test';
import { CHROME_FLAGS, CHROME_PATH } from '../scripts/lib/chromium.ts';
import { BRAND_SMOKE_SPEC, e2eClients, LOOK_SPEC, type E2eClient } from './clients.ts';
import type { MarinaOptions } from './fixtures.ts';
import { fileURLToPath } from 'node:url';

const PUSH_SERVICE_CERT = fileURLToPath(new URL('../fixtures/push-service/cert.pem', import.meta.url));

const clients = await e2eClients();
const SPLIT_ORIGIN_SPEC = 'split-origin.spec.ts';

/** Which specs a marina's project runs: the suite on a fixture, the smoke on a brand, the look on a look server. */
function specsOf(client: E2eClient) {
  if (client.kind === 'fixture') return { testIgnore: [SPLIT_ORIGIN_SPEC, BRAND_SMOKE_SPEC, LOOK_SPEC] };
  if (client.kind === 'brand') return { testMatch: BRAND_SMOKE_SPEC };
  // Its screenshots in git, one folder per project (marina), with no platform in the name: the suite runs in
  // Debian's Chromium on Linux only (decision 052).
  return { testMatch: LOOK_SPEC, snapshotPathTemplate: '{testDir}/look-snapshots/{projectName}/{arg}{ext}' };
}

export default defineConfig<MarinaOptions>({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  // A net for a test that hangs, not a speed check (speed: docs/benchmarks.md). With both cores busy elsewhere
  // (`stress --cpu 2`), the 320 px walk through every private screen ran past 90 s (30 s, tripled by
  // `test.slow()`); it takes about 30 s on an idle machine.
  timeout: 60_000,
  workers: process.env.CI ? 2 : undefined,
  // A test that fails runs once more, recording its trace then: recording every test cost a quarter of the
  // suite's CPU (decision 049). Passing the second time does not pass: a flaky test fails the run.
  retries: 1,
  failOnFlakyTests: true,
  forbidOnly: true,
  // What QA reads after a run (README.md, «Reading a failed browser test»): the HTML report in
  // test-results/e2e-report, and each failed test's screenshot, and the trace of its second run, under
  // test-results/e2e.
  reporter: [
    ['list'],
    ['json', { outputFile: '../../test-results/e2e.json' }],
    ['html', { outputFolder: '../../test-results/e2e-report', open: 'never' }],
  ],
  outputDir: '../../test-results/e2e',
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: CHROME_PATH, args: CHROME_FLAGS },
    viewport: { width: 390, height: 844 },
    locale: 'es-ES',
    timezoneId: 'Europe/Madrid',
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    serviceWorkers: 'block',
  },
  // The whole suite on the fixture marinas; each real brand its smoke spec only (decision 046); the look spec
  // on each fixture marina's second server, whose clock starts at a fixed instant (`look-901`…, decision 052).
  projects: [
    ...clients.map((client) => ({
      name: client.kind === 'look' ? `look-${client.id}` : client.name,
      ...specsOf(client),
      use: { baseURL: `http://127.0.0.1:${client.port}`, marina: client },
    })),
    // Once, not per marina: the app and the API on two origins, with servers of its own.
    { name: 'split-origin', testMatch: SPLIT_ORIGIN_SPEC },
  ],
  // Each client's bundle, built and served with the API exactly as `npm start` does, on its own port (free
  // when the run starts), seeded from its own folder of marinas (MARINAS_DIR: the fixtures' or apps/).
  // Never reused: whatever answers there would not be this checkout's server. Started one after another, so a
  // look server finds its marina's bundle built already (turbo's cache), never built twice at once.
  webServer: clients.map((client) => ({
    command: `node ../scripts/start.ts --client ${client.id} --port ${client.port} --memory`,
    // Accounts made through the API say which test address they come from (`testAddress`, accounts.ts);
    // only this machine may say so. The browser's own requests carry no such header: they stay 127.0.0.1.
    // A look server's clock starts at a fixed instant: its demo data lands on the same dates every run.
    env: {
      TRUST_PROXY: '127.0.0.1',
      // The push suite's fake push service (HTTPS on this machine, a test-only certificate): the server trusts it.
      NODE_EXTRA_CA_CERTS: PUSH_SERVICE_CERT,
      MARINAS_DIR: client.marinasDir,
      ...(client.clockStart ? { MARINA_CLOCK_START: client.clockStart } : {}),
    },
    url: `http://127.0.0.1:${client.port}/api/v1/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  })),
});
