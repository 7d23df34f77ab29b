import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DIRECTORY_MODE, FILE_MODE, listFiles, packFolder, readArchive } from './release-archive.ts';

let dir: string;
const mtime = new Date('2026-11-28T12:34:56Z');

function write(path: string, content: string): void {
  mkdirSync(join(dir, path, '..'), { recursive: true });
  writeFileSync(join(dir, path), content);
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'marina-archive-'));
  write('index.html', '<!doctype html><script src="/assets/a.js"></script>');
  write('assets/b.css', 'body{}');
  write('assets/a.js', 'console.log(1)');
  write('brand/icon.svg', '<svg/>');
  write('sw.js', 'self');
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('packFolder', () => {
  it('makes the same bytes from the same files, whatever their times, modes and order on disk', async () => {
    const first = await packFolder(dir, { folder: 'client-901', mtime });
    // Another build of the same files: written later, another umask, another order.
    rmSync(join(dir, 'assets'), { recursive: true });
    write('assets/b.css', 'body{}');
    write('assets/a.js', 'console.log(1)');
    chmodSync(join(dir, 'assets/a.js'), 0o600);
    chmodSync(join(dir, 'sw.js'), 0o775);
    utimesSync(join(dir, 'index.html'), new Date('2030-01-01'), new Date('2030-01-01'));
    const second = await packFolder(dir, { folder: 'client-901', mtime });
    expect(second.equals(first)).toBe(true);

    write('assets/a.js', 'console.log(2)');
    expect((await packFolder(dir, { folder: 'client-901', mtime })).equals(first)).toBe(false);
  });

  it('sorts its entries, each folder first, with fixed times, owners and modes', async () => {
    const entries = await readArchive(await packFolder(dir, { folder: 'client-901', mtime }));
    expect(entries.map((entry) => entry.name)).toEqual([
      'client-901/',
      'client-901/assets/',
      'client-901/assets/a.js',
      'client-901/assets/b.css',
      'client-901/brand/',
      'client-901/brand/icon.svg',
      'client-901/index.html',
      'client-901/sw.js',
    ]);
    for (const entry of entries) {
      expect(entry).toMatchObject({ uid: 0, gid: 0, uname: '', gname: '', mtime });
      expect(entry.mode).toBe(entry.type === 'directory' ? DIRECTORY_MODE : FILE_MODE);
    }
    expect(entries.find((entry) => entry.name === 'client-901/assets/a.js')?.content.toString()).toBe('console.log(1)');
  });

  it('writes a gzip header with no file name, no time and no operating system', async () => {
    const archive = await packFolder(dir, { folder: 'client-901', mtime });
    expect([...archive.subarray(0, 4)]).toEqual([0x1f, 0x8b, 8, 0]); // deflate, no FNAME/FEXTRA/FCOMMENT
    expect(archive.readUInt32LE(4)).toBe(0); // MTIME
    expect(archive[9]).toBe(0xff); // OS: unknown
  });

  it('is read by the system tar as it is listed', async () => {
    const file = join(dir, '..', `${dir.split('/').pop()}.tar.gz`);
    writeFileSync(file, await packFolder(dir, { folder: 'client-901', mtime }));
    try {
      const listing = execFileSync('tar', ['-tvzf', file], { encoding: 'utf8', env: { ...process.env, TZ: 'UTC' } });
      expect(listing).toMatch(/^-rw-r--r-- 0\/0 +14 2026-11-28 12:34 client-901\/assets\/a\.js$/m);
    } finally {
      rmSync(file, { force: true });
    }
  });

  it('lists files by their bytes, with / between folders', async () => {
    expect(await listFiles(dir)).toEqual(['assets/a.js', 'assets/b.css', 'brand/icon.svg', 'index.html', 'sw.js']);
  });
});

describe('readArchive', () => {
  it('fails on bytes that are not a .tar.gz', async () => {
    await expect(readArchive(Buffer.from('not an archive'))).rejects.toThrow();
    const archive = await packFolder(dir, { folder: 'client-901', mtime });
    await expect(readArchive(archive.subarray(0, archive.length / 2))).rejects.toThrow();
  });
});
