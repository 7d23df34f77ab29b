import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ClientFolderConfig } from '@marina/core/config/app-config.ts';
import { repoRoot } from '../../vite/client-vite-config.ts';

export interface ClientFolder {
  id: number;
  /** `client-41` */
  name: string;
  dir: string;
  config: ClientFolderConfig;
}

/** Every marina of the repository: each `apps/client-*` folder with a `client.config.ts`. */
export async function discoverClients(): Promise<ClientFolder[]> {
  const apps = join(repoRoot, 'apps');
  const folders = readdirSync(apps, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name.startsWith('client-'))
    .map((entry) => ({ name: entry.name, dir: join(apps, entry.name) }))
    .filter(({ dir }) => existsSync(join(dir, 'client.config.ts')));
  const clients = await Promise.all(
    folders.map(async ({ name, dir }) => {
      const module = (await import(pathToFileURL(join(dir, 'client.config.ts')).href)) as { default: ClientFolderConfig };
      return { id: module.default.clientId, name, dir, config: module.default };
    }),
  );
  return clients.sort((a, b) => a.id - b.id);
}

/** What the API seeds for each marina it serves. */
export function clientSeeds(clients: ClientFolder[]) {
  return clients.map(({ config }) => ({ id: config.clientId, app: config.clientApp, title: config.clientTitulo }));
}
