import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ClientFolderConfig } from '@marina/core/config/app-config.ts';
import { repoRoot } from '../../vite/client-vite-config.ts';
import { flag } from './run.ts';

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

/** The client named by `--client <id>` (41 by default), or exit with the list of known ones. */
export async function clientFromArgs(args: string[]): Promise<{ client: ClientFolder; clients: ClientFolder[] }> {
  const clientId = Number(flag(args, 'client') ?? 41);
  const clients = await discoverClients();
  const client = clients.find((candidate) => candidate.id === clientId);
  if (!client) {
    console.error(`No client ${clientId}. Known clients: ${clients.map((c) => c.id).join(', ')}`);
    process.exit(2);
  }
  return { client, clients };
}
