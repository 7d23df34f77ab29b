import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { packFolder } from './release-archive.ts';
import {
  checkClean,
  gitState,
  parseReleaseArgs,
  ReleaseError,
  selectMarinas,
  verifyRelease,
  writeRelease,
  type ReleaseManifest,
} from './release.ts';
import { versionProblem } from './release-version.ts';

describe('release versions', () => {
  it.each(['5.2.0', '0.0.1', '5.1010.1945', '10.20.30', '5.2.0-rc.1', '1.0.0-alpha-2.x.7', '1.0.0-0'])(
    'take %s',
    (version) => expect(versionProblem(version)).toBeUndefined(),
  );

  it.each([
    '',
    '5',
    '5.2',
    'v5.2.0',
    '5.2.0.1',
    '05.2.0',
    '5.02.0',
    '5.2.0-',
    '5.2.0-rc..1',
    '5.2.0-01',
    '5.2.0+build.7',
    '5.2.0-rc_1',
    '../5.2.0',
    '5.2.0/x',
    ' 5.2.0',
    `1.0.0-${'a'.repeat(60)}`,
  ])('refuse %j', (version) => expect(versionProblem(version)).toMatch(/not a version|longer than/));
});

describe('parseReleaseArgs', () => {
  it('reads a release of every marina, or of those named', () => {
    expect(parseReleaseArgs(['--version', '5.2.0'])).toEqual({
      mode: 'release',
      version: '5.2.0',
      clients: 'all',
      noCache: false,
    });
    expect(parseReleaseArgs(['--version=5.2.0-rc.1', '--all', '--no-cache'])).toEqual({
      mode: 'release',
      version: '5.2.0-rc.1',
      clients: 'all',
      noCache: true,
    });
    expect(parseReleaseArgs(['--client', '41,25', '--version', '5.2.0'])).toMatchObject({ clients: [41, 25] });
    expect(parseReleaseArgs(['--client=41', '--version', '5.2.0'])).toMatchObject({ clients: [41] });
  });

  it('reads a check of a release folder', () => {
    expect(parseReleaseArgs(['--verify', 'release/5.2.0'])).toEqual({ mode: 'verify', dir: 'release/5.2.0' });
  });

  it.each([
    [[], /--version is required/],
    [['--version'], /--version needs a value/],
    [['--version', '--all'], /--version needs a value/],
    [['--version', '5.2'], /"5\.2" is not a version/],
    [['--version', 'v5.2.0'], /"v5\.2\.0" is not a version/],
    [['--version', '5.2.0', '--version', '5.3.0'], /--version is given twice/],
    [['--version', '5.2.0', '--client', '41', '--all'], /--client or --all, not both/],
    [['--version', '5.2.0', '--client', 'port-blau'], /--client takes marina ids/],
    [['--version', '5.2.0', '--client', '41,,25'], /--client takes marina ids/],
    [['--version', '5.2.0', '--client', '41,41'], /names a marina twice/],
    [['--version', '5.2.0', '--all=yes'], /--all takes no value/],
    [['--version', '5.2.0', '--clients', '41'], /unknown argument "--clients"/],
    [['5.2.0'], /unknown argument "5\.2\.0"/],
    [['--verify'], /--verify needs a value/],
    [['--verify', 'release/5.2.0', '--all'], /--verify takes a release folder and nothing else/],
    [['--verify', 'release/5.2.0', '--version', '5.2.0'], /--verify takes a release folder and nothing else/],
  ])('refuses %j', (args, message) => {
    expect(() => parseReleaseArgs(args)).toThrow(ReleaseError);
    expect(() => parseReleaseArgs(args)).toThrow(message);
  });
});

describe('selectMarinas', () => {
  const known = [{ id: 41 }, { id: 25 }, { id: 63 }];
  it('takes every marina, or those named, in id order', () => {
    expect(selectMarinas('all', known, 'apps')).toEqual([{ id: 25 }, { id: 41 }, { id: 63 }]);
    expect(selectMarinas([63, 25], known, 'apps')).toEqual([{ id: 25 }, { id: 63 }]);
  });
  it('names an unknown marina and the known ones', () => {
    expect(() => selectMarinas([41, 99], known, 'apps')).toThrow('No marina 99 in apps: known marinas are 25, 41, 63');
  });
});

