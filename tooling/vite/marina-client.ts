// What a marina's build needs of its folder and of the bundle's layout, without Vite: the shared build's
// Vite configuration (`client-vite-config.ts`) and each marina's cheap step (`brand-bundle.ts`) share it, and
// the step stays quick to start (decision 070).
import { readFile } from 'node:fs/promises';
import { dirname, extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AppConfig, ClientFolderConfig } from '@marina/core/config/app-config.ts';
import { clientesConSMS, discoverMarinaFolders, folderSource } from '@marina/core/config/marina-folders.ts';
import { ClientConfigError, resolveAppConfig } from '@marina/core/config/validate-config.ts';
import { BADGE_ICON } from './brand-icons.ts';
import { logoProblems } from './logo-check.ts';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/** Where `pnpm --filter @marina/tooling build` puts the app built once for every marina (`shared-app.ts`). */
export const SHARED_APP = join(repoRoot, 'tooling', 'dist', 'app');

/** Its parts: the web bundle without a brand, the drawn screens' code for Node, the push handlers' body. */
export const sharedParts = (shared: string) => ({
  web: join(shared, 'web'),
  prerender: join(shared, 'prerender'),
  pushWorker: join(shared, 'push-worker.js'),
  /** What the shared build made (`SharedBuild`): read first, so a missing or partial build stops the step. */
  built: join(shared, 'shared-build.json'),
});

/** The shared build's own account of itself, written last: a build that did not finish has none. */
export interface SharedBuild {
  /** Every file of `web/`, sorted: what a marina's bundle copies, never what an older build left there. */
  files: string[];
  /** The drawn sign-in page's script in `web/assets`, the same for every marina. */
  firstScreen: string;
}

const platformLogo = join(repoRoot, 'packages', 'core', 'src', 'assets', 'mbo-logo.svg');

/** The attribute of the preloads the drawn sign-in page leaves out (`client-vite-config.ts`, `prerender.ts`). */
export const LATER_PRELOAD_ATTRIBUTE = 'data-later';

export interface LoadedClient {
  dir: string;
  folder: ClientFolderConfig;
  config: AppConfig;
  /** Files the bundle serves under /brand/, from the client folder and the platform. */
  assets: Record<string, string>;
}

export interface LoadOptions {
  production: boolean;
  apiUrl?: string;
  /** The version the app shows: a release's (MARINA_RELEASE_VERSION, decision 068), else the seed's. */
  version?: string;
}

/**
 * Reads and checks `client.config.ts` of one client folder, with its sibling folders: `clientesConSMS` is
 * derived from all of them. Throws a readable `ClientFoldersError` (any folder wrong, or two with one
 * clientId), or a `ClientConfigError` for this folder's config or for an SVG logo that would be cut where the
 * app shows it (logo-check.ts).
 */
export async function loadClient(dir: string, options: LoadOptions): Promise<LoadedClient> {
  const folders = await discoverMarinaFolders(dirname(resolve(dir)));
  const folder = folders.find((candidate) => candidate.dir === resolve(dir))?.config;
  if (!folder) throw new Error(`${dir} is not a marina folder: it has no client.config.ts`);
  const logoName = `logo${extname(folder.clientLogo)}`;
  const config = resolveAppConfig(folderSource(dir, folder), folder, {
    production: options.production,
    clientesConSMS: clientesConSMS(folders),
    ...(options.apiUrl ? { apiUrl: options.apiUrl } : {}),
    ...(options.version ? { version: options.version } : {}),
    clientLogoUrl: `/brand/${logoName}`,
  });
  if (logoName === 'logo.svg') {
    const problems = logoProblems(
      await readFile(join(dir, folder.clientLogo), 'utf8'),
      folder.clientLogo.replace(/^\.\//, ''),
    );
    if (problems.length > 0) throw new ClientConfigError(folderSource(dir, folder), problems);
  }
  return {
    dir,
    folder,
    config,
    assets: {
      [logoName]: join(dir, folder.clientLogo),
      'icon.svg': join(dir, folder.clientIcon),
      'mbo-logo.svg': platformLogo,
    },
  };
}

/** The push handlers' script, beside the service worker that imports it (decision 063). */
export const PUSH_WORKER_FILE = 'push-sw.js';

/** `push-sw.js` of one marina: the handlers installed on the worker with its name and icons. */
export function pushWorkerScript(body: string, config: Pick<AppConfig, 'clientTitulo'>): string {
  const settings = { marina: config.clientTitulo, icon: '/brand/icon-192.png', badge: `/brand/${BADGE_ICON}` };
  return `(() => {\n${body}\ninstallPushHandlers(self, ${JSON.stringify(settings)});\n})();\n`;
}

/** Where a page built once for every marina finds the marina's configuration: a JSON data block (the CSP lets it be). */
export const PAGE_CONFIG_ID = 'marina-config';
/** The one entry of the shared build's precache list, which each marina's own list replaces (`brand-bundle.ts`). */
export const PRECACHE_SENTINEL = '__MARINA_PRECACHE__';

/** What the service worker keeps for offline use: the app, not the PNG icons (fetched once, at install). */
export const PRECACHED_EXTENSIONS = ['js', 'css', 'html', 'svg', 'webmanifest', 'json'];
export const PRECACHED = [`**/*.{${PRECACHED_EXTENSIONS.join(',')}}`];

/** The web app manifest of a marina: its names, colours and icons. */
export function webManifest(config: AppConfig) {
  return {
    name: config.clientTitulo,
    short_name: config.clientShortName,
    description: `App de clientes de ${config.clientTitulo}`,
    lang: 'es',
    start_url: '/',
    scope: '/',
    display: 'standalone' as const,
    theme_color: config.tokens.color.brand,
    background_color: config.tokens.color.background,
    // PNGs first: iOS and some Android launchers take no SVG icon (decision 051).
    icons: [
      { src: '/brand/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/brand/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/brand/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      { src: '/brand/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
    ],
  };
}

/** Text for an HTML attribute or element, its markup characters as references. */
export const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** `tooling/client-shell/index.html`'s placeholders, each with this marina's words or colour. */
export function fillPageWords(html: string, config: AppConfig): string {
  const words: Record<string, string> = {
    '%MARINA_TITLE%': escapeHtml(config.clientTitulo),
    '%MARINA_DESCRIPTION%': escapeHtml(`App de clientes de ${config.clientTitulo}`),
    '%MARINA_THEME_COLOR%': config.tokens.color.brand,
    '%MARINA_DARK_THEME_COLOR%': config.tokens.dark.color.brand,
  };
  let filled = html;
  for (const [placeholder, value] of Object.entries(words)) {
    if (!filled.includes(placeholder)) throw new Error(`The app's index.html has no ${placeholder}`);
    filled = filled.replaceAll(placeholder, () => value);
  }
  return filled;
}
