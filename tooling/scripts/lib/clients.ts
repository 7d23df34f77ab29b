import { join, resolve } from 'node:path';
import {
  ClientFoldersError,
  discoverMarinaFolders,
  marinaDeclaration,
  type MarinaFolder,
} from '@marina/core/config/marina-folders.ts';
import { repoRoot } from '../../vite/client-vite-config.ts';
import { flag } from './run.ts';

export { ClientFoldersError };
export type ClientFolder = MarinaFolder;

/**
 * The fixture marinas (decision 046): 901 by SMS, 902 by e-mail, 903 the API tests' other marina. The API
 * tests and the full browser suite run on them, so editing a real brand's folder breaks neither.
 * `MARINAS_DIR=tooling/fixtures/marinas npm start -- --client 901` serves one.
 */
export const FIXTURE_MARINAS_DIR = join(repoRoot, 'tooling', 'fixtures', 'marinas');

/**
 * The folder holding the marina folders: MARINAS_DIR, as the API reads it, else the repository's `apps/`
 * (the real brands).
 */
export function marinasDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.MARINAS_DIR ? resolve(env.MARINAS_DIR) : join(repoRoot, 'apps');
}

/** Every marina under MARINAS_DIR (the repository's `apps/client-*` by default), checked; see core's `discoverMarinaFolders`. */
export function discoverClients(appsDir = marinasDir()): Promise<ClientFolder[]> {
  return discoverMarinaFolders(appsDir);
}

/** What the API seeds for each marina it serves: the folder is the one place that declares it. */
export function clientSeeds(clients: ClientFolder[]) {
  return clients.map(({ config }) => marinaDeclaration(config));
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
