import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './database.ts';
import { DataDirInUseError, lockDataDir } from './data-dir-lock.ts';

const folders: string[] = [];
function tempDataDir(): string {
  const parent = mkdtempSync(join(tmpdir(), 'pglite-lock-'));
  folders.push(parent);
  return join(parent, 'pglite');
}

afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A pid that no process has: a child that has already exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.on('exit', resolve));
  return child.pid!;
}

describe('lockDataDir', () => {
  it('refuses a second holder, naming the folder and what to do, until the first releases it', () => {
    const dataDir = tempDataDir();
    const release = lockDataDir(dataDir);
    let error: unknown;
    try {
      lockDataDir(dataDir);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(DataDirInUseError);
    const message = (error as Error).message;
    expect(message).toContain(dataDir);
    expect(message).toContain(`pid ${process.pid}`);
    expect(message).toMatch(/Stop the other server/);
    expect(message).toMatch(/--memory/);
    expect(message).toMatch(/DATA_DIR/);
    release();
    lockDataDir(dataDir)();
  });

  it('takes over a lock left by a process that no longer runs', async () => {
    const dataDir = tempDataDir();
    const release = lockDataDir(dataDir);
    release();
    writeFileSync(`${dataDir}.lock`, JSON.stringify({ pid: await deadPid(), hostname: hostname() }));
    const again = lockDataDir(dataDir);
    expect(JSON.parse(readFileSync(`${dataDir}.lock`, 'utf8'))).toMatchObject({ pid: process.pid });
    again();
    expect(existsSync(`${dataDir}.lock`)).toBe(false);
  });

  it('waits for a lock being written, but takes over one left empty by a writer that died', () => {
    const dataDir = tempDataDir();
    lockDataDir(dataDir)();
    writeFileSync(`${dataDir}.lock`, '');
    expect(() => lockDataDir(dataDir)).toThrow(DataDirInUseError);
    const aMinuteAgo = new Date(Date.now() - 60_000);
    utimesSync(`${dataDir}.lock`, aMinuteAgo, aMinuteAgo);
    lockDataDir(dataDir)();
  });

  it('is held while another process has the folder open', async () => {
    const dataDir = tempDataDir();
    const holder = spawn(
      process.execPath,
      [
        '-e',
        `import('${new URL('./data-dir-lock.ts', import.meta.url).href}').then((m) => { m.lockDataDir(process.argv[1]); console.log('locked'); setInterval(() => {}, 1000); })`,
        dataDir,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    try {
      await new Promise<void>((resolve, reject) => {
        holder.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('locked') && resolve());
        holder.on('exit', (code) => reject(new Error(`holder exited with ${code}`)));
      });
      expect(() => lockDataDir(dataDir)).toThrow(`pid ${holder.pid}`);
    } finally {
      holder.kill('SIGKILL');
      await new Promise((resolve) => holder.on('exit', resolve));
    }
    // Killed without a chance to clean up: its lock is stale and the next open proceeds.
    lockDataDir(dataDir)();
  });
});

describe('openDatabase on a PGlite folder', () => {
  it('refuses to open a folder that is already open, and opens it again once closed', async () => {
    const dataDir = tempDataDir();
    const first = await openDatabase({ dataDir });
    try {
      await expect(openDatabase({ dataDir })).rejects.toBeInstanceOf(DataDirInUseError);
    } finally {
      await first.close();
    }
    const second = await openDatabase({ dataDir });
    await second.close();
  });
});
