// `pnpm bench:card [--client 41] [--runs 10] [--timeline]`: how long the card's QR takes to show when the app is opened
// again on a phone that has used it before (a cold start: a new browser on the phone's stored state, nothing
// in memory), online and offline. Prints the median and p90 from navigation start to the QR on screen, each
// beside the floor measured in the same run: the same measure of a bare static page from the same server, in
// the same browser. The target is 1 s; the figures move with the machine's load (docs/benchmarks.md records
// runs), so it asserts nothing.
//
// How it measures:
// - one browser profile is made once: the marina's demo owner signed in (its session cookie), past the intro
//   slides, the card opened online with the service worker installed and in control, and the card's copy kept
//   on the phone (`mb.serverCache`). Each run starts Chromium on a fresh copy of that profile, so every start is
//   the same cold start: what a storage state holds (cookies, local storage) plus the service worker and its
//   precache, which a Playwright storage state does not carry and without which nothing opens offline;
// - offline, the browser is offline before the first navigation (`context.setOffline`), service worker included;
// - the moment is taken in the page, not polled from outside: an init script watches the DOM and, once an
//   element named «Código QR del carnet…» is laid out, takes `performance.now()` in the next animation frame
//   (the frame that draws it), counted from the navigation's start. The floor page carries an element of the
//   same name, so both are measured by the same code;
// - the floor, the online start and the offline start take turns, run after run, so a change in the machine's
//   load touches all three alike. For the online start it also says when the session check (`GET /session`)
//   answered, the first thing the route guard waits for before the card can draw from the kept copy.
import { cpSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from '@playwright/test';
import { startServer } from '@marina/api/server.ts';
import { signInAsDemoOwner } from '../e2e/accounts.ts';
import { benchBrowserOptions, buildForBench } from './lib/bench-app.ts';
import { median, p90 } from './lib/bench-stats.ts';
import { clientFromArgs, clientSeeds } from './lib/clients.ts';
import { flag } from './lib/run.ts';
import { ensureChromium } from './lib/system.ts';

const TARGET_MS = 1000;
const RUNS = Number(flag(process.argv.slice(2), 'runs') ?? 10);
const MARK = 'Código QR del carnet';
const FLOOR_FILE = 'bench-floor.html';

await ensureChromium();
const { client, clients } = await clientFromArgs(process.argv.slice(2));
await buildForBench(client);

const dist = join(client.dir, 'dist');
// The floor: a page with nothing but an element the watcher finds, served as the bundle's other files are.
writeFileSync(
  join(dist, FLOOR_FILE),
  `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">` +
    `<title>Suelo</title></head><body><p role="img" aria-label="${MARK} (página estática)">▦</p></body></html>`,
);
const server = await startServer({
  port: 0,
  host: '127.0.0.1',
  staticDir: dist,
  clients: clientSeeds(clients),
  dataDir: 'memory',
  logLevel: 'warn',
  handleSignals: false,
  env: { ...process.env, DEV_ROUTES: '1' },
});
const origin = server.url;

const browserOptions = { ...benchBrowserOptions(origin), serviceWorkers: 'allow' as const };

/** Takes, in the page, the frame in which an element named «Código QR del carnet…» is first drawn. */
function watchForQr(mark: string) {
  const shown = () =>
    [...document.querySelectorAll('[role="img"]')].some((element) => {
      const name = element.getAttribute('aria-label') ?? element.querySelector('title')?.textContent ?? '';
      return name.startsWith(mark) && element.getBoundingClientRect().height > 0;
    });
  const watch = new MutationObserver(() => {
    if (!shown()) return;
    watch.disconnect();
    requestAnimationFrame(() => {
      (window as { qrShownAt?: number }).qrShownAt = performance.now();
    });
  });
  watch.observe(document, { subtree: true, childList: true });
}

interface Start {
  ms: number;
  /** What the page loaded, and when (`--timeline`): `startTime–responseEnd path`. */
  timeline: string[];
  /** When `GET /session` answered, from the navigation's start (online only). */
  sessionMs?: number;
}

async function measure(context: BrowserContext, path: string): Promise<Start> {
  const page = context.pages()[0] ?? (await context.newPage());
  await page.addInitScript(watchForQr, MARK);
  await page.goto(`${origin}${path}`);
  await page.waitForFunction(() => (window as { qrShownAt?: number }).qrShownAt !== undefined, null, {
    timeout: 30_000,
  });
  return page.evaluate(() => {
    const session = performance
      .getEntriesByType('resource')
      .find((entry) => new URL(entry.name).pathname.endsWith('/api/v1/session')) as
      PerformanceResourceTiming | undefined;
    const at = (value: number) => String(Math.round(value)).padStart(5);
    return {
      ms: (window as { qrShownAt?: number }).qrShownAt!,
      timeline: [
        ...performance
          .getEntriesByType('navigation')
          .map((entry) => `${at(entry.startTime)}–${at((entry as PerformanceNavigationTiming).responseEnd)} (page)`),
        ...performance
          .getEntriesByType('resource')
          .map(
            (entry) =>
              `${at(entry.startTime)}–${at((entry as PerformanceResourceTiming).responseEnd)} ${new URL(entry.name).pathname}`,
          ),
        ...performance.getEntriesByType('paint').map((entry) => `${at(entry.startTime)}       ${entry.name}`),
      ],
      ...(session ? { sessionMs: session.responseEnd } : {}),
    };
  });
}

/** The phone as it is after one online visit to the card: signed in, service worker in control, card kept. */
async function makeProfile(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-card-profile-'));
  const context = await chromium.launchPersistentContext(dir, browserOptions);
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    // A first call to the API hands out the visitor's cookie before signing in (as the browser suite does).
    await page.goto(`${origin}/ayuda`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.evaluate(() => localStorage.setItem('mb.sliderSeen', '1'));
    await signInAsDemoOwner(page, origin, client.id);
    await page.goto(`${origin}/carnet-verde`);
    await page.getByRole('img', { name: new RegExp(`^${MARK}`) }).waitFor();
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.getByRole('img', { name: new RegExp(`^${MARK}`) }).waitFor();
    await page.waitForFunction(() => (localStorage.getItem('mb.serverCache') ?? '').includes('"card"'), null, {
      timeout: 20_000,
    });
  } finally {
    await context.close();
  }
  return dir;
}

/** One cold start: Chromium on a fresh copy of `profile` (or an empty one), offline or not. */
async function coldStart(profile: string | null, path: string, offline: boolean): Promise<Start> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-card-run-'));
  if (profile) cpSync(profile, dir, { recursive: true });
  const context = await chromium.launchPersistentContext(dir, browserOptions);
  try {
    if (offline) await context.setOffline(true);
    return await measure(context, path);
  } finally {
    await context.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

let profile: string | undefined;
try {
  profile = await makeProfile();
  const floor: number[] = [];
  const online: Start[] = [];
  const offline: Start[] = [];
  for (let index = 0; index < RUNS; index++) {
    floor.push((await coldStart(null, `/${FLOOR_FILE}`, false)).ms);
    online.push(await coldStart(profile, '/carnet-verde', false));
    offline.push(await coldStart(profile, '/carnet-verde', true));
  }
  const floorMedian = median(floor);
  const floorP90 = p90(floor);
  const ms = (value: number) => `${Math.round(value)} ms`;
  const row = (label: string, values: number[]) => {
    const over = median(values) > TARGET_MS ? `  ← over ${TARGET_MS / 1000} s` : '';
    return (
      `  ${label.padEnd(28)} median ${(median(values) / floorMedian).toFixed(1).padStart(5)}× floor (${ms(median(values)).padStart(7)})` +
      `   p90 ${(p90(values) / floorP90).toFixed(1).padStart(5)}× floor (${ms(p90(values)).padStart(7)})${over}`
    );
  };
  const sessions = online.flatMap((start) => (start.sessionMs === undefined ? [] : [start.sessionMs]));
  console.log(
    `\n${client.name}: the card's QR on screen after a cold start (new browser on the phone's stored state), ` +
      `${RUNS} runs each, from navigation start; target ≤ ${TARGET_MS / 1000} s`,
  );
  console.log(
    `  ${'floor (bare static page)'.padEnd(28)} median ${ms(floorMedian).padStart(7)}   p90 ${ms(floorP90).padStart(7)}`,
  );
  console.log(
    row(
      'online',
      online.map((start) => start.ms),
    ),
  );
  console.log(
    row(
      'offline',
      offline.map((start) => start.ms),
    ),
  );
  if (process.argv.includes('--timeline'))
    for (const [label, start] of [
      ['online', online.at(-1)!],
      ['offline', offline.at(-1)!],
    ] as const)
      console.log(`\n  ${label}, last run (${ms(start.ms)} to the QR):\n    ${start.timeline.join('\n    ')}`);
  if (sessions.length > 0)
    console.log(
      `  ${'online: GET /session answered'.padEnd(28)} median ${ms(median(sessions)).padStart(7)}   p90 ${ms(p90(sessions)).padStart(7)}`,
    );
} finally {
  if (profile) rmSync(profile, { recursive: true, force: true });
  unlinkSync(join(dist, FLOOR_FILE));
  await server.close();
}
