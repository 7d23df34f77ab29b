// The sign-in screen, drawn at build time into `login.html` beside the bundle's `index.html` (decision 017).
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { build, minify } from 'vite';
import { formikLodashAliases } from '@marina/core/config/formik-lodash.ts';
import { splitConfig, type AppConfig, type RuntimeConfig } from '@marina/core/config/app-config.ts';
import { LATER_PRELOAD_ATTRIBUTE, pageBrand, shellRoot } from './client-vite-config.ts';

/** What `tooling/client-shell/prerender.ts` exports, once built for Node. */
export interface PrerenderEntry {
  render(config: RuntimeConfig): Promise<string>;
  screen: string;
  firstStartGateScript: string;
  FIRST_START_ATTRIBUTE: string;
  PRERENDERED_ATTRIBUTE: string;
}

export class PrerenderError extends Error {}

/**
 * Builds the drawn screens' code for Node into `outDir`, with the app's plugins (so the class names are the
 * browser bundle's): the same for every marina, whose configuration `render` takes (decision 070).
 */
export async function buildPrerenderEntry(outDir: string): Promise<void> {
  await build({
    configFile: false,
    root: shellRoot,
    publicDir: false,
    mode: 'production',
    logLevel: 'warn',
    resolve: { alias: formikLodashAliases },
    plugins: [react(), vanillaExtractPlugin(), pageBrand()],
    // One file with everything in it: the folder has no node_modules to import from.
    ssr: { noExternal: true },
    build: {
      ssr: join(shellRoot, 'prerender.ts'),
      outDir,
      emptyOutDir: true,
      target: 'node24',
      reportCompressedSize: false,
    },
  });
  await writeFile(join(outDir, 'package.json'), '{ "type": "module" }');
}

export async function importPrerenderEntry(outDir: string): Promise<PrerenderEntry> {
  return (await import(pathToFileURL(join(outDir, 'prerender.js')).href)) as PrerenderEntry;
}

/** What the drawn screen is given: the marina's configuration as the app has it (its help is never asked for). */
export function prerenderConfig(config: AppConfig): RuntimeConfig {
  return {
    ...splitConfig(config).runtime,
    help: () => Promise.reject(new Error('The drawn sign-in screen has no help page')),
  };
}

/**
 * Classes a library puts on its markup as hooks for whoever wants to style it, never styled here: Lucide's
 * `lucide lucide-<icon>` on every icon (the icons are sized and coloured by the app's own classes beside them).
 */
const LIBRARY_HOOKS = /^lucide(?:-[a-z0-9-]+)?$/;

/** Every class the drawn markup uses must be in the bundle's stylesheets, or the page would show unstyled. */
export async function checkClasses(markup: string, dist: string): Promise<void> {
  const assets = join(dist, 'assets');
  const sheets = (await readdir(assets)).filter((file) => file.endsWith('.css'));
  const css = (await Promise.all(sheets.map((file) => readFile(join(assets, file), 'utf8')))).join('\n');
  const used = new Set(
    [...markup.matchAll(/class="([^"]*)"/g)].flatMap((match) => match[1]!.split(/\s+/).filter(Boolean)),
  );
  const missing = [...used].filter(
    (name) => !LIBRARY_HOOKS.test(name) && !new RegExp(`\\.${name.replace(/[^\w-]/g, '\\$&')}(?![\\w-])`).test(css),
  );
  if (missing.length > 0) {
    throw new PrerenderError(
      `The drawn sign-in screen uses classes no stylesheet of ${dist} defines: ${missing.join(', ')}`,
    );
  }
}

function replaceOnce(html: string, search: string | RegExp, replacement: string, what: string): string {
  const next = html.replace(search, replacement);
  if (next === html) throw new PrerenderError(`index.html has no ${what} to put the drawn screen into`);
  return next;
}

