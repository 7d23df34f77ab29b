// The archives of `pnpm release`: one folder as a .tar.gz whose bytes depend on nothing but the folder's
// files, their paths and a given time (decision 068).
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import { constants, createGunzip, gzip } from 'node:zlib';
import { promisify } from 'node:util';
import tar from 'tar-stream';

const gz = promisify(gzip);

/** Every entry's mode: what a web server needs, whatever the build machine's umask was. */
export const FILE_MODE = 0o644;
export const DIRECTORY_MODE = 0o755;

/** Byte 9 of a gzip header, its operating system: "unknown" (RFC 1952), not the one Node was built for. */
const GZIP_OS_UNKNOWN = 0xff;

export interface ArchiveOptions {
  /** The folder every entry sits in (`client-41`), so that unpacking makes one folder. */
  folder: string;
  /** Every entry's modification time: the commit's, for the same bytes from the same commit. */
  mtime: Date;
}

/** The files under `dir` (recursively), as `/`-separated paths relative to it, sorted by their bytes. */
export async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort(compareBytes);
}

function compareBytes(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}

/**
 * The .tar.gz of the files in `dir` under `options.folder`: entries sorted by path, each directory before
 * what it holds; every time `options.mtime`; owner and group 0 with no names; modes 0644 and 0755; gzip at
 * level 9 with neither name nor time in its header. Links and other special files are not taken.
 */
export async function packFolder(dir: string, options: ArchiveOptions): Promise<Buffer> {
  const files = await listFiles(dir);
  const directories = new Set<string>();
  for (const file of files) {
    const parts = file.split('/');
    for (let depth = 1; depth < parts.length; depth++) directories.add(parts.slice(0, depth).join('/'));
  }
  const entries = [
    { path: '', type: 'directory' as const },
    ...[...directories].map((path) => ({ path, type: 'directory' as const })),
    ...files.map((path) => ({ path, type: 'file' as const })),
  ].sort((a, b) => compareBytes(entryName(options.folder, a.path, a.type), entryName(options.folder, b.path, b.type)));

  const pack = tar.pack();
  const tarball = buffer(pack);
  for (const entry of entries) {
    const header = {
      name: entryName(options.folder, entry.path, entry.type),
      mtime: options.mtime,
      uid: 0,
      gid: 0,
      uname: '',
      gname: '',
    };
    if (entry.type === 'directory') {
      pack.entry({ ...header, type: 'directory', mode: DIRECTORY_MODE });
    } else {
      const content = await readFile(join(dir, entry.path));
      pack.entry({ ...header, type: 'file', mode: FILE_MODE, size: content.length }, content);
    }
  }
  pack.finalize();
  const zipped = await gz(await tarball, { level: constants.Z_BEST_COMPRESSION });
  zipped[9] = GZIP_OS_UNKNOWN;
  return zipped;
}

function entryName(folder: string, path: string, type: 'file' | 'directory'): string {
  const name = path ? `${folder}/${path}` : folder;
  return type === 'directory' ? `${name}/` : name;
}

export interface ArchiveEntry {
  name: string;
  type: string;
  mode: number;
  uid: number;
  gid: number;
  uname: string;
  gname: string;
  mtime: Date;
  content: Buffer;
}

/** Every entry of a .tar.gz, in its order, with its file's content (empty for a directory). */
export async function readArchive(archive: Buffer): Promise<ArchiveEntry[]> {
  const extract = tar.extract();
  const gunzip = createGunzip();
  // Settles with the stream's error (a file that is not gzip, a truncated archive), never rejects unheard.
  const failed = pipeline(gunzip, extract).then(
    () => undefined,
    (error: unknown) => error,
  );
  gunzip.end(archive);
  const entries: ArchiveEntry[] = [];
  try {
    for await (const entry of extract) {
      const { name, type, mode, uid, gid, uname, gname, mtime } = entry.header;
      entries.push({
        name,
        type: type ?? 'file',
        mode: mode ?? 0,
        uid: uid ?? 0,
        gid: gid ?? 0,
        uname: uname ?? '',
        gname: gname ?? '',
        mtime: mtime ?? new Date(0),
        content: await buffer(entry),
      });
    }
  } catch (error) {
    throw (await failed) ?? error;
  }
  const error = await failed;
  if (error) throw error;
  return entries;
}
