// `pnpm bench:screens [--client 41] [--runs 3] [--cpu 4] [--latency 40] [--mbps 10] [--only inicio,mas] [--probe]
// [--before DIR]`:
// how long each private screen takes to show its content when a signed-in person opens the app on it in a
// new browser (the session cookie, nothing cached), beside the floor page (`tooling/bench-floor`, decision
// 065) measured the same way in the same run. Prints, per screen, the median time to content cold and warm
// (a reload in the same browser: its HTTP cache and what the app kept), its ratio to the floor's time to
// content, the gzipped JS and the API calls it took, and the waterfall depth: the longest chain of requests
// each of which started only after the one before it had ended (page → script → call is 3). The target is
// 1.2× the floor (issue 24, decision 066); the figures move with the machine's load, so it asserts nothing.
//
// How it measures:
// - one server (the API's, a database in memory with the demo owner the API seeds outside production: boats,
//   a launch, an authorised person, outings, notices) serves the app; a second server on the same database
//   serves the floor page, so both cross the same network path and answer the same session;
// - every start is a new browser context with the demo owner's session cookie and nothing else: no HTTP
//   cache, no local storage, no service worker (blocked: a first visit has none);
// - the moment is taken in the page: an init script watches the DOM and, once the screen's heading and its
//   first item (or its empty state: `SCREENS` below) are laid out, takes `performance.now()` in the next
//   animation frame, counted from the navigation's start. The floor's time to content is `/contenido` →
//   `[data-content]` (one call to GET /session), its time to interactive `/login` → «Entrar» enabled;
// - the network is the same fixed profile for every page (`--latency` ms added to each request, `--mbps`
//   down, half that up), set through the DevTools protocol, so a chain of requests shows as it would on a
//   phone; `--cpu 4` slows the CPU four times too (off by default: the machine is shared);
// - the floor and the screens take turns, run after run, so a change in the machine's load touches all alike;
// - `--before DIR` measures a second build of the same marina (a copy of its `dist` from before a change),
//   served the same way on the same database, each of its starts right after the same screen's, and adds
//   a table of both: a change is measured against the state before it in the same run.
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { openDatabase } from '@marina/api/db/database.ts';
import { startServer } from '@marina/api/server.ts';
import { signInAsDemoOwner } from '../e2e/accounts.ts';
import { benchBrowserOptions, buildForBench } from './lib/bench-app.ts';
import { median, table, waterfallDepth, type Timed } from './lib/bench-stats.ts';
import { clientFromArgs, clientSeeds } from './lib/clients.ts';
import { buildFloorPage } from './lib/floor-page.ts';
import { flag } from './lib/run.ts';
import { ensureChromium } from './lib/system.ts';

const args = process.argv.slice(2);
const RUNS = Number(flag(args, 'runs') ?? 3);
const CPU = Number(flag(args, 'cpu') ?? 1);
const LATENCY_MS = Number(flag(args, 'latency') ?? 40);
const MBPS = Number(flag(args, 'mbps') ?? 10);
const TARGET = 1.2;
const ONLY = flag(args, 'only')?.split(',');
const BEFORE = flag(args, 'before');

/**
 * What shows a screen's content: a visible `h1` containing `heading`, and a visible element matching
 * `selector` (containing `text`, if given) — the screen's first item or its empty state, never the
 * skeleton or «Cargando…».
 */
interface ContentSpec {
  heading: string;
  selector: string;
  text?: string;
}

interface Screen extends ContentSpec {
  /** The route's name, as the router knows it. */
  name: string;
  /** The path opened; `:boat`/`:launch` are filled in with the demo owner's. */
  path: string;
}

