// `pnpm bench:bundle`: per client, the gzipped JS the browser loads before the sign-in form at /login is
// usable, and the Lighthouse mobile scores of /login (median of three runs). Prints figures and the
// targets they are held to; it asserts nothing (Lighthouse's figures move with the machine's load).
// `--floor` measures one marina beside the floor page (a bare React page with the same form, decision 065),
// their Lighthouse rounds interleaved in the same run (`--rounds`, 5 by default), and prints the ratios.
// `--floor --before DIR` adds a third side, a copy of the marina's `dist` from before a change, in the same
// rounds (floor, before, app…), and prints it against the floor too: a change measured in the same run.
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startServer } from '@marina/api/server.ts';
import { CHROME_FLAGS, CHROME_PATH } from './lib/chromium.ts';
import { clientSeeds, discoverClients } from './lib/clients.ts';
import { buildFloorPage } from './lib/floor-page.ts';
import { floorTable, interleave, median, missesAgainstFloor, type SideFigures } from './lib/floor-figures.ts';
import { run } from './lib/run.ts';
import { ensureChromium } from './lib/system.ts';

const TARGETS = { jsKb: 110, performance: 100, lcpMs: 1700, tbtMs: 50 };
const RUNS = 3;

await ensureChromium();
// `--client 41` measures one marina only (every one is built all the same).
const option = (name: string) =>
  process.argv.indexOf(name) > 0 ? Number(process.argv[process.argv.indexOf(name) + 1]) : undefined;
const only = option('--client');
const againstFloor = process.argv.includes('--floor');
const rounds = option('--rounds') ?? 5;
const beforeDist = process.argv.includes('--before') ? process.argv[process.argv.indexOf('--before') + 1] : undefined;
const clients = await discoverClients();
if ((await run('turbo', ['run', 'build', '--output-logs=errors-only'], { env: { MARINA_API_URL: '/' } })) !== 0) {
  process.exit(1);
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/** A visitor past the intro slides (else the app opens them instead of the form): set once on the origin. */
async function pastTheSlides(browserUrl: string, origin: string): Promise<void> {
  const browser = await chromium.connectOverCDP(browserUrl);
  const page = await browser.contexts()[0]!.newPage();
  // A file of the origin that loads nothing else, so no cache is warmed for the run.
  await page.goto(`${origin}/brand/icon.svg`);
  await page.evaluate(() => localStorage.setItem('mb.sliderSeen', '1'));
  await page.close();
  await browser.close();
}

/**
 * What a first visit to /login downloads before the form can be sent (its button is enabled once the app
 * has taken the page over), gzipped as a server would send it. Later loads (the first API call's client,
 * the service worker's helper) are not part of it.
 */
async function beforeUsable(url: string, dist: string) {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS });
  try {
    const page = await browser.newPage({ serviceWorkers: 'block' });
    await page.addInitScript(() => {
      localStorage.setItem('mb.sliderSeen', '1');
      // The moment the send button is enabled, read in the page: a poll from outside would come late.
      const watch = new MutationObserver(() => {
        const send = document.querySelector<HTMLButtonElement>('button[type="submit"]');
        if (send && !send.disabled) {
          (window as { usableAt?: number }).usableAt = performance.now();
          watch.disconnect();
        }
      });
      watch.observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['disabled'] });
    });
    await page.goto(url);
    await page.getByRole('button', { name: 'Entrar' }).and(page.locator(':enabled')).waitFor();
    const files = await page.evaluate(() => {
      const usableAt = (window as { usableAt?: number }).usableAt ?? Number.POSITIVE_INFINITY;
      return performance
        .getEntriesByType('resource')
        .filter((entry) => (entry as PerformanceResourceTiming).responseEnd <= usableAt)
        .map((entry) => new URL(entry.name).pathname)
        .filter((path) => /\.(js|css)$/.test(path));
    });
    const size = (ext: string) =>
      files
        .filter((path) => path.endsWith(ext))
        .reduce((sum, path) => sum + gzipSync(readFileSync(join(dist, path)), { level: 9 }).length, 0);
    return { js: size('.js'), css: size('.css'), files: files.length };
  } finally {
    await browser.close();
  }
}

