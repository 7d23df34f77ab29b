// A real build of one marina: the private screens' chunks and the script that asks for them from index.html.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useBuiltClient } from './built-client.ts';
import { repoRoot } from './client-vite-config.ts';
import { pathPattern, screenModules } from './screen-chunks.ts';

const client = join(repoRoot, 'apps', 'client-41');
const tablePath = join(repoRoot, 'packages', 'core', 'src', 'app', 'screens.tsx');
let dist: string;
let index: string;
let login: string;
let preloader: string;

useBuiltClient(client, (built) => {
  ({ dist, index, login } = built);
  preloader = /<script async src="\/(assets\/screen-preload-\w+\.js)" data-later><\/script>/.exec(index)?.[1] ?? '';
});

/** The links the preload script adds on a page at `pathname`. */
function linksAt(pathname: string): Array<{ rel: string; as?: string; href: string; crossOrigin?: string }> {
  const added: Array<{ rel: string; as?: string; href: string; crossOrigin?: string }> = [];
  const document = {
    createElement: () => ({ rel: '', href: '' }),
    head: { append: (link: { rel: string; href: string }) => added.push(link) },
  };
  new Function('document', 'location', readFileSync(join(dist, preloader), 'utf8'))(document, { pathname });
  return added;
}

const source = (href: string) => readFileSync(join(dist, href), 'utf8');

describe('screenModules and pathPattern', () => {
  it('reads each route’s modules from the table of the screens’ chunks', () => {
    const modules = screenModules(readFileSync(tablePath, 'utf8'), tablePath);
    expect(modules.get('misbarcos')).toEqual([
      join(repoRoot, 'packages', 'core', 'src', 'features', 'boats', 'misbarcos-screen.tsx'),
    ]);
    expect(modules.get('inicio')).toEqual([
      join(repoRoot, 'packages', 'core', 'src', 'features', 'account', 'inicio-screen.tsx'),
      join(repoRoot, 'packages', 'core', 'src', 'app', 'dashboard.ts'),
    ]);
  });

  it('matches a route’s path with its parameters, a trailing slash allowed, and nothing longer', () => {
    const boat = new RegExp(pathPattern('/misbarcos/:id'));
    expect(boat.test('/misbarcos/12')).toBe(true);
    expect(boat.test('/misbarcos/12/')).toBe(true);
    expect(boat.test('/misbarcos')).toBe(false);
    expect(boat.test('/misbarcos/12/x')).toBe(false);
    expect(new RegExp(pathPattern('/alta-pedido-bajada')).test('/alta-pedido-bajada-barco')).toBe(false);
  });
});

describe('the private screens’ files, asked for from index.html (decision 066)', () => {
  it('loads the preload script from index.html only, never from the drawn sign-in page', () => {
    expect(preloader).toMatch(/^assets\/screen-preload-/);
    expect(login).not.toContain('screen-preload-');
  });

  it('adds nothing on sign-in, the empty path and the screens before sign-in', () => {
    for (const path of ['/', '/login', '/registro', '/slider', '/home', '/forgot', '/checkQR/1', '/nada']) {
      expect(linksAt(path), path).toEqual([]);
    }
  });

  it('asks on a private screen’s address for its code, its stylesheets and the early start’s files', () => {
    const links = linksAt('/misbarcos');
    const files = readdirSync(join(dist, 'assets'));
    for (const link of links) {
      expect(files).toContain(link.href.replace('/assets/', ''));
      expect(link.crossOrigin).toBe('');
      expect(link.rel).toBe(link.href.endsWith('.css') ? 'preload' : 'modulepreload');
    }
    const code = links.filter((link) => link.href.endsWith('.js')).map((link) => source(link.href));
    // The screen's (its empty state's words), the API client's HTTP part, the server cache's.
    expect(code.some((text) => text.includes('Aún no hay barcos'))).toBe(true);
    expect(links.map((link) => link.href)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\/assets\/http-[\w-]+\.js$/),
        expect.stringMatching(/^\/assets\/query-kit-[\w-]+\.js$/),
      ]),
    );
    expect(links.some((link) => link.href.endsWith('.css'))).toBe(true);
  });

  it('brings a private screen in a handful of files, not forty', () => {
    for (const path of ['/inicio', '/misbarcos', '/misbarcos/3', '/salidas', '/mas', '/carnet-verde']) {
      expect(linksAt(path).length, path).toBeLessThanOrEqual(20);
    }
  });

  it('leaves the preload script in the service worker’s precache, for the app opened offline', () => {
    expect(source('sw.js')).toContain(preloader);
  });
});
