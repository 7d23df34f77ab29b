import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { transformWithOxc, type InlineConfig, type Plugin, type Rollup } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { splitConfig } from '@marina/core/config/app-config.ts';
import { formikLodashAliases } from '@marina/core/config/formik-lodash.ts';
import { themeCss } from '@marina/theme/theme-css.ts';
import { BADGE_ICON, BRAND_ICONS, marinaPngs } from './brand-icons.ts';
import { libraryTreeShaking } from './library-tree-shaking.ts';
import {
  fillPageWords,
  LATER_PRELOAD_ATTRIBUTE,
  PAGE_CONFIG_ID,
  PRECACHE_SENTINEL,
  PRECACHED,
  PUSH_WORKER_FILE,
  repoRoot,
  webManifest,
  loadClient,
  type LoadedClient,
  type LoadOptions,
} from './marina-client.ts';
import { screenChunks } from './screen-chunks.ts';

// Where most of the repository's scripts have long found these.
export { loadClient, repoRoot } from './marina-client.ts';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

export const shellRoot = join(repoRoot, 'tooling', 'client-shell');

const CONFIG_MODULE = 'virtual:marina/config';
const HELP_MODULE = 'virtual:marina/help';
const BRAND_CSS = 'virtual:marina/brand.css';
const NO_BRAND_CSS = '\0virtual:marina/no-brand-css';

/**
 * Puts one marina's brand into the shared shell for `pnpm dev`: config module, theme CSS, <title> and colours,
 * and the logos and PNG icons (brand-icons.ts) served under /brand/. A build brands the shared app instead
 * (`brand-bundle.ts`, decision 070).
 */
export function marinaBrand(client: LoadedClient): Plugin {
  const { config } = client;
  // Drawn once, when first asked for: by the build's bundle or the dev server's first request.
  let icons: Promise<Record<string, Buffer>> | undefined;
  const pngs = (): Promise<Record<string, Buffer>> =>
    (icons ??= readFile(client.assets['icon.svg']!).then((svg) => marinaPngs(svg, config.tokens.color.brand)));
  return {
    name: 'marina-brand',
    resolveId(id) {
      if (id === CONFIG_MODULE || id === HELP_MODULE || id === BRAND_CSS) return `\0${id}`;
      return undefined;
    },
    load(id) {
      // The app's code gets the configuration less the brand tokens (in the stylesheet) and the help
      // page's content, a module of its own that comes with that page (`RuntimeConfig`).
      const { runtime, help } = splitConfig(config);
      if (id === `\0${CONFIG_MODULE}`) {
        return `export default { ...${JSON.stringify(runtime)}, help: () => import(${JSON.stringify(HELP_MODULE)}).then((help) => help.default) };`;
      }
      if (id === `\0${HELP_MODULE}`) return `export default ${JSON.stringify(help)};`;
      if (id === `\0${BRAND_CSS}`) return themeCss(config.tokens);
      return undefined;
    },
    transformIndexHtml(html, context) {
      return fillPageWords(html, config).replace(
        '</head>',
        `${preloadTags(context.bundle, PRELOADED, LATER_PRELOAD_ATTRIBUTE)}</head>`,
      );
    },
    configureServer(server) {
      server.middlewares.use(async (request, response, next) => {
        const name = request.url?.startsWith('/brand/') ? request.url.slice('/brand/'.length).split('?')[0] : undefined;
        const path = name ? client.assets[name] : undefined;
        if (name && (Object.hasOwn(BRAND_ICONS, name) || name === BADGE_ICON)) {
          response.setHeader('Content-Type', 'image/png');
          response.end((await pngs())[name]);
          return;
        }
        if (!path) return next();
        response.setHeader('Content-Type', name?.endsWith('.svg') ? 'image/svg+xml' : 'application/octet-stream');
        response.end(await readFile(path));
      });
    },
  };
}

/**
 * The HTTP part of the API client (with ky), which the first call loads: preloaded with the entry, as
 * most visits make a call at once (the session check). So is the table of the screens' chunks
 * (`app/screens.tsx`), which any screen but sign-in's needs first. The preloads carry
 * `LATER_PRELOAD_ATTRIBUTE`: the drawn sign-in page, which shows before any call and is itself in the
 * entry, leaves them out (`prerender.ts`) so the form's own code has the network to itself.
 */
const FIRST_CALL = [/\/api\/http\.ts$/];
const PRELOADED = [...FIRST_CALL, /\/app\/screens\.tsx$/];

/**
 * Preload tags for lazy modules and the chunks they import (Vite links the entry's own), so the browser
 * fetches them with the entry instead of discovering them only after the entry has run (one round trip
 * less on a slow network). `mark`: an attribute on each tag.
 */
