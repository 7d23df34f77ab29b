// Two marinas branded from one build of the app (decision 070): the app's files the same bytes, each
// marina's own beside them, each bundle whole.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandBundle } from './brand-bundle.ts';
import { PAGE_CONFIG_ID, repoRoot } from './marina-client.ts';
import { buildSharedApp } from './shared-app.ts';

const fixture = (id: number) => join(repoRoot, 'tooling', 'fixtures', 'marinas', `client-${id}`);
const folders: string[] = [];
const folder = (prefix: string) => {
  const made = mkdtempSync(join(tmpdir(), prefix));
  folders.push(made);
  return made;
};
let shared: string;
const dists: Record<number, string> = {};

beforeAll(async () => {
  process.env.NODE_ENV = 'production';
  shared = folder('marina-shared-');
  await buildSharedApp(shared, { logLevel: 'error' });
  for (const id of [901, 902]) {
    dists[id] = folder(`marina-${id}-`);
    await brandBundle(fixture(id), { production: true, apiUrl: '/' }, { shared, dist: dists[id] });
  }
}, 240_000);
afterAll(() => {
  for (const made of folders) rmSync(made, { recursive: true, force: true });
});

const read = (id: number, file: string) => readFileSync(join(dists[id]!, file), 'utf8');
const pageConfig = (html: string) => {
  const block = new RegExp(
    `<script type="application/json" id="${PAGE_CONFIG_ID}" data-help="([^"]+)">([^<]*)</script>`,
  ).exec(html);
  return { help: block?.[1], config: JSON.parse(block?.[2] ?? 'null') as { clientId: number; clientTitulo: string } };
};

describe('a marina branded from the shared build', () => {
  it('has the app’s files byte for byte as the other marina has them', () => {
    const appFiles = readdirSync(join(shared, 'web', 'assets')).filter((file) => /\.(js|css)$/.test(file));
    expect(appFiles.length).toBeGreaterThan(10);
    for (const file of appFiles) expect(read(901, `assets/${file}`), file).toBe(read(902, `assets/${file}`));
  });

  it('carries its own configuration, title, colours, stylesheet, help page and manifest', () => {
    for (const id of [901, 902]) {
      const index = read(id, 'index.html');
      const { help, config } = pageConfig(index);
      expect(config.clientId).toBe(id);
      expect(index).toContain(`<title>${config.clientTitulo}</title>`);
      expect(index).not.toContain('%MARINA_');
      expect(JSON.parse(read(id, help!.slice(1)))).toHaveProperty('faq');
      const sheet = /<link rel="stylesheet" crossorigin href="\/(assets\/brand-\w+\.css)">/.exec(index)?.[1];
      expect(read(id, sheet!)).toContain(':root');
      expect(JSON.parse(read(id, 'manifest.webmanifest'))).toMatchObject({ name: config.clientTitulo });
      expect(read(id, 'push-sw.js')).toContain(JSON.stringify(config.clientTitulo));
      // The drawn sign-in page has the same configuration, in the marina's words.
      expect(pageConfig(read(id, 'login.html')).config).toEqual(config);
    }
    expect(read(901, 'index.html')).not.toBe(read(902, 'index.html'));
  });

  it('has a service worker that precaches its own files, every one of them there', () => {
    for (const id of [901, 902]) {
      const list = /precacheAndRoute\((\[[^\]]*\])/.exec(read(id, 'sw.js'))?.[1];
      const urls = (JSON.parse(list!) as Array<{ url: string }>).map((entry) => entry.url);
      for (const url of urls) expect(existsSync(join(dists[id]!, url)), url).toBe(true);
      expect(urls).toEqual(expect.arrayContaining(['index.html', 'login.html', 'manifest.webmanifest']));
      expect(urls.some((url) => /^assets\/brand-\w+\.css$/.test(url))).toBe(true);
      expect(urls.some((url) => /^assets\/help-\w+\.json$/.test(url))).toBe(true);
      expect(urls).not.toContain('__MARINA_PRECACHE__');
    }
  });

  it('stops with a message when there is no shared build', async () => {
    const dist = folder('marina-none-');
    await expect(
      brandBundle(fixture(901), { production: true }, { shared: folder('marina-empty-'), dist }),
    ).rejects.toThrow(/No shared build in .*: build the marina with Turbo.*pnpm build --filter=@marina\/client-901/);
  });
});
