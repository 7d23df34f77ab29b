/// <reference types="node" />
/**
 * Reads the marina folders (`<apps>/client-*` with a `client.config.ts`): the one place each marina is
 * declared. The build and the tooling (`tooling/scripts/lib/clients.ts`, `tooling/vite/`) and the API's
 * seed (`MARINAS_DIR`) all read them through this module, so nothing else lists marinas.
 *
 * Node only (it reads the disk and imports the configs): the app never imports it.
 */
import { existsSync, readdirSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DEFAULT_SMS_COUNTRIES } from '../domain/contact.ts';
import type { MarinaDeclaration } from '../domain/marina.ts';
import type { ClientFolderConfig } from './app-config.ts';
import { ClientConfigError, folderProblems } from './validate-config.ts';

export interface MarinaFolder {
  id: number;
  /** `client-41` */
  name: string;
  /** Absolute path of the folder. */
  dir: string;
  config: ClientFolderConfig;
}

/**
 * The marina folders are wrong: one or more fail their check, or two declare one `clientId`. The message
 * lists every problem of every folder, each naming its folder and field.
 */
export class ClientFoldersError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ClientFoldersError';
  }
}

/** How a folder is named in messages: `client 41 (client-41)`. */
export function folderSource(dir: string, config: Partial<ClientFolderConfig> | undefined): string {
  return `client ${config?.clientId ?? basename(dir)} (${basename(dir)})`;
}

/** Imports one folder's `client.config.ts` as it is, unchecked. */
export async function importFolderConfig(dir: string): Promise<ClientFolderConfig> {
  const module = (await import(pathToFileURL(join(dir, 'client.config.ts')).href)) as { default: ClientFolderConfig };
  return module.default;
}

/**
 * Every marina under `appsDir`, sorted by clientId, each checked as the build checks it. Refused, with one
 * message naming every problem: a folder whose config is wrong (the server would seed it as it is), and two
 * folders that declare one `clientId` (the API would seed one marina twice and serve one bundle for the
 * other's customers).
 */
export async function discoverMarinaFolders(appsDir: string): Promise<MarinaFolder[]> {
  const root = resolve(appsDir);
  if (!existsSync(root)) throw new ClientFoldersError(`No marina folders: ${root} does not exist.`);
  const folders = await Promise.all(
    readdirSync(root, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && entry.name.startsWith('client-'))
      .map((entry) => ({ name: entry.name, dir: join(root, entry.name) }))
      .filter(({ dir }) => existsSync(join(dir, 'client.config.ts')))
      .map(async ({ name, dir }): Promise<MarinaFolder> => {
        const config = await importFolderConfig(dir);
        return { id: config?.clientId, name, dir, config };
      }),
  );
  const invalid = folders.flatMap(({ dir, config }) => {
    const problems =
      typeof config === 'object' && config !== null
        ? folderProblems(config)
        : ['client.config.ts must `export default defineClientConfig({ … })`'];
    return problems.length === 0 ? [] : [new ClientConfigError(folderSource(dir, config), problems).message];
  });
  const byId = new Map<number, MarinaFolder[]>();
  // A folder without a readable clientId is already reported above.
  for (const folder of folders)
    if (typeof folder.id === 'number') byId.set(folder.id, [...(byId.get(folder.id) ?? []), folder]);
  const shown = (dir: string) => `${relative(process.cwd(), dir) || dir}/client.config.ts`;
  const clashes = [...byId]
    .filter(([, group]) => group.length > 1)
    .map(
      ([id, group]) =>
        `clientId ${id} is declared by ${group.length} marina folders: ${group.map(({ dir }) => shown(dir)).join(' and ')}.`,
    );
  if (clashes.length > 0) clashes.push('Each marina needs its own clientId: change it in all but one of them.');
  if (invalid.length > 0 || clashes.length > 0) throw new ClientFoldersError([...invalid, ...clashes].join('\n'));
  return folders.sort((a, b) => a.id - b.id);
}

/** What the server seeds for a marina: its folder's facts under the server's names. */
export function marinaDeclaration(config: ClientFolderConfig): MarinaDeclaration {
  return {
    id: config.clientId,
    app: config.clientApp,
    title: config.clientTitulo,
    timeZone: config.timeZone,
    openingHours: config.openingHours.map(({ from, to, open, close }) => ({ from, to, open, close })),
    settings: { ...config.settings },
    sendsSms: config.sendsSms,
    smsCountries: [...(config.smsCountries ?? DEFAULT_SMS_COUNTRIES)],
    contactEmail: config.contact.email,
  };
}

/** Every marina under `appsDir` as the server seeds it. */
export async function loadMarinaDeclarations(appsDir: string): Promise<MarinaDeclaration[]> {
  return (await discoverMarinaFolders(appsDir)).map(({ config }) => marinaDeclaration(config));
}

/**
 * The build's `clientesConSMS` (a field name of the original specification): every marina whose folder
 * declares `sendsSms: true`. Highest clientId first, which gives the specification's own `[41, 25]`; the
 * order means nothing else (the app only asks whether its id is in the list).
 */
export function clientesConSMS(folders: ReadonlyArray<Pick<MarinaFolder, 'config'>>): number[] {
  return folders
    .filter(({ config }) => config.sendsSms)
    .map(({ config }) => config.clientId)
    .sort((a, b) => b - a);
}
