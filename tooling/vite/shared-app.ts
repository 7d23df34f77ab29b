// The app built once for every marina (decision 070): what each marina's step (`brand-bundle.ts`) brands.
import { mkdir, writeFile } from 'node:fs/promises';
import { build, type LogLevel } from 'vite';
import { precompress } from '../scripts/lib/precompress.ts';
import { pushWorkerBody, sharedAppViteConfig } from './client-vite-config.ts';
import { importPrerenderEntry } from './login-page.ts';
import { SHARED_APP, sharedParts } from './marina-client.ts';
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
  const file = await writeFirstScreenScript(parts.web, await importPrerenderEntry(parts.prerender));
  await mkdir(shared, { recursive: true });
  await writeFile(parts.firstScreen, JSON.stringify({ file }));
  await writeFile(parts.pushWorker, await pushWorkerBody());
  await precompress(parts.web);
}
