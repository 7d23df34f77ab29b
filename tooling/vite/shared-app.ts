// The app built once for every marina (decision 070): what each marina's step (`brand-bundle.ts`) brands.
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { build, type LogLevel } from 'vite';
import { precompress } from '../scripts/lib/precompress.ts';
import { pushWorkerBody, sharedAppViteConfig } from './client-vite-config.ts';
import { importPrerenderEntry } from './login-page.ts';
import { SHARED_APP, sharedParts, type SharedBuild } from './marina-client.ts';
import { buildPrerenderEntry, writeFirstScreenScript } from './prerender.ts';

export { SHARED_APP, sharedParts } from './marina-client.ts';

export async function buildSharedApp(
  shared: string = SHARED_APP,
  { logLevel = 'warn' }: { logLevel?: LogLevel } = {},
): Promise<void> {
  const parts = sharedParts(shared);
  const config = sharedAppViteConfig(parts.web);
  await build({ ...config, logLevel });
  await buildPrerenderEntry(parts.prerender);
  const firstScreen = await writeFirstScreenScript(parts.web, await importPrerenderEntry(parts.prerender));
  await mkdir(shared, { recursive: true });
  await writeFile(parts.pushWorker, await pushWorkerBody());
  await precompress(parts.web);
  // Vite empties `web/` as it builds, but Turbo restores a cached build over whatever is there: the list of
  // this build's files, written last, is what each marina copies.
  const entries = await readdir(parts.web, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(parts.web, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
  const built: SharedBuild = { files, firstScreen };
  await writeFile(parts.built, JSON.stringify(built));
}