/** The private screens (and `ayuda`, public but reading the marina's settings), each with what shows it. */
const SCREENS: Screen[] = [
  { name: 'inicio', path: '/inicio', heading: 'Hola', selector: 'main section[data-verdict]' },
  { name: 'misbarcos', path: '/misbarcos', heading: 'Mis barcos', selector: 'main li article' },
  { name: 'barco', path: '/misbarcos/:boat', heading: '', selector: 'main section dl' },
  { name: 'pedidosbajadas', path: '/pedidosbajadas', heading: 'Bajadas', selector: 'main li article' },
  { name: 'bajada', path: '/pedidosbajadas/:launch', heading: 'Bajada', selector: 'main section dl' },
  {
    name: 'altaPedidoBajada',
    path: '/alta-pedido-bajada',
    heading: 'Pedir una bajada',
    selector: 'main input[name="boatId"]',
  },
  { name: 'salidas', path: '/salidas', heading: 'Salidas', selector: 'main li article' },
  // With no boat able to go out today (the demo's), the screen says so and lists the boats.
  { name: 'altaSalida', path: '/alta-salida', heading: 'Registrar una salida', selector: 'main h2, main form' },
  { name: 'autorizados', path: '/autorizados', heading: 'Autorizados', selector: 'main li article' },
  // The demo owner has no notices: the empty state is the content.
  { name: 'notificaciones', path: '/notificaciones', heading: 'Notificaciones', selector: 'main li, main h2' },
  { name: 'carnetVerde', path: '/carnet-verde', heading: 'Tu carnet', selector: 'main svg[role="img"]' },
  { name: 'micuenta', path: '/micuenta', heading: 'Mi cuenta', selector: 'main section dl' },
  { name: 'mas', path: '/mas', heading: 'Más', selector: 'main nav li a' },
  {
    name: 'validarDatos',
    path: '/validar-datos',
    heading: 'Validar mis datos',
    selector: 'main input[name="firstName"]',
  },
  { name: 'ayuda', path: '/ayuda', heading: 'Ayuda', selector: 'main details' },
];

const FLOOR_CONTENT: ContentSpec = { heading: 'Contenido', selector: '[data-content]' };
const FLOOR_INTERACTIVE: ContentSpec = { heading: 'Entrar', selector: 'button[type="submit"]:enabled' };

await ensureChromium();
const { client, clients } = await clientFromArgs(args);
await buildForBench(client);
// Vite's build sets NODE_ENV to production in this process: the servers read the environment from before it.
const env = { ...process.env, DEV_ROUTES: '1' };
const floorDist = await buildFloorPage();
const dist = join(client.dir, 'dist');

const database = await openDatabase({ dataDir: 'memory' });
const serverOptions = {
  port: 0,
  host: '127.0.0.1',
  clients: clientSeeds(clients),
  database,
  logLevel: 'warn' as const,
  handleSignals: false,
  env,
};
const app = await startServer({ ...serverOptions, staticDir: dist });
const floor = await startServer({ ...serverOptions, staticDir: floorDist });
const before = BEFORE ? await startServer({ ...serverOptions, staticDir: BEFORE }) : undefined;

/** Takes, in the page, the frame in which the content `spec` names is first drawn (`window.contentAt`). */
function watchForContent(spec: ContentSpec) {
  const visible = (element: Element) => element.getBoundingClientRect().height > 0;
  const shown = () =>
    [...document.querySelectorAll('h1')].some(
      (heading) => visible(heading) && (heading.textContent ?? '').includes(spec.heading),
    ) &&
    [...document.querySelectorAll(spec.selector)].some(
      (element) => visible(element) && (spec.text === undefined || (element.textContent ?? '').includes(spec.text)),
    );
  let pending = false;
  const watch = new MutationObserver(() => {
    if (pending) return;
    pending = true;
    // Checked once a frame at most, in the frame that draws what changed.
    requestAnimationFrame(() => {
      pending = false;
      if (!shown()) return;
      watch.disconnect();
      (window as { contentAt?: number }).contentAt = performance.now();
    });
  });
  watch.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
}

interface Load {
  ms: number;
  /** The JS files loaded by then. */
  scripts: string[];
  /** The API calls made by then. */
  calls: number;
  depth: number;
  timeline: string[];
}

async function throttle(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: LATENCY_MS,
    downloadThroughput: (MBPS * 1024 * 1024) / 8,
    uploadThroughput: (MBPS * 1024 * 1024) / 16,
  });
  if (CPU > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
}