function preloadTags(bundle: OutputBundle | undefined, wanted: RegExp[], mark: string): string {
  if (!bundle) return '';
  const chunks = Object.values(bundle).filter((output): output is OutputChunk => output.type === 'chunk');
  // The entry and every chunk it imports, however far down: the browser fetches those with it.
  const withEntry = new Set<string>();
  const take = (fileName: string) => {
    if (withEntry.has(fileName)) return;
    withEntry.add(fileName);
    for (const imported of chunks.find((chunk) => chunk.fileName === fileName)?.imports ?? []) take(imported);
  };
  for (const chunk of chunks) if (chunk.isEntry) take(chunk.fileName);
  const files = new Set<string>();
  const css = new Set<string>();
  const visit = (chunk: OutputChunk) => {
    if (withEntry.has(chunk.fileName) || files.has(chunk.fileName)) return;
    files.add(chunk.fileName);
    for (const file of (chunk as OutputChunk & { viteMetadata?: { importedCss: Set<string> } }).viteMetadata
      ?.importedCss ?? [])
      css.add(file);
    for (const imported of chunk.imports) {
      const next = chunks.find((candidate) => candidate.fileName === imported);
      if (next) visit(next);
    }
  };
  for (const pattern of wanted) {
    const start = chunks.find((chunk) => chunk.facadeModuleId && pattern.test(chunk.facadeModuleId));
    if (start) visit(start);
  }
  return [
    // `crossorigin` like the stylesheet link Vite's loader adds later: a preload whose credentials mode
    // differs from the real request's is not reused, and the file is fetched twice.
    ...[...css].map((file) => `<link rel="preload" as="style" crossorigin href="/${file}" ${mark}>`),
    ...[...files].map((file) => `<link rel="modulepreload" crossorigin href="/${file}" ${mark}>`),
  ].join('');
}

/** The chunk of React and the router (`codeSplitting` below). */
const REACT_CHUNK = 'react';

/**
 * Marks the chunk of React and the router, which every first screen runs through, and the API client's
 * HTTP part, which the session check loads on every first visit, for V8 to compile them whole on the
 * thread that streams them in, rather than function by function on the main thread the first
 * time each is called: that compiling is much of a first load's long tasks, which keep the page from
 * answering. The comment counts on a file's first line only, which Vite takes in the entry: the entry is
 * not marked. Chromium 136 and later read it; other browsers ignore it.
 */
function compileOnLoad(): Plugin {
  return {
    name: 'marina-compile-on-load',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const marked =
          chunk.name === REACT_CHUNK || FIRST_CALL.some((pattern) => pattern.test(chunk.facadeModuleId ?? ''));
        if (!marked) continue;
        chunk.code = `//# allFunctionsCalledOnLoad\n${chunk.code}`;
        if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
      }
    },
  };
}

const PUSH_WORKER_SOURCE = join(repoRoot, 'packages', 'core', 'src', 'app', 'push-worker.ts');
/** Core's `app/push-worker.ts` as a classic script's body: its functions, not yet installed. */
export async function pushWorkerBody(): Promise<string> {
  const source = await readFile(PUSH_WORKER_SOURCE, 'utf8');
  const { code } = await transformWithOxc(source, PUSH_WORKER_SOURCE, { lang: 'ts', target: 'es2022' });
  if (/^\s*import\s/m.test(code)) throw new Error(`${PUSH_WORKER_SOURCE} may import types only`);
  return code
    .replace(/^export\s+(?=(async\s+)?function\s|const\s|let\s|class\s)/gm, '')
    .replace(/^export\s*\{[^}]*\};?\s*$/gm, '');
}

/**
 * The shared build's side of the brand (decision 070): the configuration is read from the page, where each
 * marina's step writes it with the address of its help page; the brand's stylesheet and the page's words are
 * left for that step too.
 */
export function pageBrand(): Plugin {
  return {
    name: 'marina-page-brand',
    resolveId(id) {
      if (id === CONFIG_MODULE) return `\0${id}`;
      // No stylesheet at all, not an empty one: each marina's step links its own.
      if (id === BRAND_CSS) return NO_BRAND_CSS;
      return undefined;
    },
    load(id) {
      if (id === NO_BRAND_CSS) return 'export {};';
      if (id !== `\0${CONFIG_MODULE}`) return undefined;
      return [
        `const page = document.getElementById(${JSON.stringify(PAGE_CONFIG_ID)});`,
        'const help = page.dataset.help;',
        'export default {',
        '  ...JSON.parse(page.textContent),',
        '  help: () => fetch(help).then((response) => {',
        '    if (!response.ok) throw new Error(`${help}: ${response.status}`);',
        '    return response.json();',
        '  }),',
        '};',
      ].join('\n');
    },
    transformIndexHtml(html, context) {
      return html.replace('</head>', `${preloadTags(context.bundle, PRELOADED, LATER_PRELOAD_ATTRIBUTE)}</head>`);
    },
  };
}