describe('gitState and checkClean', () => {
  let repo: string;
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.invalid', ...args], {
      cwd: repo,
      env: { ...process.env, GIT_AUTHOR_DATE: '2026-11-28T10:00:00Z', GIT_COMMITTER_DATE: '2026-11-28T10:00:00Z' },
    });
  beforeEach(() => {
    repo = mkdtempSync(join(tmpdir(), 'marina-git-'));
    git('init', '-q');
  });
  afterEach(() => rmSync(repo, { recursive: true, force: true }));

  it('refuses a folder with no commit', async () => {
    await expect(gitState(repo)).rejects.toThrow(/not a git checkout with a commit/);
  }, 30_000);

  it('gives the commit and its time, and refuses a tree with changes, naming them', async () => {
    writeFileSync(join(repo, 'a.txt'), 'a');
    writeFileSync(join(repo, '.gitignore'), 'release/\n');
    git('add', '.');
    git('commit', '-qm', 'first');
    mkdirSync(join(repo, 'release'));
    writeFileSync(join(repo, 'release', 'x'), 'ignored');
    const clean = await gitState(repo);
    expect(clean.commit).toMatch(/^[0-9a-f]{40}$/);
    expect(clean.time).toBe(Date.parse('2026-11-28T10:00:00Z') / 1000);
    expect(() => checkClean(clean)).not.toThrow();

    writeFileSync(join(repo, 'a.txt'), 'changed');
    writeFileSync(join(repo, 'new.txt'), 'new');
    const dirty = await gitState(repo);
    expect(() => checkClean(dirty)).toThrow(ReleaseError);
    expect(() => checkClean(dirty)).toThrow(/working tree has changes[\s\S]* M a\.txt\n {2}\?\? new\.txt/);
  }, 30_000);
});

