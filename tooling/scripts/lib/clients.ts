import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
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

/** The marina folders contradict each other (two declare one `clientId`); the message names them. */
export class ClientFoldersError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ClientFoldersError';
  }
}

/**
 * Every marina of the repository: each `apps/client-*` folder with a `client.config.ts`. Two folders that
 * declare one `clientId` are refused, naming both: the API would seed one marina twice and serve one bundle
 * for the other's customers.
 */
export async function discoverClients(appsDir = join(repoRoot, 'apps')): Promise<ClientFolder[]> {
  const folders = readdirSync(appsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name.startsWith('client-'))
    .map((entry) => ({ name: entry.name, dir: join(appsDir, entry.name) }))
    .filter(({ dir }) => existsSync(join(dir, 'client.config.ts')));
  const clients = await Promise.all(
    folders.map(async ({ name, dir }) => {
      const module = (await import(pathToFileURL(join(dir, 'client.config.ts')).href)) as { default: ClientFolderConfig };
      return { id: module.default.clientId, name, dir, config: module.default };
    }),
  );
  const byId = new Map<number, ClientFolder[]>();
  for (const client of clients) byId.set(client.id, [...(byId.get(client.id) ?? []), client]);
  const clashes = [...byId].filter(([, group]) => group.length > 1);
  if (clashes.length > 0) {
    const shown = (dir: string) => relative(process.cwd(), dir) || dir;
    throw new ClientFoldersError(
      clashes
        .map(
          ([id, group]) =>
            `clientId ${id} is declared by ${group.length} marina folders: ${group.map((client) => `${shown(client.dir)}/client.config.ts`).join(' and ')}.`,
        )
        .concat('Each marina needs its own clientId: change it in all but one of them.')
        .join('\n'),
    );
  }
  return clients.sort((a, b) => a.id - b.id);
}

/** What the API seeds for each marina it serves: the folder is the one place that declares it. */
export function clientSeeds(clients: ClientFolder[]) {
  return clients.map(({ config }) => ({
    id: config.clientId,
    app: config.clientApp,
    title: config.clientTitulo,
    ...(config.timeZone === undefined ? {} : { timeZone: config.timeZone }),
  }));
}

/** Discovers the marinas, or ends the process with the reason (no stack trace: it is the folders, not a bug). */
async function discoverOrExit(): Promise<ClientFolder[]> {
  try {
    return await discoverClients();
  } catch (error) {
    if (!(error instanceof ClientFoldersError)) throw error;
    console.error(error.message);
    process.exit(2);
  }
}

/** The client named by `--client <id>` (41 by default), or exit with the list of known ones. */
export async function clientFromArgs(args: string[]): Promise<{ client: ClientFolder; clients: ClientFolder[] }> {
  const { selected, clients } = await clientsFromArgs(args);
  if (selected.length > 1) {
    console.error('This command serves one marina: name one with --client <id>.');
    process.exit(2);
  }
  return { client: selected[0]!, clients };
}

/**
 * The marinas named by `--client 41`, `--client 41,25,63` or `--all` (41 alone by default), or exit with the
 * list of known ones.
 */
export async function clientsFromArgs(args: string[]): Promise<{ selected: ClientFolder[]; clients: ClientFolder[] }> {
  const clients = await discoverOrExit();
  if (args.includes('--all')) return { selected: clients, clients };
  const ids = (flag(args, 'client') ?? '41').split(',').map((id) => id.trim());
  const selected = ids.map((id) => clients.find((candidate) => String(candidate.id) === id));
  const unknown = ids.filter((_, index) => selected[index] === undefined);
  if (unknown.length > 0 || new Set(ids).size !== ids.length) {
    console.error(
      `${unknown.length > 0 ? `No client ${unknown.join(', ')}.` : 'A client is named twice.'} Known clients: ${clients.map((c) => c.id).join(', ')}`,
    );
    process.exit(2);
  }
  return { selected: selected as ClientFolder[], clients };
}