/**
 * Loads the app once the drawn page has been painted: when the browser reports the first contentful paint
 * (the moment the page shows, not the frame it was drawn in, which can be later), the entry and its chunks
 * are added to the head. Until then the network is the page's and its stylesheets' alone, so the form shows
 * as soon as they arrive; the app follows. A page that shows nothing yet (`hiddenBy` on `<html>`: the intro
 * slides come first, and the app draws them) or a browser without paint timing loads the app a frame after
 * the page is drawn. A page opened in a background tab is painted, and loads the app, when first shown. Runs
 * in the page as it is written here (`toString`), so it uses nothing but the DOM.
 */
function loadAppAfterPaint(entry: string, chunks: string[], hiddenBy: string): void {
  const add = (tag: 'link' | 'script', attributes: Record<string, string>) => {
    const element = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
    document.head.append(element);
  };
  const load = () =>
    setTimeout(() => {
      // Each chunk the entry imports is a module script of its own: the browser runs each (React first) as
      // soon as it has arrived, in a task of its own, instead of the whole app's code in one long task.
      // `crossorigin` as Vite writes it, so the entry's imports reuse them.
      for (const href of chunks) add('script', { type: 'module', crossorigin: '', src: href });
      add('script', { type: 'module', crossorigin: '', src: entry });
    });
  if (document.documentElement.hasAttribute(hiddenBy) || !PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    requestAnimationFrame(load);
    return;
  }
  const painted = new PerformanceObserver((entries) => {
    if (!entries.getEntriesByName('first-contentful-paint').length) return;
    painted.disconnect();
    load();
  });
  painted.observe({ type: 'paint', buffered: true });
}

/**
 * Writes `<dist>/login.html`: the bundle's index.html with the sign-in screen `entry` draws with `config` in
 * its container (marked with its route, which the app takes over), its title, and one classic script in the
 * head (the CSP allows no inline one): the gate that hides the screen on a device whose intro slides come
 * first, then the app's loading after the first paint. What the first API call needs is not preloaded: the
 * call comes after the form is usable.
 */
export async function writeLogin(entry: PrerenderEntry, config: AppConfig, dist: string): Promise<void> {
  // React adds a preload for each image it draws; here each is in the page already, a line further.
  const markup = (await entry.render(prerenderConfig(config))).replace(/<link rel="preload" as="image"[^>]*>/g, '');
  await checkClasses(markup, dist);
  const heading = /<h1[^>]*>([^<]*)<\/h1>/.exec(markup)?.[1];
  if (!heading) throw new PrerenderError('The drawn sign-in screen has no heading');

  let html = await readFile(join(dist, 'index.html'), 'utf8');
  html = replaceOnce(
    html,
    '<div id="root"></div>',
    `<div id="root" ${entry.PRERENDERED_ATTRIBUTE}="${entry.screen}">${markup}</div>`,
    'empty root',
  );
  html = html.replace(new RegExp(`<link [^>]*${LATER_PRELOAD_ATTRIBUTE}[^>]*>`, 'g'), '');
  html = html.replace(new RegExp(`<script [^>]*${LATER_PRELOAD_ATTRIBUTE}[^>]*></script>`, 'g'), '');
  html = replaceOnce(html, /<title>([^<]*)<\/title>/, `<title>${heading} · $1</title>`, 'title');

  const app = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(html);
  if (!app) throw new PrerenderError('index.html has no module script to load the app with');
  html = html.replace(app[0], '');
  const chunks = [
    ...new Set([...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((link) => link[1]!)),
  ];
  html = html.replace(/<link rel="modulepreload" crossorigin href="[^"]+">/g, '');
  const source = `${entry.firstStartGateScript}\n(${loadAppAfterPaint.toString()})(${JSON.stringify(app[1])}, ${JSON.stringify(chunks)}, ${JSON.stringify(entry.FIRST_START_ATTRIBUTE)});`;
  const { code: script, errors } = await minify('first-screen.js', source, {});
  if (errors.length > 0)
    throw new PrerenderError(
      `The first screen's script does not minify: ${errors.map((error) => error.message).join('; ')}`,
    );
  const file = `first-screen-${createHash('sha256').update(script).digest('hex').slice(0, 8)}.js`;
  await writeFile(join(dist, 'assets', file), script);
  html = replaceOnce(html, '</head>', `<script src="/assets/${file}"></script></head>`, 'head');
  await writeFile(join(dist, 'login.html'), html);
}