/** A small bundle shaped like a marina's build: pages, manifest, service worker and what they name. */
function writeBundle(dir: string, leaveOut: string[] = []): void {
  const files: Record<string, string> = {
    'index.html':
      '<!doctype html><html><head><link rel="icon" href="/brand/icon.svg" type="image/svg+xml" />' +
      '<script type="module" crossorigin src="/assets/index-1.js"></script>' +
      '<link rel="stylesheet" crossorigin href="/assets/index-1.css">' +
      '<link rel="manifest" href="/manifest.webmanifest"></head><body><div id="root"></div></body></html>',
    'login.html':
      '<!doctype html><html><head><script type="module" src="/assets/index-1.js"></script></head>' +
      '<body><a href="/recuperar">¿Has olvidado tu contraseña?</a><img src="/brand/logo.svg" alt=""></body></html>',
    'manifest.webmanifest': JSON.stringify({ name: 'Marina', icons: [{ src: '/brand/icon-192.png' }] }),
    'sw.js':
      'define(["./workbox-abc"],function(s){"use strict";importScripts("push-sw.js"),' +
      's.precacheAndRoute([{url:"index.html",revision:"1"},{url:"assets/index-1.js",revision:null},' +
      '{url:"assets/index-1.css",revision:null}],{}),' +
      's.registerRoute(new s.NavigationRoute(s.createHandlerBoundToURL("index.html")))});',
    'workbox-abc.js': 'workbox',
    'push-sw.js': 'push',
    'assets/index-1.js': 'console.log("5.2.0")',
    'assets/index-1.css': 'body{color:red}',
    'brand/icon.svg': '<svg/>',
    'brand/logo.svg': '<svg/>',
    'brand/icon-192.png': 'png',
  };
  for (const [path, content] of Object.entries(files)) {
    if (leaveOut.includes(path)) continue;
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
}

describe('writeRelease and verifyRelease', () => {
  let root: string;
  let releaseDir: string;
  const commit = 'c'.repeat(40);
  const time = Date.parse('2026-11-28T10:00:00Z') / 1000;
  const marina = (id: number, dist: string) => ({
    id,
    code: `MB${id}`,
    title: `Marina ${id}`,
    apiUrl: 'https://{host}:8443',
    dist,
  });
  const release = (dists: Record<number, string>, dir = releaseDir) =>
    writeRelease({
      releaseDir: dir,
      version: '5.2.0',
      commit,
      time,
      marinas: Object.entries(dists).map(([id, dist]) => marina(Number(id), dist)),
    });
  const bundle = (name: string, leaveOut: string[] = []) => {
    const dist = join(root, name);
    writeBundle(dist, leaveOut);
    return dist;
  };
  const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'marina-release-'));
    releaseDir = join(root, 'release', '5.2.0');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('writes an archive per marina, SHA256SUMS that sha256sum -c reads, and the manifest', async () => {
    await release({ 901: bundle('a'), 902: bundle('b') });
    expect(readdirSync(releaseDir).sort()).toEqual([
      'SHA256SUMS',
      'client-901.tar.gz',
      'client-902.tar.gz',
      'manifest.json',
    ]);
    expect(execFileSync('sha256sum', ['-c', 'SHA256SUMS'], { cwd: releaseDir, encoding: 'utf8' })).toBe(
      'client-901.tar.gz: OK\nclient-902.tar.gz: OK\n',
    );
    const manifest = JSON.parse(readFileSync(join(releaseDir, 'manifest.json'), 'utf8')) as ReleaseManifest;
    expect(manifest).toMatchObject({ version: '5.2.0', commit, buildTime: '2026-11-28T10:00:00.000Z' });
    const [first] = manifest.marinas;
    expect(first).toMatchObject({
      id: 901,
      code: 'MB901',
      title: 'Marina 901',
      version: '5.2.0',
      commit,
      buildTime: '2026-11-28T10:00:00.000Z',
      archive: {
        path: 'client-901.tar.gz',
        folder: 'client-901',
        size: readFileSync(join(releaseDir, 'client-901.tar.gz')).length,
        sha256: sha256(join(releaseDir, 'client-901.tar.gz')),
      },
    });
    expect(first!.files.map((file) => file.path)).toContain('assets/index-1.js');
    expect(first!.files.find((file) => file.path === 'index.html')).toEqual({
      path: 'index.html',
      size: readFileSync(join(root, 'a', 'index.html')).length,
      sha256: sha256(join(root, 'a', 'index.html')),
    });
    expect(first!.gzipped.js).toBeGreaterThan(0);
    expect(first!.gzipped.css).toBeGreaterThan(0);
  });

  it('makes the same bytes twice from the same bundles', async () => {
    const dist = bundle('a');
    await release({ 901: dist });
    await release({ 901: dist }, join(root, 'again'));
    for (const file of ['client-901.tar.gz', 'SHA256SUMS', 'manifest.json']) {
      expect(readFileSync(join(root, 'again', file)).equals(readFileSync(join(releaseDir, file))), file).toBe(true);
    }
  });

  it('refuses a folder that exists and leaves it as it was, with nothing beside it', async () => {
    mkdirSync(releaseDir, { recursive: true });
    writeFileSync(join(releaseDir, 'notes.txt'), 'kept');
    await expect(release({ 901: bundle('a') })).rejects.toThrow(/already exists/);
    expect(readdirSync(releaseDir)).toEqual(['notes.txt']);
    expect(readdirSync(join(root, 'release'))).toEqual(['5.2.0']);
  });

  it('passes a sound release and says what it checked', async () => {
    await release({ 901: bundle('a') });
    const { checked, problems } = await verifyRelease(releaseDir);
    expect(problems).toEqual([]);
    expect(checked).toEqual([
      expect.stringMatching(/^client-901\.tar\.gz: sha256 [0-9a-f]{16}… as in SHA256SUMS$/),
      'client-901.tar.gz: 11 files; index.html (4 files named); login.html (2 files named); manifest.webmanifest (1 icons); sw.js (6 files named)',
      'client-901.tar.gz: its 11 files as manifest.json lists them (marina 901, 5.2.0)',
    ]);
  });

  it('finds an archive changed after the release', async () => {
    await release({ 901: bundle('a') });
    const file = join(releaseDir, 'client-901.tar.gz');
    const bytes = readFileSync(file);
    bytes.writeUInt8(bytes.readUInt8(bytes.length - 20) ^ 0xff, bytes.length - 20);
    writeFileSync(file, bytes);
    const { problems } = await verifyRelease(releaseDir);
    expect(problems).toContainEqual(
      expect.stringMatching(/^client-901\.tar\.gz: sha256 [0-9a-f]{64} but SHA256SUMS says/),
    );
  });

  it('finds an archive swapped for another, even with SHA256SUMS changed to match', async () => {
    await release({ 901: bundle('a') });
    const other = bundle('b');
    writeFileSync(join(other, 'assets', 'index-1.js'), 'console.log("tampered")');
    const archive = await packFolder(other, { folder: 'client-901', mtime: new Date(time * 1000) });
    writeFileSync(join(releaseDir, 'client-901.tar.gz'), archive);
    writeFileSync(
      join(releaseDir, 'SHA256SUMS'),
      `${createHash('sha256').update(archive).digest('hex')}  client-901.tar.gz\n`,
    );
    const { problems } = await verifyRelease(releaseDir);
    expect(problems).toEqual([
      "client-901.tar.gz: sha256 differs from manifest.json's",
      'client-901.tar.gz: assets/index-1.js is not the file manifest.json lists (size or sha256)',
    ]);
  });

  it('finds a wrong sum in SHA256SUMS', async () => {
    await release({ 901: bundle('a') });
    writeFileSync(join(releaseDir, 'SHA256SUMS'), `${'0'.repeat(64)}  client-901.tar.gz\n`);
    const { problems } = await verifyRelease(releaseDir);
    expect(problems).toEqual([
      expect.stringMatching(/^client-901\.tar\.gz: sha256 [0-9a-f]{64} but SHA256SUMS says 0{64}$/),
    ]);
  });

  it('finds an archive SHA256SUMS leaves out, and one it names that is not there', async () => {
    await release({ 901: bundle('a'), 902: bundle('b') });
    const sums = readFileSync(join(releaseDir, 'SHA256SUMS'), 'utf8').split('\n');
    writeFileSync(join(releaseDir, 'SHA256SUMS'), `${sums[1]}\n${sums[0]!.replace('901', '904')}\n`);
    const { problems } = await verifyRelease(releaseDir);
    expect(problems).toContain('client-901.tar.gz is not in SHA256SUMS');
    expect(problems).toContain(`SHA256SUMS names client-904.tar.gz, which is not in ${releaseDir}`);
    expect(problems).toContain('manifest.json lists client-901.tar.gz, which SHA256SUMS does not');
  });

  it.each([
    ['assets/index-1.css', 'index.html names /assets/index-1.css, which the archive does not hold'],
    ['brand/logo.svg', 'login.html names /brand/logo.svg, which the archive does not hold'],
    ['brand/icon-192.png', 'manifest.webmanifest names /brand/icon-192.png, which the archive does not hold'],
    ['manifest.webmanifest', 'index.html links the manifest /manifest.webmanifest, which the archive does not hold'],
    ['workbox-abc.js', 'sw.js names ./workbox-abc.js, which the archive does not hold'],
    ['push-sw.js', 'sw.js names push-sw.js, which the archive does not hold'],
    ['sw.js', 'no service worker (sw.js)'],
    ['index.html', 'no index.html'],
  ])('finds a bundle without %s, which it needs', async (missing, problem) => {
    const dist = bundle('a', [missing]);
    if (missing === 'index.html') {
      // A build without index.html is stopped before any archive: make one by hand to check --verify.
      const archive = await packFolder(dist, { folder: 'client-901', mtime: new Date(time * 1000) });
      mkdirSync(releaseDir, { recursive: true });
      writeFileSync(join(releaseDir, 'client-901.tar.gz'), archive);
      writeFileSync(
        join(releaseDir, 'SHA256SUMS'),
        `${createHash('sha256').update(archive).digest('hex')}  client-901.tar.gz\n`,
      );
    } else {
      await release({ 901: dist });
    }
    const { problems } = await verifyRelease(releaseDir);
    expect(problems).toContain(`client-901.tar.gz: ${problem}`);
  });

  it('refuses a folder that is not a release', async () => {
    expect((await verifyRelease(join(root, 'nowhere'))).problems).toEqual([`${join(root, 'nowhere')} does not exist`]);
    mkdirSync(releaseDir, { recursive: true });
    expect((await verifyRelease(releaseDir)).problems).toEqual([`${releaseDir} has no SHA256SUMS`]);
    expect(existsSync(join(releaseDir, 'SHA256SUMS'))).toBe(false);
  });

  it('finds a file that is not a .tar.gz', async () => {
    await release({ 901: bundle('a') });
    const file = join(releaseDir, 'client-901.tar.gz');
    writeFileSync(file, 'not an archive');
    writeFileSync(
      join(releaseDir, 'SHA256SUMS'),
      `${createHash('sha256').update('not an archive').digest('hex')}  client-901.tar.gz\n`,
    );
    const { problems } = await verifyRelease(releaseDir);
    expect(problems).toContainEqual(expect.stringMatching(/^client-901\.tar\.gz cannot be read as a \.tar\.gz/));
  });
});