interface Run {
  performance: number;
  accessibility: number;
  fcp: number;
  lcp: number;
  tbt: number;
  tti: number;
  cls: number;
}

/**
 * One Lighthouse run (its default: mobile, simulated slow 4G and 4× CPU) in a fresh browser profile. A run
 * that could not compute a metric (it happens on a busy machine) is said and made again, three times at most.
 */
async function lighthouseRun(url: string, attempt = 1, slides = true): Promise<Run> {
  const run = await lighthouseOnce(url, slides);
  if (!Object.values(run).some(Number.isNaN) || attempt === 4) return run;
  console.warn(`${url}: a Lighthouse run gave no score (${run.problem}); running it again`);
  return lighthouseRun(url, attempt + 1, slides);
}

/** `slides: false` for the floor page, which has none (and whose every address loads it). */
async function lighthouseOnce(url: string, slides: boolean): Promise<Run & { problem?: string }> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  try {
    if (slides) await pastTheSlides(`http://127.0.0.1:${chrome.port}`, new URL(url).origin);
    // Lighthouse clears the HTTP cache and the service workers before it loads the page, not local storage.
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
    if (new URL(lhr.finalDisplayedUrl).pathname !== '/login')
      throw new Error(`Lighthouse measured ${lhr.finalDisplayedUrl}, not /login`);
    const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const problem =
      lhr.runtimeError?.message ?? Object.values(lhr.audits).find((audit) => audit.errorMessage)?.errorMessage;
    return {
      ...(problem ? { problem } : {}),
      performance: Math.round((lhr.categories.performance?.score ?? Number.NaN) * 100),
      accessibility: Math.round((lhr.categories.accessibility?.score ?? Number.NaN) * 100),
      fcp: value('first-contentful-paint'),
      lcp: value('largest-contentful-paint'),
      tbt: value('total-blocking-time'),
      tti: value('interactive'),
      cls: value('cumulative-layout-shift'),
    };
  } finally {
    chrome.kill();
  }
}

/** The same server for both sides of a run: the app's bundle or the floor page, same options, same API. */
function serve(staticDir: string, port: number) {
  return startServer({
    port,
    host: '127.0.0.1',
    staticDir,
    clients: clientSeeds(clients),
    dataDir: 'memory',
    logLevel: 'warn',
    handleSignals: false,
  });
}

/** `--floor`: one marina and the floor page, Lighthouse rounds interleaved (floor, app, floor, app…). */
async function benchAgainstFloor(): Promise<void> {
  const client = clients.find((candidate) => candidate.id === (only ?? 41)) ?? clients[0]!;
  const floorDist = await buildFloorPage();
  const appDist = join(client.dir, 'dist');
  const [appServer, floorServer] = [await serve(appDist, 47_601), await serve(floorDist, 47_602)];
  const beforeServer = beforeDist ? await serve(beforeDist, 47_603) : undefined;
  try {
    const sides = {
      floor: { url: `${floorServer.url}/login?client=${client.id}`, dist: floorDist, slides: false, runs: [] as Run[] },
      app: { url: `${appServer.url}/login`, dist: appDist, slides: true, runs: [] as Run[] },
      before: { url: `${beforeServer?.url}/login`, dist: beforeDist ?? '', slides: true, runs: [] as Run[] },
    };
    const usable = {
      floor: await beforeUsable(sides.floor.url, floorDist),
      app: await beforeUsable(sides.app.url, appDist),
      before: beforeServer ? await beforeUsable(sides.before.url, sides.before.dist) : { js: 0, css: 0, files: 0 },
    };
    const order = beforeServer ? (['floor', 'before', 'app'] as const) : (['floor', 'app'] as const);
    for (const { round, side } of interleave<'floor' | 'app' | 'before'>(order, rounds)) {
      const { url, slides, runs } = sides[side];
      runs.push(await lighthouseRun(url, 1, slides));
      process.stdout.write(`\rround ${round + 1}/${rounds} ${side}   `);
    }
    const figures = (side: 'floor' | 'app' | 'before'): SideFigures => {
      const of = (key: keyof Run) => median(sides[side].runs.map((entry) => entry[key]));
      return {
        jsBytes: usable[side].js,
        performance: of('performance'),
        fcp: of('fcp'),
        lcp: of('lcp'),
        tbt: of('tbt'),
        tti: of('tti'),
      };
    };
    const [floor, app] = [figures('floor'), figures('app')];
    const list = (side: 'floor' | 'app' | 'before', key: keyof Run, scale = 1) =>
      sides[side].runs.map((entry) => Math.round(entry[key] / scale)).join(' ');
    const misses = missesAgainstFloor(app, floor);
    console.log(
      `\n\n/login, first visit, Lighthouse mobile: ${client.name} against the floor page (bare React + react-router), ` +
        `${rounds} interleaved rounds, medians; load average ${loadavg()
          .map((load) => load.toFixed(1))
          .join(' ')}`,
    );
    for (const line of floorTable(app, floor)) console.log(`  ${line}`);
    console.log(
      `  rounds: performance floor ${list('floor', 'performance')} / project ${list('app', 'performance')}; ` +
        `TBT ms floor ${list('floor', 'tbt')} / project ${list('app', 'tbt')}; ` +
        `TTI ms floor ${list('floor', 'tti')} / project ${list('app', 'tti')}`,
    );
    console.log(
      misses.length === 0
        ? '  meets the bar: TBT ≤ the floor’s, TTI ≤ 1.1× the floor’s, performance ≥ the floor’s'
        : `  ← ${misses.join(', ')}`,
    );
    if (beforeServer) {
      const before = figures('before');
      console.log(`\n  before (${beforeDist}), the same rounds:`);
      for (const line of floorTable(before, floor)) console.log(`  ${line}`);
      console.log(
        `  rounds: performance ${list('before', 'performance')}; TBT ms ${list('before', 'tbt')}; TTI ms ${list('before', 'tti')}`,
      );
      const misses = missesAgainstFloor(before, floor);
      console.log(misses.length === 0 ? '  meets the bar' : `  ← ${misses.join(', ')}`);
    }
  } finally {
    await beforeServer?.close();
    await appServer.close();
    await floorServer.close();
  }
}

