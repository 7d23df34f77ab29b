// A real build of a fixture marina, and the icons a phone installs it with (decision 051).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { useBuiltClient } from './built-client.ts';
import { loadClient, repoRoot } from './client-vite-config.ts';

const marina = join(repoRoot, 'tooling', 'fixtures', 'marinas', 'client-902');
let dist: string;
let brand: string;
let darkBrand: string;

useBuiltClient(marina, (built) => ({ dist } = built));
beforeAll(async () => {
  const { tokens } = (await loadClient(marina, { production: true, apiUrl: '/' })).config;
  brand = tokens.color.brand;
  darkBrand = tokens.dark.color.brand;
});

const file = (name: string) => readFileSync(join(dist, name));

/** Width and height as the PNG's header gives them (IHDR, bytes 16 to 23). */
function pixelSize(png: Buffer) {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

const hex = (png: PNG, x: number, y: number) => {
  const at = (y * png.width + x) * 4;
  return `#${[...png.data.subarray(at, at + 3)].map((byte) => byte.toString(16).padStart(2, '0')).join('')}`;
};

describe('the PNG icons of a built marina', () => {
  it('are the four a phone asks for, at their sizes in pixels', () => {
    expect(pixelSize(file('brand/apple-touch-icon.png'))).toEqual({ width: 180, height: 180 });
    expect(pixelSize(file('brand/icon-192.png'))).toEqual({ width: 192, height: 192 });
    expect(pixelSize(file('brand/icon-512.png'))).toEqual({ width: 512, height: 512 });
    expect(pixelSize(file('brand/icon-maskable-512.png'))).toEqual({ width: 512, height: 512 });
  });

  it('give iOS an opaque apple-touch-icon (it would fill transparency with black)', () => {
    const png = PNG.sync.read(file('brand/apple-touch-icon.png'));
    const alphas = new Set(png.data.filter((_, index) => index % 4 === 3));
    expect([...alphas]).toEqual([255]);
  });

  it('draw the maskable icon on the brand colour edge to edge, the mark within the safe zone', () => {
    const png = PNG.sync.read(file('brand/icon-maskable-512.png'));
    for (const [x, y] of [
      [0, 0],
      [511, 0],
      [0, 511],
      [511, 511],
      // Just outside the central 80 %: still background.
      [50, 256],
      [256, 461],
    ] as const) {
      expect(hex(png, x, y), `${x},${y}`).toBe(brand);
    }
    expect(hex(png, 256 - 100, 256)).toBe('#ffffff');
  });

  it('list in the manifest: PNGs at 192 and 512, a maskable one, and the SVG', () => {
    const manifest = JSON.parse(file('manifest.webmanifest').toString('utf8'));
    expect(manifest.icons).toEqual([
      { src: '/brand/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/brand/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/brand/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      { src: '/brand/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
    ]);
  });

  it('put the apple-touch-icon and a theme colour for each scheme in the page', () => {
    const index = file('index.html').toString('utf8');
    expect(index).toContain('<link rel="apple-touch-icon" href="/brand/apple-touch-icon.png" />');
    expect(index).toContain(`<meta name="theme-color" media="(prefers-color-scheme: light)" content="${brand}" />`);
    expect(index).toContain(`<meta name="theme-color" media="(prefers-color-scheme: dark)" content="${darkBrand}" />`);
    expect(darkBrand).not.toBe(brand);
  });

  it('stay out of the offline precache: a phone fetches them once, when the app is installed', () => {
    const worker = file('sw.js').toString('utf8');
    expect(worker).toContain('brand/icon.svg');
    expect(worker).not.toMatch(/\.png/);
  });
});

describe('push in a built marina (decision 063)', () => {
  it('draws a badge: the icon’s glyph in white on nothing, the background gone', () => {
    const png = PNG.sync.read(file('brand/badge-96.png'));
    expect({ width: png.width, height: png.height }).toEqual({ width: 96, height: 96 });
    const alpha = (x: number, y: number) => png.data[(y * png.width + x) * 4 + 3]!;
    for (const [x, y] of [
      [0, 0],
      [95, 0],
      [0, 95],
      [95, 95],
    ] as const)
      expect(alpha(x, y), `${x},${y}`).toBe(0);
    const opaque = [...Array(96 * 96).keys()].filter((i) => png.data[i * 4 + 3]! > 200);
    expect(opaque.length).toBeGreaterThan(96 * 96 * 0.05);
    expect(opaque.length).toBeLessThan(96 * 96 * 0.8);
    for (const i of opaque) expect(hex(png, i % 96, Math.floor(i / 96))).toBe('#ffffff');
  });

  it('has the worker load the push handlers, installed with the marina’s name and icons, outside the precache', () => {
    const worker = file('sw.js').toString('utf8');
    expect(worker).toContain('importScripts("push-sw.js")');
    expect(worker).not.toContain('url:"push-sw.js"');
    const handlers = file('push-sw.js').toString('utf8');
    expect(handlers).not.toMatch(/^\s*(import|export)\s/m);
    expect(handlers).toMatch(
      /installPushHandlers\(self, \{"marina":"[^"]+","icon":"\/brand\/icon-192\.png","badge":"\/brand\/badge-96\.png"\}\);/,
    );
  });

  it('runs as a classic script: its handlers are there to install', () => {
    const listeners: string[] = [];
    const self = {
      location: { origin: 'https://app.example' },
      addEventListener: (type: string) => listeners.push(type),
    };
    new Function('self', file('push-sw.js').toString('utf8'))(self);
    expect(listeners).toEqual(['push', 'notificationclick']);
  });
});
