// `pnpm bench:bundle`: per client, the gzipped JS and CSS the browser loads to render /login, and the
// Lighthouse mobile scores of /login. Prints figures; targets are reported, not asserted.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startServer } from '@marina/api/server.ts';
import { CHROME_FLAGS, CHROME_PATH } from './lib/chromium.ts';
import { clientSeeds, discoverClients } from './lib/clients.ts';
import { run } from './lib/run.ts';
import { ensureChromium } from './lib/system.ts';

const TARGET_JS_KB = 130;

await ensureChromium();
const clients = await discoverClients();
if ((await run('turbo', ['run', 'build', '--output-logs=errors-only'], { env: { MARINA_API_URL: '/' } })) !== 0) {
  process.exit(1);
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const rows: string[] = [];
let port = 47_600;
for (const client of clients) {
  port += 1;
  const dist = join(client.dir, 'dist');
  const server = await startServer({
    port,
    host: '127.0.0.1',
    staticDir: dist,
    clients: clientSeeds(clients),
    dataDir: 'memory',
    logLevel: 'warn',
    handleSignals: false,
  });
  const url = `${server.url}/login`;
  try {
    // What the first visit to /login downloads, gzipped as a server would send it.
    const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS });
    const page = await browser.newPage({ serviceWorkers: 'block' });
    const assets = new Set<string>();
    page.on('response', (response) => {
      const path = new URL(response.url()).pathname;
      // The service worker and its helper come once the app is stable, never to render a screen.
      if (/\.(js|css)$/.test(path) && !path.endsWith('/sw.js') && !path.includes('workbox-window')) assets.add(path);
    });
    await page.addInitScript(() => localStorage.setItem('mb.sliderSeen', '1'));
    // What it takes to show the form: later loads (the service worker's helper, once the app is
    // stable; the validation rules, on the first check) are not part of rendering /login.
    await page.goto(url, { waitUntil: 'load' });
    await page.getByRole('button', { name: 'Entrar' }).waitFor();
    const rendered = [...assets];
    await browser.close();
    let js = 0;
    let css = 0;
    for (const path of rendered) {
      const size = gzipSync(readFileSync(join(dist, path)), { level: 9 }).length;
      if (path.endsWith('.js')) js += size;
      else css += size;
    }

    const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
    try {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
      });
      const categories = result?.lhr.categories;
      const audit = (id: string) => result?.lhr.audits[id]?.displayValue ?? 'n/a';
      const score = (value: number | null | undefined) => (value == null ? 'n/a' : String(Math.round(value * 100)));
      rows.push(
        `${client.name.padEnd(10)} JS ${kb(js).padStart(6)} KB gz  CSS ${kb(css).padStart(5)} KB gz  (${rendered.length} files)  ` +
          `Lighthouse performance ${score(categories?.performance?.score)}  accessibility ${score(categories?.accessibility?.score)}  ` +
          `(FCP ${audit('first-contentful-paint')}, LCP ${audit('largest-contentful-paint')}, TBT ${audit('total-blocking-time')}, CLS ${audit('cumulative-layout-shift')})` +
          `${js / 1024 > TARGET_JS_KB ? `  ← over the ${TARGET_JS_KB} KB target` : ''}`,
      );
    } finally {
      chrome.kill();
    }
  } finally {
    await server.close();
  }
}

console.log(`\n/login, first visit, mobile (targets: JS ≤ ${TARGET_JS_KB} KB gz, performance ≥ 98, accessibility 100)`);
for (const row of rows) console.log(`  ${row}`);