if (againstFloor) {
  await benchAgainstFloor();
  process.exit(0);
}

const rows: string[] = [];
let port = 47_600;
for (const client of clients.filter((candidate) => only === undefined || candidate.id === only)) {
  port += 1;
  const dist = join(client.dir, 'dist');
  const server = await serve(dist, port);
  const url = `${server.url}/login`;
  try {
    const usable = await beforeUsable(url, dist);
    const runs: Run[] = [];
    for (let index = 0; index < RUNS; index++) runs.push(await lighthouseRun(url));
    const of = (key: keyof Run) => median(runs.map((entry) => entry[key]));
    const over = [
      usable.js / 1024 > TARGETS.jsKb ? `JS over ${TARGETS.jsKb} KB` : '',
      of('performance') < TARGETS.performance ? `performance under ${TARGETS.performance}` : '',
      of('lcp') > TARGETS.lcpMs ? `LCP over ${TARGETS.lcpMs / 1000} s` : '',
      of('tbt') > TARGETS.tbtMs ? `TBT over ${TARGETS.tbtMs} ms` : '',
    ].filter(Boolean);
    rows.push(
      `${client.name.padEnd(10)} JS ${kb(usable.js).padStart(6)} KB gz  CSS ${kb(usable.css).padStart(4)} KB gz  (${usable.files} files before usable)  ` +
        `performance ${of('performance')} (${runs.map((entry) => entry.performance).join(' ')})  accessibility ${of('accessibility')}  ` +
        `FCP ${(of('fcp') / 1000).toFixed(2)} s  LCP ${(of('lcp') / 1000).toFixed(2)} s  TBT ${Math.round(of('tbt'))} ms  CLS ${of('cls').toFixed(3)}` +
        (over.length > 0 ? `  ← ${over.join(', ')}` : ''),
    );
  } finally {
    await server.close();
  }
}

console.log(
  `\n/login, first visit (no cache, intro slides seen), Lighthouse mobile, median of ${RUNS} runs ` +
    `(targets: JS before usable ≤ ${TARGETS.jsKb} KB gz, performance ${TARGETS.performance}, LCP ≤ ${TARGETS.lcpMs / 1000} s, TBT ≤ ${TARGETS.tbtMs} ms, accessibility 100)`,
);
for (const row of rows) console.log(`  ${row}`);
