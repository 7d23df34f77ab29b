// `pnpm release`: its arguments, the release folder it writes and the checks of `--verify` (decision 068).
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { gzipSync, constants } from 'node:zlib';
import { packFolder, readArchive, type ArchiveEntry } from './release-archive.ts';
import { versionProblem } from './release-version.ts';

const exec = promisify(execFile);

/** A mistake of whoever runs the command (arguments, marina, tree, folder): said in one message, nothing written. */
export class ReleaseError extends Error {}

export const USAGE =
  'usage: pnpm release --version <MAJOR.MINOR.PATCH[-pre]> [--client 41,25 | --all] [--no-cache]\n' +
  '       pnpm release --verify release/<version>';

export type ReleaseArgs =
  { mode: 'release'; version: string; clients: 'all' | number[]; noCache: boolean } | { mode: 'verify'; dir: string };

/** Reads the command's arguments; throws a ReleaseError saying what is wrong with them. */
export function parseReleaseArgs(args: string[]): ReleaseArgs {
  const values = new Map<string, string>();
  const switches = new Set<string>();
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    const [name, inline] = arg.startsWith('--') ? splitOnce(arg.slice(2), '=') : [undefined, undefined];
    if (name === 'all' || name === 'no-cache') {
      if (inline !== undefined) throw new ReleaseError(`--${name} takes no value`);
      switches.add(name);
    } else if (name === 'version' || name === 'client' || name === 'verify') {
      const value = inline ?? args[++index];
      if (value === undefined || value === '' || (inline === undefined && value.startsWith('--'))) {
        throw new ReleaseError(`--${name} needs a value`);
      }
      if (values.has(name)) throw new ReleaseError(`--${name} is given twice`);
      values.set(name, value);
    } else {
      throw new ReleaseError(`unknown argument "${arg}"`);
    }
  }
  const verify = values.get('verify');
  if (verify !== undefined) {
    if (values.size > 1 || switches.size > 0)
      throw new ReleaseError('--verify takes a release folder and nothing else');
    return { mode: 'verify', dir: verify };
  }
  const version = values.get('version');
  if (version === undefined) throw new ReleaseError('--version is required');
  const problem = versionProblem(version);
  if (problem) throw new ReleaseError(problem);
  const client = values.get('client');
  if (client !== undefined && switches.has('all')) throw new ReleaseError('give --client or --all, not both');
  return {
    mode: 'release',
    version,
    clients: client === undefined ? 'all' : clientIds(client),
    noCache: switches.has('no-cache'),
  };
}

function splitOnce(text: string, separator: string): [string, string | undefined] {
  const at = text.indexOf(separator);
  return at < 0 ? [text, undefined] : [text.slice(0, at), text.slice(at + 1)];
}

function clientIds(list: string): number[] {
  const ids = list.split(',').map((id) => id.trim());
  const wrong = ids.filter((id) => !/^[1-9]\d*$/.test(id));
  if (wrong.length > 0)
    throw new ReleaseError(`--client takes marina ids separated by commas, e.g. 41,25: not "${list}"`);
  if (new Set(ids).size !== ids.length) throw new ReleaseError(`--client names a marina twice: "${list}"`);
  return ids.map(Number);
}

/** What the release needs of one marina folder. */
export interface ReleaseMarina {
  id: number;
  /** `clientApp`, e.g. MB41. */
  code: string;
  title: string;
  /** The API address the bundle calls. */
  apiUrl: string;
  /** Its built bundle. */
  dist: string;
}

/** The marinas `clients` names, in id order; throws a ReleaseError naming any unknown one and the known ones. */
export function selectMarinas<T extends { id: number }>(clients: 'all' | number[], known: T[], where: string): T[] {
  const sorted = [...known].sort((a, b) => a.id - b.id);
  if (clients === 'all') {
    if (sorted.length === 0) throw new ReleaseError(`No marina folder in ${where}`);
    return sorted;
  }
  const unknown = clients.filter((id) => !sorted.some((marina) => marina.id === id));
  if (unknown.length > 0) {
    throw new ReleaseError(
      `No marina ${unknown.join(', ')} in ${where}: known marinas are ${sorted.map((marina) => marina.id).join(', ')}`,
    );
  }
  return sorted.filter((marina) => clients.includes(marina.id));
}

export interface GitState {
  commit: string;
  /** The commit's time, in seconds since 1970: every archive entry's and the manifest's build time. */
  time: number;
  /** `git status --porcelain` lines: files changed, added or not tracked. Empty for a clean tree. */
  changes: string[];
}

