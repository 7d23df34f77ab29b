import { readFile } from 'node:fs/promises';
import { dirname, extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import type { InlineConfig, Plugin, Rollup } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import type { AppConfig, ClientFolderConfig } from '@marina/core/config/app-config.ts';
import { clientesConSMS, discoverMarinaFolders, folderSource } from '@marina/core/config/marina-folders.ts';
import { resolveAppConfig } from '@marina/core/config/validate-config.ts';
import { themeCss } from '@marina/theme/theme-css.ts';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

const here = dirname(fileURLToPath(import.meta.url));
export const repoRoot = resolve(here, '../..');
const shellRoot = join(repoRoot, 'tooling', 'client-shell');
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

/**
 * Reads and checks `client.config.ts` of one client folder, with its sibling folders: `clientesConSMS` is
 * derived from all of them. Throws a readable `ClientFoldersError` (any folder wrong, or two with one
 * clientId).
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
function marinaBrand(client: LoadedClient): Plugin {
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
        .replace('</head>', `${preloadTags(context.bundle, FIRST_NEEDS)}</head>`);
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

/**
 * What most visits need at once: the screen they open on (the empty path and every private screen
 * lead to sign-in) and the HTTP client its first call loads.
 */
const FIRST_NEEDS = [/features\/auth\/login-screen\.tsx$/, /\/node_modules\/ky\//];

/**
 * Preload tags for one lazy screen and the chunks it imports, so the browser fetches them with the entry
 * instead of discovering them only after the entry has run (one round trip less on a slow network).
 */
function preloadTags(bundle: OutputBundle | undefined, wanted: RegExp[]): string {
  if (!bundle) return '';
  const chunks = Object.values(bundle).filter((output): output is OutputChunk => output.type === 'chunk');
  const files = new Set<string>();
  const css = new Set<string>();
  const visit = (chunk: OutputChunk) => {
    if (chunk.isEntry || files.has(chunk.fileName)) return;
    files.add(chunk.fileName);
    for (const file of (chunk as OutputChunk & { viteMetadata?: { importedCss: Set<string> } }).viteMetadata?.importedCss ?? []) css.add(file);
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
    ...[...css].map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
    ...[...files].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
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