async function measured(page: Page, label: string): Promise<Load> {
  try {
    await page.waitForFunction(() => (window as { contentAt?: number }).contentAt !== undefined, null, {
      timeout: 30_000,
    });
  } catch (error) {
    const text = await page
      .locator('body')
      .innerText()
      .catch(() => '');
    throw new Error(`${label}: no content in 30 s at ${page.url()}; the page says:\n${text.slice(0, 600)}`, {
      cause: error,
    });
  }
  const found = await page.evaluate(() => {
    const contentAt = (window as { contentAt?: number }).contentAt!;
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    const resources = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((entry) => entry.responseEnd <= contentAt)
      .map((entry) => ({ path: new URL(entry.name).pathname, start: entry.startTime, end: entry.responseEnd }));
    return { contentAt, page: { start: 0, end: navigation?.responseEnd ?? 0 }, resources };
  });
  const at = (value: number) => String(Math.round(value)).padStart(5);
  return {
    ms: found.contentAt,
    scripts: found.resources.filter((entry) => entry.path.endsWith('.js')).map((entry) => entry.path),
    calls: found.resources.filter((entry) => entry.path.startsWith('/api/')).length,
    depth: waterfallDepth([found.page, ...found.resources] satisfies Timed[]),
    timeline: [
      `${at(0)}–${at(found.page.end)} (page)`,
      ...found.resources.map((entry) => `${at(entry.start)}–${at(entry.end)} ${entry.path}`),
      `${at(found.contentAt)}       content`,
    ],
  };
}

/** A cold start on `url` in a new context with the session cookie, then a reload in it (warm). */
async function coldAndWarm(browser: Browser, url: string, spec: ContentSpec, cookies: StorageState) {
  const context = await browser.newContext({
    ...benchBrowserOptions(new URL(url).origin),
    serviceWorkers: 'block',
    storageState: cookies,
  });
  try {
    const page = await context.newPage();
    await throttle(context, page);
    await page.addInitScript(watchForContent, spec);
    await page.goto(url);
    const cold = await measured(page, url);
    await page.reload();
    const warm = await measured(page, `${url} (reload)`);
    return { cold, warm };
  } finally {
    await context.close();
  }
}

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

const gzSizes = new Map<string, number>();
function gzipped(root: string, path: string): number {
  const file = join(root, path);
  let size = gzSizes.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(file), { level: 9 }).length;
    gzSizes.set(file, size);
  }
  return size;
}

