// `pnpm release` exactly as the README shows it, in a copy of the checkout made a git repository of its own
// (a release needs a clean tree): every bad input, then a release of one fixture marina, checked, and made
// again from scratch to the same bytes (decision 068).
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  renameSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readArchive } from './lib/release-archive.ts';
import type { ReleaseManifest } from './lib/release.ts';
import { copyCheckout, runScript } from './lib/script-harness.ts';

let checkout: Awaited<ReturnType<typeof copyCheckout>>;
const COMMIT_TIME = '2026-11-28T10:00:00Z';
const git = (...args: string[]) =>
  execFileSync(
    'git',
    ['-c', 'user.name=Release Test', '-c', 'user.email=release@example.invalid', '-c', 'commit.gpgsign=false', ...args],
    {
      cwd: checkout.root,
      encoding: 'utf8',
      env: { ...process.env, GIT_AUTHOR_DATE: COMMIT_TIME, GIT_COMMITTER_DATE: COMMIT_TIME },
    },
  );
/** `pnpm release …` in the copy, on the fixture marinas. */
const release = (...args: string[]) =>
  runScript('pnpm', ['--silent', 'release', ...args], {
    cwd: checkout.root,
    env: { MARINAS_DIR: 'tooling/fixtures/marinas' },
  });
const releases = () => join(checkout.root, 'release');

beforeAll(async () => {
  checkout = await copyCheckout();
  git('init', '-q');
  git('add', '-A');
  git('commit', '-qm', 'The release under test');
}, 180_000);

// Removing the copy's installed packages can take longer than a hook's default 10 s on a busy machine.
afterAll(async () => {
  await checkout?.remove();
}, 120_000);

describe('pnpm release stops on bad input, with a message, and writes nothing', () => {
  it.each([
    [['--version', '5.2', '--client', '901'], /"5\.2" is not a version: write MAJOR\.MINOR\.PATCH/],
    [['--version', 'v1.0.0', '--client', '901'], /"v1\.0\.0" is not a version/],
    [['--client', '901'], /--version is required\nusage: pnpm release --version/],
    [
      ['--version', '1.0.0', '--client', '999'],
      /No marina 999 in tooling\/fixtures\/marinas: known marinas are 901, 902, 903/,
    ],
    [['--version', '1.0.0', '--client', '901', '--all'], /give --client or --all, not both/],
  ])(
    '%j',
    async (args, message) => {
      const { code, output } = await release(...args);
      expect(output).toMatch(message);
      expect(code).toBe(2);
      expect(existsSync(releases())).toBe(false);
    },
    60_000,
  );

  it('a tree with changes', async () => {
    writeFileSync(join(checkout.root, 'notes.txt'), 'not committed');
    try {
      const { code, output } = await release('--version', '1.0.0', '--client', '901');
      expect(output).toMatch(/The working tree has changes, so the release would not be commit [0-9a-f]{12}/);
      expect(output).toContain('?? notes.txt');
      expect(output).toContain('Nothing was written.');
      expect(code).toBe(2);
      expect(existsSync(releases())).toBe(false);
    } finally {
      rmSync(join(checkout.root, 'notes.txt'));
    }
  }, 60_000);

  it('a release folder that exists', async () => {
    mkdirSync(join(releases(), '1.0.0'), { recursive: true });
    writeFileSync(join(releases(), '1.0.0', 'SHA256SUMS'), 'kept');
    try {
      const { code, output } = await release('--version', '1.0.0', '--client', '901');
      expect(output).toContain('release/1.0.0 already exists: a release is written once.');
      expect(code).toBe(2);
      expect(readdirSync(releases())).toEqual(['1.0.0']);
      expect(readdirSync(join(releases(), '1.0.0'))).toEqual(['SHA256SUMS']);
    } finally {
      rmSync(releases(), { recursive: true });
    }
  }, 60_000);
});

describe('pnpm release --version 1.0.0-rc.1 --client 901', () => {
  const version = '1.0.0-rc.1';
  let first = '';

  it('writes the archive, its sum and the manifest, with the version in the app', async () => {
    const made = await release('--version', version, '--client', '901');
    expect(made.code, made.output).toBe(0);
    expect(made.output).toMatch(/client-901\.tar\.gz {2}[\d.]+ KB, \d+ files, JS [\d.]+ KB gz, CSS [\d.]+ KB gz/);
    const dir = join(releases(), version);
    expect(readdirSync(dir).sort()).toEqual(['SHA256SUMS', 'client-901.tar.gz', 'manifest.json']);
    expect(execFileSync('sha256sum', ['-c', 'SHA256SUMS'], { cwd: dir, encoding: 'utf8' })).toBe(
      'client-901.tar.gz: OK\n',
    );

    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as ReleaseManifest;
    const commit = git('rev-parse', 'HEAD').trim();
    const buildTime = new Date(COMMIT_TIME).toISOString();
    expect(manifest).toMatchObject({ version, commit, buildTime });
    expect(manifest.marinas).toHaveLength(1);
    expect(manifest.marinas[0]).toMatchObject({ id: 901, version, commit, buildTime });

    const entries = await readArchive(readFileSync(join(dir, 'client-901.tar.gz')));
    // The version is in each page's configuration (decision 070), and the seed's in no file.
    const text = (name: string) => entries.find((entry) => entry.name.endsWith(`/${name}`))?.content.toString() ?? '';
    for (const page of ['index.html', 'login.html']) expect(text(page), page).toContain(`"version":"${version}"`);
    const readable = entries.filter((entry) => /\.(js|html|json|css)$/.test(entry.name));
    expect(readable.length).toBeGreaterThan(10);
    expect(
      readable.filter((entry) => entry.content.toString().includes('5.1010.1945')).map((entry) => entry.name),
    ).toEqual([]);
    expect(new Set(entries.map((entry) => entry.mtime.toISOString()))).toEqual(new Set([buildTime]));

    const verified = await release('--verify', `release/${version}`);
    expect(verified.output).toContain(`release/${version}: every archive matches SHA256SUMS and manifest.json`);
    expect(verified.output).toMatch(/client-901\.tar\.gz: \d+ files; index\.html \(\d+ files named\); login\.html/);
    expect(verified.code).toBe(0);

    // Kept outside the checkout for the next test: inside, it would be a change to the tree.
    first = mkdtempSync(join(tmpdir(), 'marina-first-release-'));
    renameSync(dir, join(first, version));
  }, 600_000);

  it('makes the same bytes again when built anew, without Turbo’s cache', async () => {
    expect(first, 'the first release').not.toBe('');
    try {
      const again = await release('--version', version, '--client', '901', '--no-cache');
      expect(again.code, again.output).toBe(0);
      for (const file of ['client-901.tar.gz', 'SHA256SUMS', 'manifest.json']) {
        const before = readFileSync(join(first, version, file));
        expect(readFileSync(join(releases(), version, file)).equals(before), file).toBe(true);
      }
    } finally {
      rmSync(first, { recursive: true, force: true });
    }
  }, 600_000);
});
