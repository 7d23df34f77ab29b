// One marina's bundle from the app built once for all (decision 070): the shared build's files, and the
// marina's own beside them: its configuration in the page, its stylesheet of brand tokens, its help page,
// logos and icons, web app manifest, push handlers, drawn sign-in page and the service worker's precache list.
import { createHash } from 'node:crypto';
import { copyFile, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { precompress } from '../scripts/lib/precompress.ts';
import { splitConfig, type AppConfig } from '@marina/core/config/app-config.ts';
import { themeCss } from '@marina/theme/theme-css.ts';
import { marinaPngs } from './brand-icons.ts';
import {
  fillPageWords,
  loadClient,
  PAGE_CONFIG_ID,
  PRECACHE_SENTINEL,
  PRECACHED_EXTENSIONS,
  PUSH_WORKER_FILE,
  pushWorkerScript,
  SHARED_APP,
  sharedParts,
  type SharedBuild,
  webManifest,
  type LoadOptions,
} from './marina-client.ts';
import { importPrerenderEntry, writeLogin, type PrerenderEntry } from './login-page.ts';

export class BrandBundleError extends Error {}

const hashed = (name: string, extension: string, content: string | Buffer) =>
  `assets/${name}-${createHash('sha256').update(content).digest('hex').slice(0, 10)}.${extension}`;

/** JSON inside `<script type="application/json">`: `<` escaped, so no `</script>` can end it early. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

function replaceOnce(html: string, search: string, replacement: string, what: string): string {
  if (!html.includes(search)) throw new BrandBundleError(`The shared index.html has no ${what}`);
  return html.replace(search, () => replacement);
}

/** The shared index.html, with this marina's words, colours, configuration, stylesheet and manifest. */
export function brandPage(template: string, config: AppConfig, files: { brandCss: string; help: string }): string {
  let html = fillPageWords(template, config);
  // The configuration before the entry, which reads it as it starts; the brand's stylesheet first, as the
  // bundle built for one marina has it.
  const { runtime } = splitConfig(config);
  html = replaceOnce(
    html,
    '<script type="module"',
    `<script type="application/json" id="${PAGE_CONFIG_ID}" data-help="/${files.help}">${scriptJson(runtime)}</script>\n    <script type="module"`,
    'module script',
  );
  html = replaceOnce(
    html,
    '<link rel="stylesheet"',
    `<link rel="stylesheet" crossorigin href="/${files.brandCss}">\n    <link rel="stylesheet"`,
    'stylesheet',
  );
  return replaceOnce(html, '</head>', '<link rel="manifest" href="/manifest.webmanifest"></head>', 'head');
}

/**
 * Writes `<dir>/dist`: the shared build's web bundle and this marina's files. Throws a readable error (the
 * marina's config, its logo, an icon that can't be drawn) before anything is written.
 */
export async function brandBundle(
  dir: string,
  options: LoadOptions,
  { shared = SHARED_APP, dist = join(dir, 'dist') }: { shared?: string; dist?: string } = {},
): Promise<void> {
  const parts = sharedParts(shared);
  const client = await loadClient(dir, options);
  const { config } = client;
  // Everything the step reads of the shared build, before anything is written: a missing or unfinished
  // build stops it with the command that makes one, and leaves the marina's last bundle as it was.
  let built: SharedBuild;
  let template: string;
  let pushBody: string;
  let entry: PrerenderEntry;
  try {
    built = JSON.parse(await readFile(parts.built, 'utf8')) as SharedBuild;
    template = await readFile(join(parts.web, 'index.html'), 'utf8');
    pushBody = await readFile(parts.pushWorker, 'utf8');
    entry = await importPrerenderEntry(parts.prerender);
  } catch {
    throw new BrandBundleError(
      `No shared build in ${shared}, or an unfinished one: build the marina with Turbo, which builds the app first: pnpm build --filter=@marina/${basename(resolve(dir))}`,
    );
  }
  let icons: Record<string, Buffer>;
  try {
    const iconSvg = await readFile(client.assets['icon.svg']!);
    icons = marinaPngs(iconSvg, config.tokens.color.brand);
  } catch (error) {
    throw new BrandBundleError(
      `Marina ${config.clientId} (${dir}): its icon ${client.folder.clientIcon} can't be drawn as PNG icons: ${(error as Error).message}`,
    );
  }

  await rm(dist, { recursive: true, force: true });
  for (const folder of new Set(built.files.map((file) => dirname(file)))) {
    await mkdir(join(dist, folder), { recursive: true });
  }
  await Promise.all(built.files.map((file) => copyFile(join(parts.web, file), join(dist, file))));
  await mkdir(join(dist, 'brand'), { recursive: true });

  const brandCss = themeCss(config.tokens);
  const helpJson = JSON.stringify(splitConfig(config).help);
  const files = { brandCss: hashed('brand', 'css', brandCss), help: hashed('help', 'json', helpJson) };
  const writes: Array<[string, string | Buffer]> = [
    [files.brandCss, brandCss],
    [files.help, helpJson],
    ['index.html', brandPage(template, config, files)],
    ['manifest.webmanifest', JSON.stringify(webManifest(config))],
    [PUSH_WORKER_FILE, pushWorkerScript(pushBody, config)],
    ...Object.entries(icons).map(([name, png]): [string, Buffer] => [`brand/${name}`, png]),
  ];
  for (const [name, path] of Object.entries(client.assets)) writes.push([`brand/${name}`, await readFile(path)]);
  await Promise.all(writes.map(([file, content]) => writeFile(join(dist, file), content)));

  await writeLogin(entry, config, dist, built.firstScreen);
  await writePrecache(dist);
  // The files this step wrote or changed; the shared build's own came compressed.
  const unchanged = new Set(built.files.filter((file) => file !== 'index.html' && file !== 'sw.js'));
  const changed = (await readdir(dist, { recursive: true }))
    .map((file) => file.split(sep).join('/'))
    .filter((file) => !unchanged.has(file));
  await precompress(dist, changed);
}

/** Workbox's limit: a file larger than this is not precached (and here fails the build rather). */
const PRECACHE_MAX_BYTES = 2 * 1024 * 1024;
/** Hashed file names (Vite's and this step's) are their own revision, as Workbox has them in a marina's own build. */
const HASHED = /^assets\/.+-[\w-]{8,}\.\w+$/;

/**
 * The service worker's precache list, this bundle's files in place of the shared build's sentinel: each file
 * of the kinds it keeps offline (`PRECACHED_EXTENSIONS`) but the workers' own, by path, its revision the MD5 of
 * its content as Workbox's `getManifest` gives it, or none for a hashed name. Written here rather than with
 * `getManifest`, whose loading (a schema validator, a glob library) was a fifth of a marina's step.
 */
async function writePrecache(dist: string): Promise<void> {
  const kept = new RegExp(`\\.(${PRECACHED_EXTENSIONS.join('|')})$`);
  const workers = new Set([PUSH_WORKER_FILE, 'sw.js']);
  const files = (await readdir(dist, { recursive: true }))
    .map((file) => file.split(sep).join('/'))
    .filter((file) => kept.test(file) && !workers.has(file) && !/^workbox-[\w-]+\.js$/.test(file))
    .sort();
  const entries = await Promise.all(
    files.map(async (url) => {
      const content = await readFile(join(dist, url));
      if (content.length > PRECACHE_MAX_BYTES)
        throw new BrandBundleError(`${url} is over ${PRECACHE_MAX_BYTES} bytes: the service worker would not keep it`);
      return { url, revision: HASHED.test(url) ? null : createHash('md5').update(content).digest('hex') };
    }),
  );
  const worker = join(dist, 'sw.js');
  const source = await readFile(worker, 'utf8');
  const sentinel = `[{url:"${PRECACHE_SENTINEL}",revision:"0"}]`;
  if (!source.includes(sentinel)) throw new BrandBundleError(`The shared sw.js has no precache list to replace`);
  await writeFile(
    worker,
    source.replace(sentinel, () => JSON.stringify(entries)),
  );
}
