// The logo check (decision 051) on the marinas' own logos, and on logos made to fail the way the old ones did.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { scaffoldClient } from '../scripts/lib/scaffold-client.ts';
import { loadClient, repoRoot } from './client-vite-config.ts';
import { logoProblems } from './logo-check.ts';

const svg = (viewBox: string, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${viewBox}" role="img" aria-label="Marina">${body}</svg>`;
const words = (x: number, y: number, size: number, text: string, more = '') =>
  `<text x="${x}" y="${y}" font-family="Arial, Helvetica, sans-serif" font-size="${size}" font-weight="700" fill="#0b4f6c" ${more}>${text}</text>`;

/** The logo every marina had before: a word set in a circle, which the circle's edge cut. */
const clippedInCircle = svg(
  '0 0 120 120',
  '<circle cx="60" cy="60" r="58" fill="#ffffff" stroke="#0b4f6c" stroke-width="4"/>' +
    words(60, 104, 14, 'PORT BLAU', 'text-anchor="middle"'),
);

describe('logoProblems', () => {
  const marinaLogos = [
    ...readdirSync(join(repoRoot, 'apps'))
      .filter((name) => name.startsWith('client-'))
      .map((name) => join('apps', name, 'logo.svg')),
    ...readdirSync(join(repoRoot, 'tooling', 'fixtures', 'marinas')).map((name) =>
      join('tooling', 'fixtures', 'marinas', name, 'logo.svg'),
    ),
  ];

  it.each(marinaLogos)('passes %s', (file) => {
    expect(logoProblems(readFileSync(join(repoRoot, file), 'utf8'), file)).toEqual([]);
  });

  it('fails a word that runs across the edge of the circle it is set in, and a circle that fills the viewBox', () => {
    expect(logoProblems(clippedInCircle, 'logo.svg')).toEqual([
      expect.stringMatching(
        /^logo\.svg: the text «PORT BLAU» crosses the edge of a shape behind it, .*near x=\d+, y=\d+/,
      ),
      expect.stringMatching(/^logo\.svg: the logo draws within the outer 4 % of its viewBox/),
    ]);
  });

  it('fails the same word inside a circle drawn clear of the margin, when the word still meets its stroke', () => {
    const inset = svg(
      '0 0 120 120',
      '<circle cx="60" cy="60" r="50" fill="#ffffff" stroke="#0b4f6c" stroke-width="4"/>' +
        words(60, 98, 14, 'PORT BLAU', 'text-anchor="middle"'),
    );
    expect(logoProblems(inset, 'logo.svg')).toEqual([expect.stringContaining('crosses the edge of a shape behind it')]);
    // A shorter word, higher up, sits wholly on the circle's white.
    const fits = svg(
      '0 0 120 120',
      '<circle cx="60" cy="60" r="50" fill="#ffffff" stroke="#0b4f6c" stroke-width="4"/>' +
        words(60, 80, 14, 'BLAU', 'text-anchor="middle"'),
    );
    expect(logoProblems(fits, 'logo.svg')).toEqual([]);
  });

  it('fails a word that runs past the viewBox', () => {
    expect(logoProblems(svg('0 0 200 64', words(100, 40, 22, 'Marina Port Blau')), 'logo.svg')).toEqual([
      expect.stringMatching(/«Marina Port Blau» runs past the viewBox: move it in, shorten it/),
      expect.stringContaining('the logo draws within the outer 4 %'),
    ]);
  });

  it('keeps room for a wider font after a word, unless its textLength fixes its width', () => {
    // Arimo draws "Port Blau" 95 wide: from x=20, it ends at 115, 5 short of the margin at 120.
    const free = svg('0 0 125 64', words(20, 40, 22, 'Port Blau'));
    expect(logoProblems(free, 'logo.svg')).toEqual([
      expect.stringContaining('comes within the outer 4 % of the viewBox, with room for a font 20 % wider'),
    ]);
    const fixed = svg('0 0 125 64', words(20, 40, 22, 'Port Blau', 'textLength="95" lengthAdjust="spacingAndGlyphs"'));
    expect(logoProblems(fixed, 'logo.svg')).toEqual([]);
  });

  it('fails a word over the mark, and a word that does not show', () => {
    const overMark = svg(
      '0 0 200 64',
      '<circle cx="60" cy="32" r="20" fill="#0b4f6c"/>' + words(30, 40, 22, 'Port Blau'),
    );
    expect(logoProblems(overMark, 'logo.svg')).toEqual([expect.stringContaining('or runs into the mark')]);
    const unseen = svg(
      '0 0 200 64',
      '<rect x="10" y="4" width="180" height="56" fill="#0b4f6c"/>' + words(30, 40, 22, 'Port Blau'),
    );
    expect(logoProblems(unseen, 'logo.svg')).toEqual([
      'logo.svg: the text «Port Blau» draws nothing that shows: give it a colour that reads on what is behind it.',
    ]);
  });
});

describe('the build and `pnpm new-client`', () => {
  let apps: string | undefined;
  afterEach(async () => {
    if (apps) await rm(apps, { recursive: true, force: true });
  });

  const marina = {
    id: 77,
    title: 'Marina del Sur',
    shortName: 'Del Sur',
    brand: '#0b4f6c',
    accent: '#0b6e99',
    phone: '+34 900 000 077',
    email: 'info@delsur.example',
    address: 'Muelle 1, Málaga',
  };

  it('stop on a logo whose words the circle cuts, naming the client, the file and the fix', async () => {
    apps = await mkdtemp(join(tmpdir(), 'apps-'));
    const dir = await scaffoldClient(marina, apps);
    writeFileSync(join(dir, 'logo.svg'), clippedInCircle);
    await expect(loadClient(dir, { production: true })).rejects.toThrow(
      /Invalid configuration for client 77 \(client-77\):\n {2}- logo\.svg: the text «PORT BLAU» crosses the edge of a shape behind it/,
    );
  });

  it('scaffold a logo that holds the short name, however wide, and passes', async () => {
    apps = await mkdtemp(join(tmpdir(), 'apps-'));
    for (const [id, shortName] of [
      [78, 'Sur'],
      [79, 'WWWWWWWWWWWW'],
      [80, 'Sant Antoni'],
    ] as const) {
      const dir = await scaffoldClient({ ...marina, id, shortName }, apps);
      await expect(loadClient(dir, { production: true })).resolves.toMatchObject({ config: { clientId: id } });
      expect(readFileSync(join(dir, 'logo.svg'), 'utf8')).toContain(`>${shortName}</text>`);
    }
  });
});