export async function gitState(root: string): Promise<GitState> {
  const git = async (...args: string[]) => (await exec('git', args, { cwd: root })).stdout;
  let commit: string;
  try {
    commit = (await git('rev-parse', '--verify', 'HEAD')).trim();
  } catch {
    throw new ReleaseError(`${root} is not a git checkout with a commit: a release is made from a commit`);
  }
  const time = Number((await git('show', '-s', '--format=%ct', 'HEAD')).trim());
  const changes = (await git('status', '--porcelain', '--untracked-files=all'))
    .split('\n')
    .filter((line) => line.trim() !== '');
  return { commit, time, changes };
}

/** Refuses a tree with changes: the release would not be the commit it names. */
export function checkClean(state: GitState): void {
  if (state.changes.length === 0) return;
  const shown = state.changes.slice(0, 10).map((line) => `  ${line}`);
  if (state.changes.length > 10) shown.push(`  … and ${state.changes.length - 10} more`);
  throw new ReleaseError(
    `The working tree has changes, so the release would not be commit ${state.commit.slice(0, 12)}. Commit or stash them first:\n${shown.join('\n')}`,
  );
}

export function checkNewFolder(releaseDir: string): void {
  if (existsSync(releaseDir)) {
    throw new ReleaseError(
      `${releaseDir} already exists: a release is written once. Choose another --version, or remove that folder first.`,
    );
  }
}

export interface FileRecord {
  path: string;
  size: number;
  sha256: string;
}

export interface MarinaRecord {
  id: number;
  code: string;
  title: string;
  version: string;
  commit: string;
  /** The commit's time (ISO 8601): the build takes nothing from the clock. */
  buildTime: string;
  apiUrl: string;
  archive: FileRecord & { folder: string };
  /** Every file's bytes once gzipped at level 9, added up by kind. */
  gzipped: { js: number; css: number };
  files: FileRecord[];
}

export interface ReleaseManifest {
  version: string;
  commit: string;
  buildTime: string;
  marinas: MarinaRecord[];
}

export const SUMS_FILE = 'SHA256SUMS';
export const MANIFEST_FILE = 'manifest.json';

const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

export const archiveName = (id: number) => `client-${id}.tar.gz`;
const archiveFolder = (id: number) => `client-${id}`;

/** The files of an archive, by their path inside its folder. */
function archiveFiles(entries: ArchiveEntry[], folder: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const entry of entries) {
    if (entry.type === 'file' && entry.name.startsWith(`${folder}/`)) {
      files.set(entry.name.slice(folder.length + 1), entry.content);
    }
  }
  return files;
}

/**
 * Writes `releaseDir`: an archive per marina, SHA256SUMS over them and manifest.json. All of it is made in a
 * folder beside it first and renamed into place at the end, so a failure leaves no release behind.
 */
