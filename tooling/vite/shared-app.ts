// The app built once for every marina (decision 070): what each marina's step (`brand-bundle.ts`) brands.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type LogLevel } from 'vite';
import { precompress } from '../scripts/lib/precompress.ts';
import { pushWorkerBody, sharedAppViteConfig } from './client-vite-config.ts';
import { buildPrerenderEntry } from './prerender.ts';

/** Where `pnpm --filter @marina/tooling build` puts it. */
export const SHARED_APP = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'app');

/** Its parts: the web bundle without a brand, the drawn screens' code for Node, the push handlers' body. */
export const sharedParts = (shared: string) => ({
  web: join(shared, 'web'),
  prerender: join(shared, 'prerender'),
  pushWorker: join(shared, 'push-worker.js'),
});

export async function buildSharedApp(
  shared: string = SHARED_APP,
  { logLevel = 'warn' }: { logLevel?: LogLevel } = {},
): Promise<void> {
  const parts = sharedParts(shared);
  const config = sharedAppViteConfig(parts.web);
  await build({ ...config, logLevel });
  await buildPrerenderEntry(parts.prerender);
  await mkdir(shared, { recursive: true });
  await writeFile(parts.pushWorker, await pushWorkerBody());
  await precompress(parts.web);
}