const { executablePath, args: chromeArgs } = benchBrowserOptions('');
const browser = await chromium.launch({ executablePath, args: chromeArgs });
try {
  // The demo owner signed in: the cookie every start carries. The floor's server shares the database and the
  // host, so the same cookie is a session there too.
  const signIn = await browser.newContext(benchBrowserOptions(app.url));
  const signInPage = await signIn.newPage();
  await signInAsDemoOwner(signInPage, app.url, client.id);
  const cookies = await signIn.storageState();
  const call = async <T>(path: string) => {
    const response = await signInPage.request.get(`${app.url}/api/v1/${path}`, {
      headers: { 'x-client-id': String(client.id) },
    });
    if (!response.ok()) throw new Error(`GET ${path}: ${response.status()}`);
    return (await response.json()) as T;
  };
  const { boats } = await call<{ boats: Array<{ id: string }> }>('boats');
  const { upcoming } = await call<{ upcoming: Array<{ id: string }> }>('launches');
  await signIn.close();
  const fill = (path: string) => path.replace(':boat', boats[0]!.id).replace(':launch', upcoming[0]!.id);
  const screens = SCREENS.filter((screen) => !ONLY || ONLY.includes(screen.name));

  if (args.includes('--probe')) {
    // What each screen shows once everything has loaded: to choose its content locator.
    const context = await browser.newContext({ ...benchBrowserOptions(app.url), storageState: cookies });
    const page = await context.newPage();
    for (const screen of screens) {
      await page.goto(`${app.url}${fill(screen.path)}`);
      await page.waitForLoadState('networkidle');
      console.log(`\n== ${screen.name} ${page.url()}\n${(await page.locator('main').innerHTML()).slice(0, 1500)}`);
    }
    await context.close();
    process.exit(0);
  }

  const floorContent: Load[] = [];
  const floorInteractive: Load[] = [];
  const results = new Map<string, { cold: Load[]; warm: Load[] }>(
    screens.map((screen) => [screen.name, { cold: [], warm: [] }]),
  );
  const resultsBefore = new Map<string, Load[]>(screens.map((screen) => [screen.name, []]));
  const floorUrl = (path: string) => `${floor.url}${path}?client=${client.id}`;
  for (let index = 0; index < RUNS; index++) {
    for (const screen of screens) {
      // The floor before every screen: its median is taken over as many starts as the screens have together.
      floorContent.push((await coldAndWarm(browser, floorUrl('/contenido'), FLOOR_CONTENT, cookies)).cold);
      const result = results.get(screen.name)!;
      const { cold, warm } = await coldAndWarm(browser, `${app.url}${fill(screen.path)}`, screen, cookies);
      result.cold.push(cold);
      result.warm.push(warm);
      if (before)
        resultsBefore
          .get(screen.name)!
          .push((await coldAndWarm(browser, `${before.url}${fill(screen.path)}`, screen, cookies)).cold);
    }
    floorInteractive.push((await coldAndWarm(browser, floorUrl('/login'), FLOOR_INTERACTIVE, cookies)).cold);
  }

  const floorMs = median(floorContent.map((load) => load.ms));
  const floorTti = median(floorInteractive.map((load) => load.ms));
  const ms = (value: number) => String(Math.round(value));
  const kb = (root: string, scripts: string[]) =>
    (scripts.reduce((sum, path) => sum + gzipped(root, path), 0) / 1024).toFixed(0);
  const middle = (loads: Load[]) => {
    const value = median(loads.map((load) => load.ms));
    return loads.find((load) => load.ms === value)!;
  };
  const rows = screens.map((screen) => {
    const { cold, warm } = results.get(screen.name)!;
    const typical = middle(cold);
    const ratio = typical.ms / floorMs;
    return [
      screen.path.replace(/:\w+/, '…'),
      ms(typical.ms),
      `${ratio.toFixed(2)}×${ratio > TARGET ? ' ←' : ''}`,
      `${(typical.ms / floorTti).toFixed(2)}×`,
      ms(median(warm.map((load) => load.ms))),
      kb(dist, typical.scripts),
      String(typical.calls),
      String(typical.depth),
    ];
  });
  const floorRow = (label: string, loads: Load[]) => {
    const typical = middle(loads);
    return [
      label,
      ms(typical.ms),
      '',
      '',
      '',
      kb(floorDist, typical.scripts),
      String(typical.calls),
      String(typical.depth),
    ];
  };
  const throttled = `network ${LATENCY_MS} ms latency per request, ${MBPS} Mbit/s down; CPU ${CPU > 1 ? `${CPU}× slower` : 'not throttled'}`;
  console.log(
    `\n${client.name}: each screen's content after a cold start (new browser, session cookie, nothing cached), ` +
      `medians of ${RUNS} run${RUNS === 1 ? '' : 's'}; warm = a reload in the same browser.\n${throttled}. ` +
      `Target ≤ ${TARGET}× the floor's time to content (← over). loadavg ${loadavg()
        .map((value) => value.toFixed(2))
        .join(' ')}\n`,
  );
  console.log(
    table(
      ['route', 'cold ms', '× floor', '× floor TTI', 'warm ms', 'JS KB gz', 'API calls', 'waterfall'],
      [
        floorRow('floor: /contenido (content)', floorContent),
        floorRow('floor: /login (interactive)', floorInteractive),
        ...rows,
      ],
    ),
  );
  if (before) {
    console.log(`\nThe same screens from ${BEFORE} (before), each start right after the one above:\n`);
    console.log(
      table(
        ['route', 'before ms', '× floor', 'after ms', '× floor', 'after / before'],
        screens.map((screen) => {
          const was = median(resultsBefore.get(screen.name)!.map((load) => load.ms));
          const now = median(results.get(screen.name)!.cold.map((load) => load.ms));
          return [
            screen.path.replace(/:\w+/, '…'),
            ms(was),
            `${(was / floorMs).toFixed(2)}×`,
            ms(now),
            `${(now / floorMs).toFixed(2)}×`,
            (now / was).toFixed(2),
          ];
        }),
      ),
    );
  }
  if (args.includes('--timeline'))
    for (const screen of screens) {
      const typical = middle(results.get(screen.name)!.cold);
      console.log(`\n  ${screen.name}, median cold start:\n    ${typical.timeline.join('\n    ')}`);
    }
} finally {
  await browser.close();
  await app.close();
  await floor.close();
  await before?.close();
  await database.close();
}
