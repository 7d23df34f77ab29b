// The sign-in screen drawn into each marina's `login.html` beside its `index.html` (decision 017), from the
// drawn screens' code the shared build made (`prerender.ts`, decision 070). No Vite here: a marina's step
// imports this and stays quick to start.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { splitConfig, type AppConfig, type RuntimeConfig } from '@marina/core/config/app-config.ts';
import { LATER_PRELOAD_ATTRIBUTE } from './marina-client.ts';

/** What `tooling/client-shell/prerender.ts` exports, once built for Node. */
export interface PrerenderEntry {
  render(config: RuntimeConfig): Promise<string>;
  screen: string;
  firstStartGateScript: string;
  FIRST_START_ATTRIBUTE: string;
  PRERENDERED_ATTRIBUTE: string;
}

export class PrerenderError extends Error {}

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

/**
 * `html` with `search` replaced once by `replacement`, taken as it is: a `$` in a marina's words (its title,
 * drawn into the screen) is not a replacement pattern. Throws when `search` is not there.
 */
function replaceOnce(
  html: string,
  search: string | RegExp,
  replacement: string | ((match: string, ...groups: string[]) => string),
  what: string,
): string {
  const next = html.replace(search, typeof replacement === 'string' ? () => replacement : replacement);
  if (next === html) throw new PrerenderError(`index.html has no ${what} to put the drawn screen into`);
  return next;
}

/**
 * What the drawn page loads the app with, from an `index.html`: the entry's module script and the chunks Vite
 * preloads with it (not the later ones). The same in every marina's page: the app's files are the shared build's.
 */
export function firstScreenParts(html: string): { app: { tag: string; src: string }; chunks: string[] } {
  const app = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(html);
  if (!app) throw new PrerenderError('index.html has no module script to load the app with');
  const chunks = [
    ...new Set([...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((link) => link[1]!)),
  ];
  return { app: { tag: app[0], src: app[1]! }, chunks };
}

/**
 * Writes `<dist>/login.html`: the bundle's index.html with the sign-in screen `entry` draws with `config` in
 * its container (marked with its route, which the app takes over), its title, and one classic script in the
 * head (the CSP allows no inline one): the gate that hides the screen on a device whose intro slides come
 * first, then the app's loading after the first paint. What the first API call needs is not preloaded: the
 * call comes after the form is usable. `firstScreen`: that script's file in `assets/`, the same for every marina
 * (`writeFirstScreenScript`, in the shared build).
 */
export async function writeLogin(
  entry: PrerenderEntry,
  config: AppConfig,
  dist: string,
  firstScreen: string,
): Promise<void> {
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
  html = replaceOnce(html, /<title>([^<]*)<\/title>/, (_, title) => `<title>${heading} · ${title}</title>`, 'title');

  const { app } = firstScreenParts(html);
  html = html.replace(app.tag, '');
  html = html.replace(/<link rel="modulepreload" crossorigin href="[^"]+">/g, '');
  html = replaceOnce(html, '</head>', `<script src="/assets/${firstScreen}"></script></head>`, 'head');
  await writeFile(join(dist, 'login.html'), html);
}
