/**
 * One process per PGlite data folder. PGlite has no postmaster guarding its folder: two processes that open
 * the same one each keep their own view, lose each other's writes and can leave it corrupt (decision 010).
 * The lock is a file beside the folder (`<folder>.lock`, created exclusively) holding the owner's pid; a
 * lock whose process no longer runs (killed, crashed) is stale and taken over.
 */
import { hostname } from 'node:os';
import { closeSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';

interface LockOwner {
  pid: number;
  hostname: string;
  startedAt?: string;
  command?: string;
}

export class DataDirInUseError extends Error {
  readonly dataDir: string;

  constructor(dataDir: string, owner: LockOwner | undefined) {
    const who =
      owner === undefined
        ? 'another process'
        : `${owner.pid === process.pid ? 'this same process' : 'another process'} (pid ${owner.pid}${owner.startedAt ? `, since ${owner.startedAt}` : ''}${owner.command ? `: ${owner.command}` : ''})`;
    super(
      [
        `The database folder ${dataDir} is already open in ${who}.`,
        'An embedded database can be used by one process at a time; a second one would lose data.',
        'Stop the other server (Ctrl+C in its terminal), or start this one with --memory (a throwaway database)',
        'or another folder (DATA_DIR=.data/other). To try several marinas at once, serve them from one process:',
        'npm start -- --client 41,25,63 (or --all).',
        `If no such process runs, delete ${lockPath(dataDir)}.`,
      ].join('\n'),
    );
    this.name = 'DataDirInUseError';
    this.dataDir = dataDir;
  }
}

export function lockPath(dataDir: string): string {
  return `${dataDir.replace(/[/\\]+$/, '')}.lock`;
}

function readOwner(path: string): LockOwner | undefined {
  try {
    const owner = JSON.parse(readFileSync(path, 'utf8')) as Partial<LockOwner>;
    return typeof owner.pid === 'number' && typeof owner.hostname === 'string' ? (owner as LockOwner) : undefined;
  } catch {
    return undefined;
  }
}

function isRunning(owner: LockOwner): boolean {
  // Another machine's process (a shared folder) cannot be checked from here: assume it runs.
  if (owner.hostname !== hostname()) return true;
  try {
    process.kill(owner.pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * An unreadable lock is one being written this instant, unless it has stayed so for a while: its writer died
 * between creating and filling it.
 */
function isAbandoned(path: string): boolean {
  try {
    return Date.now() - statSync(path).mtimeMs > 10_000;
  } catch {
    return true;
  }
}

function tryCreate(path: string): boolean {
  let fd: number;
  try {
    fd = openSync(path, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  const owner: LockOwner = {
    pid: process.pid,
    hostname: hostname(),
    startedAt: new Date().toISOString(),
    command: process.argv.slice(1).join(' '),
  };
  try {
    writeSync(fd, JSON.stringify(owner));
  } finally {
    closeSync(fd);
  }
  return true;
}

/**
 * Takes the folder for this process, or throws DataDirInUseError naming it and what to do. Returns the
 * release, which is also run if the process exits without calling it.
 */
export function lockDataDir(dataDir: string): () => void {
  const path = lockPath(dataDir);
  if (!tryCreate(path)) {
    const owner = readOwner(path);
    if (owner === undefined ? !isAbandoned(path) : owner.pid === process.pid || isRunning(owner)) {
      throw new DataDirInUseError(dataDir, owner);
    }
    // Stale. Two processes taking it over at once: only one creates the new file, the other is refused.
    if (readOwner(path)?.pid === owner?.pid) rmSync(path, { force: true });
    if (!tryCreate(path)) throw new DataDirInUseError(dataDir, readOwner(path));
  }
  const release = () => {
    process.off('exit', release);
    if (readOwner(path)?.pid !== process.pid) return;
    rmSync(path, { force: true });
  };
  process.on('exit', release);
  return release;
}