/** The app built once for every marina, into `outDir`: no marina's brand in it (decision 070). */
export function sharedAppViteConfig(outDir: string): InlineConfig {
  return appViteConfig({
    production: true,
    outDir,
    brand: [pageBrand()],
    manifest: false,
    precache: { globPatterns: [], additionalManifestEntries: [{ url: PRECACHE_SENTINEL, revision: '0' }] },
  });
}

export interface ClientBuildOptions extends LoadOptions {
  /** Where the dev server proxies `/api` to. */
  apiProxy?: string;
}

/** One marina's Vite configuration, its brand in the code: `pnpm dev`'s (a build uses the shared app's). */
export async function clientViteConfig(dir: string, options: ClientBuildOptions): Promise<InlineConfig> {
  const client = await loadClient(dir, options);
  const { config } = client;
  return appViteConfig({
    production: options.production,
    outDir: join(dir, 'dist'),
    brand: [marinaBrand(client)],
    manifest: webManifest(config),
    precache: { globPatterns: PRECACHED },
    apiProxy: options.apiProxy,
  });
}

interface AppViteOptions {
  production: boolean;
  outDir: string;
  /** The plugins that put a brand in (one marina's), or leave room for it (the shared build's). */
  brand: Plugin[];
  /** The web app manifest, or `false` where each marina's is written after the build. */
  manifest: ReturnType<typeof webManifest> | false;
  /** The service worker's precache: the files it matches, and entries of its own. */
  precache: { globPatterns: string[]; additionalManifestEntries?: Array<{ url: string; revision: string }> };
  apiProxy?: string | undefined;
}

/** The app's Vite configuration, one marina's or the shared build's: the same code, chunks and worker. */
function appViteConfig(options: AppViteOptions): InlineConfig {
  const screens = screenChunks(LATER_PRELOAD_ATTRIBUTE);
  return {
    configFile: false,
    root: shellRoot,
    publicDir: false,
    mode: options.production ? 'production' : 'development',
    logLevel: options.production ? 'warn' : 'info',
    resolve: { alias: formikLodashAliases },
    plugins: [
      react(),
      vanillaExtractPlugin(),
      ...options.brand,
      libraryTreeShaking(),
      compileOnLoad(),
      screens.plugin,
      VitePWA({
        registerType: 'prompt',
        injectRegister: false,
        manifest: options.manifest,
        workbox: {
          ...options.precache,
          // The push handlers come with the worker (`importScripts`), not as a file of the app's precache.
          globIgnores: ['**/node_modules/**/*', PUSH_WORKER_FILE],
          importScripts: [PUSH_WORKER_FILE],
          navigateFallback: '/index.html',
          navigateFallbackDenylist: [/^\/api\//],
          cleanupOutdatedCaches: true,
        },
      }),
    ],
    build: {
      outDir: options.outDir,
      emptyOutDir: true,
      target: 'es2022',
      // The polyfill would weigh on the entry for browsers that lack `modulepreload` (Safari before 17),
      // which only lose a head start: they fetch each chunk when it is imported.
      modulePreload: { polyfill: false },
      rolldownOptions: {
        output: {
          codeSplitting: {
            // React and the router in one chunk of their own: every screen needs them, and their file is
            // the same for every marina and stays the same while they are not updated (browsers keep it).
            // Vite's helper that preloads a lazy chunk's files goes with them: the entry and the table of
            // the screens' chunks (`app/screens.tsx`) both need it, and a file of its own would weigh more.
            groups: [
              {
                name: REACT_CHUNK,
                test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]|^\0vite\/preload-helper/,
              },
              // The app's own code that the entry imports, in one chunk. Left to itself, Rolldown gives each such
              // module a chunk of its own as soon as a lazy chunk shares it too (the paths, the button, ApiError,
              // the no-connection words): five small files, each with its own import and export code, took the
              // first load over decision 017's 110 KB. One chunk is lighter and one request.
              {
                name: 'app-initial',
                test: /[\\/]packages[\\/](core|theme)[\\/]src[\\/]/,
                tags: ['$initial'],
              },
              // The private screens' code in one chunk, out of sign-in's way (`screen-chunks.ts`).
              {
                name: 'private-screens',
                test: screens.test,
                // Not the modules they import that the group leaves out: those keep their own chunks.
                includeDependenciesRecursively: false,
              },
            ],
          },
        },
      },
      sourcemap: process.env.MARINA_SOURCEMAP === '1',
      reportCompressedSize: false,
    },
    server: {
      port: 5173,
      proxy: { '/api': { target: options.apiProxy ?? 'http://localhost:8443', changeOrigin: false } },
      fs: { allow: [repoRoot] },
    },
  };
}
