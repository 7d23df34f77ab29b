// Two marinas branded from one build of the app (decision 070): the app's files as it made them, each
// marina's own beside them, each bundle whole.
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandBundle, brandPage } from './brand-bundle.ts';
import { importPrerenderEntry, writeLogin } from './login-page.ts';
import {
  loadClient,
  PAGE_CONFIG_ID,
  PRECACHED_EXTENSIONS,
  repoRoot,
  sharedParts,
  type SharedBuild,
} from './marina-client.ts';
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
const testEnv = process.env.NODE_ENV;
const STALE = 'assets/index-0ld0ld0l.js';

beforeAll(async () => {
  process.env.NODE_ENV = 'production';
  shared = folder('marina-shared-');
  await buildSharedApp(shared, { logLevel: 'error' });
  // What an older build left in the folder, which Turbo does not empty when it restores a build over it.
  writeFileSync(join(shared, 'web', STALE), 'export {};');
  for (const id of [901, 902]) {
    dists[id] = folder(`marina-${id}-`);
    await brandBundle(fixture(id), { production: true, apiUrl: '/' }, { shared, dist: dists[id] });
  }
}, 240_000);
afterAll(() => {
  process.env.NODE_ENV = testEnv;
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
  it('has the shared build’s files, and nothing else of the folder, with no marina’s words or colours in them', async () => {
    const built = JSON.parse(readFileSync(sharedParts(shared).built, 'utf8')) as SharedBuild;
    const appFiles = built.files.filter((file) => /^assets\/.+\.(js|css)$/.test(file));
    expect(appFiles.length).toBeGreaterThan(10);
    for (const id of [901, 902]) {
      const { config } = await loadClient(fixture(id), { production: true });
      expect(existsSync(join(dists[id]!, STALE)), STALE).toBe(false);
      for (const file of appFiles) {
        const code = read(id, file);
        expect(code, file).toBe(readFileSync(join(shared, 'web', file), 'utf8'));
        expect(code, file).not.toContain(config.clientTitulo);
        expect(code.toLowerCase(), file).not.toContain(config.tokens.color.brand.toLowerCase());
      }
    }
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

  it('has a service worker that precaches every file of its own it keeps offline, each with its revision', () => {
    const kept = new RegExp(`\\.(${PRECACHED_EXTENSIONS.join('|')})$`);
    for (const id of [901, 902]) {
      const list = /precacheAndRoute\((\[[^\]]*\])/.exec(read(id, 'sw.js'))?.[1];
      const entries = JSON.parse(list!) as Array<{ url: string; revision: string | null }>;
      const files = readdirSync(dists[id]!, { recursive: true })
        .map(String)
        .filter((file) => kept.test(file) && !['sw.js', 'push-sw.js'].includes(file) && !/^workbox-/.test(file))
        .sort();
      expect(entries.map((entry) => entry.url)).toEqual(files);
      expect(files).toEqual(expect.arrayContaining(['index.html', 'login.html', 'manifest.webmanifest']));
      expect(files.some((url) => /^assets\/help-\w+\.json$/.test(url))).toBe(true);
      for (const { url, revision } of entries) {
        const md5 = createHash('md5')
          .update(readFileSync(join(dists[id]!, url)))
          .digest('hex');
        expect(revision, url).toBe(/^assets\//.test(url) ? null : md5);
      }
    }
  });

  it('writes a marina’s words into its pages as they are, whatever characters they hold', async () => {
    const { config } = await loadClient(fixture(901), { production: true });
    const hostile = { ...config, clientTitulo: 'Marina </script><!-- "$&" $\' & <b>' };
    const template = readFileSync(join(shared, 'web', 'index.html'), 'utf8');
    const page = brandPage(template, hostile, { brandCss: 'assets/brand-1.css', help: 'assets/help-1.json' });
    expect(pageConfig(page).config.clientTitulo).toBe(hostile.clientTitulo);
    expect(page).toContain("<title>Marina &#60;/script&#62;&#60;!-- &#34;$&#38;&#34; $' &#38; &#60;b&#62;</title>");
    // One `</script>` more than the shared page's: the configuration block's own end, none from the words.
    expect(page.match(/<\/script>/g)).toHaveLength((template.match(/<\/script>/g) ?? []).length + 1);
    // The drawn sign-in page too: a `$` in the words is no replacement pattern.
    const dist = folder('marina-hostile-');
    cpSync(dists[901]!, dist, { recursive: true });
    writeFileSync(join(dist, 'index.html'), page);
    const { firstScreen } = JSON.parse(readFileSync(sharedParts(shared).built, 'utf8')) as SharedBuild;
    await writeLogin(await importPrerenderEntry(sharedParts(shared).prerender), hostile, dist, firstScreen);
    const login = readFileSync(join(dist, 'login.html'), 'utf8');
    expect(pageConfig(login).config.clientTitulo).toBe(hostile.clientTitulo);
    expect(login).toContain('&quot;$&amp;&quot;');
  });

  it('stops with a message when there is no shared build', async () => {
    const dist = folder('marina-none-');
    await expect(
      brandBundle(fixture(901), { production: true }, { shared: folder('marina-empty-'), dist }),
    ).rejects.toThrow(
      /No shared build in .*, or an unfinished one: build the marina with Turbo.*pnpm build --filter=@marina\/client-901/,
    );
  });
});