export async function writeRelease(input: {
  releaseDir: string;
  version: string;
  commit: string;
  time: number;
  marinas: ReleaseMarina[];
}): Promise<ReleaseManifest> {
  const { releaseDir, version, commit, time } = input;
  const mtime = new Date(time * 1000);
  const buildTime = mtime.toISOString();
  const archives = new Map<string, Buffer>();
  const marinas: MarinaRecord[] = [];
  for (const marina of input.marinas) {
    const folder = archiveFolder(marina.id);
    const archive = await packFolder(marina.dist, { folder, mtime });
    const files = archiveFiles(await readArchive(archive), folder);
    if (!files.has('index.html')) throw new Error(`${marina.dist} has no index.html: was the marina built?`);
    const gzipped = { js: 0, css: 0 };
    for (const [path, content] of files) {
      const kind = /\.(js|css)$/.exec(path)?.[1] as 'js' | 'css' | undefined;
      if (kind) gzipped[kind] += gzipSync(content, { level: constants.Z_BEST_COMPRESSION }).length;
    }
    archives.set(archiveName(marina.id), archive);
    marinas.push({
      id: marina.id,
      code: marina.code,
      title: marina.title,
      version,
      commit,
      buildTime,
      apiUrl: marina.apiUrl,
      archive: { path: archiveName(marina.id), size: archive.length, sha256: sha256(archive), folder },
      gzipped,
      files: [...files].map(([path, content]) => ({ path, size: content.length, sha256: sha256(content) })),
    });
  }
  const manifest: ReleaseManifest = { version, commit, buildTime, marinas };
  const sums = [...archives].map(([name, archive]) => `${sha256(archive)}  ${name}\n`).join('');

  checkNewFolder(releaseDir);
  await mkdir(dirname(releaseDir), { recursive: true });
  const staging = join(dirname(releaseDir), `.${basename(releaseDir)}.partial-${process.pid}`);
  try {
    await mkdir(staging);
    for (const [name, archive] of archives) await writeFile(join(staging, name), archive);
    await writeFile(join(staging, SUMS_FILE), sums);
    await writeFile(join(staging, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    checkNewFolder(releaseDir);
    await rename(staging, releaseDir);
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  return manifest;
}

export interface VerifyResult {
  /** What was checked and found right, one line each. */
  checked: string[];
  /** What is wrong, one line each; empty when the release is sound. */
  problems: string[];
}

/**
 * Checks a release folder: every archive's sum against SHA256SUMS (and the other way round), its entries
 * against manifest.json, and that it holds a working bundle (`bundleProblems`).
 */
export async function verifyRelease(dir: string): Promise<VerifyResult> {
  const checked: string[] = [];
  const problems: string[] = [];
  if (!existsSync(dir)) return { checked, problems: [`${dir} does not exist`] };
  const sumsText = await readFile(join(dir, SUMS_FILE), 'utf8').catch(() => undefined);
  if (sumsText === undefined) return { checked, problems: [`${dir} has no ${SUMS_FILE}`] };
  const sums = new Map<string, string>();
  for (const [index, line] of sumsText.split('\n').entries()) {
    if (line === '') continue;
    const match = /^([0-9a-f]{64}) [ *](.+)$/.exec(line);
    if (!match) problems.push(`${SUMS_FILE} line ${index + 1} is not "<sha256>  <file>": ${line}`);
    else sums.set(match[2]!, match[1]!);
  }
  const manifest = await readFile(join(dir, MANIFEST_FILE), 'utf8')
    .then((text) => JSON.parse(text) as ReleaseManifest)
    .catch(() => undefined);
  if (!manifest) problems.push(`${dir} has no readable ${MANIFEST_FILE}`);

  const present = (await readdir(dir)).filter((name) => name.endsWith('.tar.gz'));
  for (const name of present.filter((name) => !sums.has(name))) problems.push(`${name} is not in ${SUMS_FILE}`);
  for (const [name, expected] of [...sums].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const archive = await readFile(join(dir, name)).catch(() => undefined);
    if (!archive) {
      problems.push(`${SUMS_FILE} names ${name}, which is not in ${dir}`);
      continue;
    }
    const actual = sha256(archive);
    if (actual === expected) checked.push(`${name}: sha256 ${actual.slice(0, 16)}… as in ${SUMS_FILE}`);
    else problems.push(`${name}: sha256 ${actual} but ${SUMS_FILE} says ${expected}`);
    const folder = name.replace(/\.tar\.gz$/, '');
    let entries: ArchiveEntry[];
    try {
      entries = await readArchive(archive);
    } catch (error) {
      problems.push(`${name} cannot be read as a .tar.gz: ${(error as Error).message}`);
      continue;
    }
    const outside = entries.filter((entry) => entry.name !== `${folder}/` && !entry.name.startsWith(`${folder}/`));
    const unsafe = entries.filter(
      (entry) => entry.name.split('/').includes('..') || !['file', 'directory'].includes(entry.type),
    );
    for (const entry of [...outside, ...unsafe])
      problems.push(`${name}: entry ${entry.name} (${entry.type}) is not a file or folder under ${folder}/`);
    const files = archiveFiles(entries, folder);
    const bundle = bundleProblems(files);
    problems.push(...bundle.problems.map((problem) => `${name}: ${problem}`));
    if (bundle.problems.length === 0) checked.push(`${name}: ${files.size} files; ${bundle.checked.join('; ')}`);

    const record = manifest?.marinas?.find((marina) => marina.archive?.path === name);
    if (manifest && !record) problems.push(`${MANIFEST_FILE} says nothing of ${name}`);
    if (record) {
      const listed = new Map(record.files.map((file) => [file.path, file]));
      const wrong = [...files]
        .filter(([path, content]) => listed.get(path)?.sha256 !== sha256(content))
        .map(([path]) => path);
      const missing = [...listed.keys()].filter((path) => !files.has(path));
      if (record.archive.sha256 !== actual) problems.push(`${name}: sha256 differs from ${MANIFEST_FILE}'s`);
      for (const path of wrong)
        problems.push(`${name}: ${path} is not the file ${MANIFEST_FILE} lists (size or sha256)`);
      for (const path of missing)
        problems.push(`${name}: ${MANIFEST_FILE} lists ${path}, which the archive does not hold`);
      if (record.archive.sha256 === actual && wrong.length === 0 && missing.length === 0) {
        checked.push(
          `${name}: its ${files.size} files as ${MANIFEST_FILE} lists them (marina ${record.id}, ${record.version})`,
        );
      }
    }
  }
  for (const record of manifest?.marinas ?? []) {
    if (!sums.has(record.archive?.path))
      problems.push(`${MANIFEST_FILE} lists ${record.archive?.path}, which ${SUMS_FILE} does not`);
  }
  if (sums.size === 0 && problems.length === 0) problems.push(`${SUMS_FILE} names no archive`);
  return { checked, problems };
}

/** The service worker vite-plugin-pwa writes, which the app registers. */
const SERVICE_WORKER = 'sw.js';

/**
 * What keeps the files of a bundle from working: its `index.html`, the web manifest it links, the service worker
 * and every file these name (scripts, stylesheets, preloads, icons, the worker's scripts and precache list) must
 * be in it. The other pages at its root (the drawn `login.html`) are checked like `index.html`.
 */
export function bundleProblems(files: Map<string, Buffer>): { checked: string[]; problems: string[] } {
  const checked: string[] = [];
  const problems: string[] = [];
  const need = (from: string, reference: string, kind = 'names') => {
    const path = localPath(reference);
    if (path !== undefined && !files.has(path))
      problems.push(`${from} ${kind} ${reference}, which the archive does not hold`);
    return path;
  };
  const index = files.get('index.html')?.toString('utf8');
  if (index === undefined) return { checked, problems: ['no index.html'] };

  for (const page of [...files.keys()].filter((path) => /^[^/]+\.html$/.test(path)).sort()) {
    const references = htmlReferences(files.get(page)!.toString('utf8'));
    for (const reference of references) need(page, reference);
    checked.push(`${page} (${references.length} files named)`);
  }

  const manifestLink = /<link\b[^>]*\brel=["']?manifest\b[^>]*>/i.exec(index)?.[0];
  const manifestHref = manifestLink && attribute(manifestLink, 'href');
  if (!manifestHref) {
    problems.push('index.html links no web manifest (<link rel="manifest">)');
  } else {
    const manifestPath = need('index.html', manifestHref, 'links the manifest');
    const text = manifestPath === undefined ? undefined : files.get(manifestPath)?.toString('utf8');
    if (text !== undefined) {
      let webManifest: { icons?: { src?: string }[] } | undefined;
      try {
        webManifest = JSON.parse(text) as typeof webManifest;
      } catch {
        problems.push(`${manifestPath} is not JSON`);
      }
      const icons = webManifest?.icons ?? [];
      if (webManifest && icons.length === 0) problems.push(`${manifestPath} names no icon`);
      for (const icon of icons) if (icon.src) need(manifestPath!, icon.src);
      if (webManifest) checked.push(`${manifestPath} (${icons.length} icons)`);
    }
  }

  const worker = files.get(SERVICE_WORKER)?.toString('utf8');
  if (worker === undefined) {
    problems.push(`no service worker (${SERVICE_WORKER})`);
  } else {
    const references = workerReferences(worker);
    if (!references.some((reference) => localPath(reference) === 'index.html')) {
      problems.push(`${SERVICE_WORKER} does not precache index.html`);
    }
    for (const reference of references) need(SERVICE_WORKER, reference);
    checked.push(`${SERVICE_WORKER} (${references.length} files named)`);
  }
  return { checked, problems };
}

/** The files an HTML page loads: `src` and `href` of its scripts, links, images and sources (not its `<a>` links). */
function htmlReferences(html: string): string[] {
  const references: string[] = [];
  for (const [tag] of html.matchAll(/<(?:script|link|img|source)\b[^>]*>/gi)) {
    for (const name of ['src', 'href']) {
      const value = attribute(tag, name);
      if (value !== undefined && localPath(value) !== undefined) references.push(value);
    }
  }
  return references;
}

function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}=(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
}

/**
 * The files Workbox's generated worker names: the module it loads (`define(["./workbox-…"])`), the scripts it
 * imports, its precache list and its navigation fallback.
 */
function workerReferences(worker: string): string[] {
  const references: string[] = [];
  for (const [, list] of worker.matchAll(/define\(\[([^\]]*)\]/g)) {
    for (const [, name] of list!.matchAll(/"([^"]+)"/g)) references.push(`${name}.js`);
  }
  for (const [, list] of worker.matchAll(/importScripts\(((?:\s*"[^"]*"\s*,?)+)\)/g)) {
    for (const [, name] of list!.matchAll(/"([^"]+)"/g)) references.push(name!);
  }
  for (const [, url] of worker.matchAll(/\burl:\s*"([^"]+)"/g)) references.push(url!);
  for (const [, url] of worker.matchAll(/createHandlerBoundToURL\(\s*"([^"]+)"/g)) references.push(url!);
  return references;
}

/**
 * The path inside the bundle a reference points at (`/assets/a.js?v=1` → `assets/a.js`), or undefined for
 * one that points elsewhere (another host, `data:`, a fragment).
 */
function localPath(reference: string): string | undefined {
  if (/^(?:[a-z][a-z0-9+.-]*:|\/\/|#)/i.test(reference)) return undefined;
  const path = reference.split(/[?#]/)[0]!.replace(/^\.?\//, '');
  if (path === '') return 'index.html';
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
