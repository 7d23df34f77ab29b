import { readFile } from 'node:fs/promises';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import type { InlineConfig, Plugin, Rollup } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import type { AppConfig, ClientFolderConfig } from '@marina/core/config/app-config.ts';
import { resolveAppConfig } from '@marina/core/config/validate-config.ts';
import { themeCss } from '@marina/theme/theme-css.ts';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

const here = dirname(fileURLToPath(import.meta.url));
export const repoRoot = resolve(here, '../..');
export const shellRoot = join(repoRoot, 'tooling', 'client-shell');
const platformLogo = join(repoRoot, 'packages', 'core', 'src', 'assets', 'mbo-logo.svg');

const CONFIG_MODULE = 'virtual:marina/config';
const BRAND_CSS = 'virtual:marina/brand.css';

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
}

/** Reads and checks `client.config.ts` of one client folder; throws a readable `ClientConfigError`. */
export async function loadClient(dir: string, options: LoadOptions): Promise<LoadedClient> {
  const module = (await import(pathToFileURL(join(dir, 'client.config.ts')).href)) as { default: ClientFolderConfig };
  const folder = module.default;
  const logoName = `logo${extname(folder.clientLogo ?? '')}`;
  const config = resolveAppConfig(`client ${folder.clientId ?? basename(dir)} (${basename(dir)})`, folder, {
    production: options.production,
    ...(options.apiUrl ? { apiUrl: options.apiUrl } : {}),
    clientLogoUrl: `/brand/${logoName}`,
  });
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

/** Puts one marina's brand into the shared shell: config module, theme CSS, logos, <title> and colours. */
export function marinaBrand(client: LoadedClient): Plugin {
  const { config } = client;
  return {
    name: 'marina-brand',
    resolveId(id) {
      if (id === CONFIG_MODULE || id === BRAND_CSS) return `\0${id}`;
      return undefined;
    },
    load(id) {
      if (id === `\0${CONFIG_MODULE}`) return `export default ${JSON.stringify(config)};`;
      if (id === `\0${BRAND_CSS}`) return themeCss(config.tokens);
      return undefined;
    },
    transformIndexHtml(html, context) {
      const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
      return html
        .replaceAll('%MARINA_TITLE%', escape(config.clientTitulo))
        .replaceAll('%MARINA_DESCRIPTION%', escape(`App de clientes de ${config.clientTitulo}`))
        .replaceAll('%MARINA_THEME_COLOR%', config.tokens.color.brand)
        .replace('</head>', `${preloadTags(context.bundle, FIRST_SCREEN)}${preloadTags(context.bundle, FIRST_CALL, { except: FIRST_SCREEN, mark: FIRST_CALL_ATTRIBUTE })}</head>`);
    },
    async generateBundle() {
      for (const [name, path] of Object.entries(client.assets)) {
        this.emitFile({ type: 'asset', fileName: `brand/${name}`, source: await readFile(path) });
      }
    },
    configureServer(server) {
      server.middlewares.use(async (request, response, next) => {
        const name = request.url?.startsWith('/brand/') ? request.url.slice('/brand/'.length) : undefined;
        const path = name ? client.assets[name] : undefined;
        if (!path) return next();
        response.setHeader('Content-Type', name?.endsWith('.svg') ? 'image/svg+xml' : 'application/octet-stream');
        response.end(await readFile(path));
      });
    },
  };
}

/** What most visits open on: the empty path and every private screen lead to sign-in. */
const FIRST_SCREEN = [/features\/auth\/login-screen\.tsx$/];

/**
 * The HTTP part of the API client (with ky), which the first call loads. Its preloads carry
 * `FIRST_CALL_ATTRIBUTE`: the drawn sign-in page, which shows before any call, leaves them out
 * (`prerender.ts`) so the form's own code has the network to itself.
 */
const FIRST_CALL = [/\/api\/http\.ts$/];
export const FIRST_CALL_ATTRIBUTE = 'data-first-call';

/** Each chunk lazy modules need: themselves and what they import, but not the entry and its imports (Vite links those). */
function chunksOf(bundle: OutputBundle, wanted: RegExp[]): Set<OutputChunk> {
  const chunks = Object.values(bundle).filter((output): output is OutputChunk => output.type === 'chunk');
  const withEntry = new Set(chunks.filter((chunk) => chunk.isEntry).flatMap((chunk) => [chunk.fileName, ...chunk.imports]));
  const found = new Set<OutputChunk>();
  const visit = (chunk: OutputChunk) => {
    if (withEntry.has(chunk.fileName) || found.has(chunk)) return;
    found.add(chunk);
    for (const imported of chunk.imports) {
      const next = chunks.find((candidate) => candidate.fileName === imported);
      if (next) visit(next);
    }
  };
  for (const pattern of wanted) {
    const start = chunks.find((chunk) => chunk.facadeModuleId && pattern.test(chunk.facadeModuleId));
    if (start) visit(start);
  }
  return found;
}

/**
 * Preload tags for lazy modules and the chunks they import (but not those `except` needs: preloaded
 * already), so the browser fetches them with the entry instead of discovering them only after the entry
 * has run (one round trip less on a slow network). `mark`: an attribute on each tag.
 */
function preloadTags(bundle: OutputBundle | undefined, wanted: RegExp[], { except = [], mark }: { except?: RegExp[]; mark?: string } = {}): string {
  if (!bundle) return '';
  const before = new Set([...chunksOf(bundle, except)].map((chunk) => chunk.fileName));
  const chunks = [...chunksOf(bundle, wanted)].filter((chunk) => !before.has(chunk.fileName));
  const css = new Set(chunks.flatMap((chunk) => [...((chunk as OutputChunk & { viteMetadata?: { importedCss: Set<string> } }).viteMetadata?.importedCss ?? [])]));
  const attribute = mark ? ` ${mark}` : '';
  return [
    // `crossorigin` like the stylesheet link Vite's loader adds later: a preload whose credentials mode
    // differs from the real request's is not reused, and the file is fetched twice.
    ...[...css].map((file) => `<link rel="preload" as="style" crossorigin href="/${file}"${attribute}>`),
    ...chunks.map((chunk) => `<link rel="modulepreload" crossorigin href="/${chunk.fileName}"${attribute}>`),
  ].join('');
}

export interface ClientBuildOptions extends LoadOptions {
  /** Where the dev server proxies `/api` to. */
  apiProxy?: string;
}

export async function clientViteConfig(dir: string, options: ClientBuildOptions): Promise<InlineConfig> {
  const client = await loadClient(dir, options);
  const { config } = client;
  return {
    configFile: false,
    root: shellRoot,
    publicDir: false,
    mode: options.production ? 'production' : 'development',
    logLevel: options.production ? 'warn' : 'info',
    plugins: [
      react(),
      vanillaExtractPlugin(),
      marinaBrand(client),
      VitePWA({
        registerType: 'prompt',
        injectRegister: false,
        manifest: {
          name: config.clientTitulo,
          short_name: config.clientShortName,
          description: `App de clientes de ${config.clientTitulo}`,
          lang: 'es',
          start_url: '/',
          scope: '/',
          display: 'standalone',
          theme_color: config.tokens.color.brand,
          background_color: config.tokens.color.background,
          icons: [
            { src: '/brand/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
            { src: '/brand/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'maskable' },
          ],
        },
        workbox: {
          globPatterns: ['**/*.{js,css,html,svg,webmanifest}'],
          navigateFallback: '/index.html',
          navigateFallbackDenylist: [/^\/api\//],
          cleanupOutdatedCaches: true,
        },
      }),
    ],
    build: {
      outDir: join(dir, 'dist'),
      emptyOutDir: true,
      target: 'es2022',
      // The polyfill would weigh on the entry for browsers that lack `modulepreload` (Safari before 17),
      // which only lose a head start: they fetch each chunk when it is imported.
      modulePreload: { polyfill: false },
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
