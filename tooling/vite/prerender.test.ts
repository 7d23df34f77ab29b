// A real build of one marina, into a folder of its own, and what it writes for the first screen.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { useBuiltClient } from './built-client.ts';
import { repoRoot } from './client-vite-config.ts';
import { checkClasses, PrerenderError } from './prerender.ts';

const client = join(repoRoot, 'apps', 'client-41');
let dist: string;
let login: string;
let index: string;

useBuiltClient(client, (built) => ({ dist, login, index } = built));

/** The `for` of the label with this text, and the input it names. */
function field(html: string, label: string) {
  const labelFor = new RegExp(`<label[^>]*for="([^"]+)"[^>]*>${label}</label>`).exec(html)?.[1];
  const input = labelFor ? new RegExp(`<input[^>]*id="${labelFor}"[^>]*>`).exec(html)?.[0] : undefined;
  return input ?? '';
}

describe('the built login.html of a marina', () => {
  it('holds the sign-in form: its Spanish heading, labelled fields, the send button and the marina', () => {
    expect(login).toMatch(/<div id="root" data-prerendered="login">/);
    expect(login).toMatch(/<h1[^>]*>Entrar<\/h1>/);
    expect(field(login, 'Correo electrónico o documento')).toMatch(/name="identifier"/);
    expect(field(login, 'Contraseña')).toMatch(/type="password"/);
    expect(login).toMatch(/<button type="submit"[^>]*disabled=""[^>]*>Entrar<\/button>/);
    expect(login).toContain('>Marina Port Blau</p>');
    expect(login).toContain('<title>Entrar · Marina Port Blau</title>');
  });

  it('paints from the page and its stylesheet: the app is loaded by the head script, after the paint', () => {
    const head = login.slice(0, login.indexOf('</head>'));
    // The marina's tokens, then the app's own styles, as the page had them built for one marina.
    expect(head).toMatch(
      /<link rel="stylesheet" crossorigin href="\/assets\/brand-[\w-]+\.css">\s*<link rel="stylesheet" crossorigin href="\/assets\/app-initial-[\w-]+\.css">/,
    );
    expect(head).not.toMatch(/<script type="module"|rel="modulepreload"/);
    const script = /<script src="\/assets\/(first-screen-\w+\.js)"><\/script>/.exec(head)?.[1];
    expect(script).toBeDefined();
    const source = readFileSync(join(dist, 'assets', script!), 'utf8');
    expect(source).toMatch(/\/assets\/index-[\w-]+\.js/);
    expect(source).toContain('mb.sliderSeen');
    expect(source).not.toContain('http-');
  });

  it('leaves index.html, which every other address gets, with nothing drawn in it', () => {
    expect(index).toContain('<div id="root"></div>');
    expect(index).not.toContain('Contraseña');
    expect(index).toMatch(/<script type="module" crossorigin src="\/assets\/index-[\w-]+\.js"><\/script>/);
    // It opens on any screen: the table of the screens' chunks comes with the entry (not so in login.html).
    expect(index).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/screens-[\w-]+\.js" data-later>/);
  });

  it('marks the chunk of React and the router for compiling as it streams in', () => {
    const react = readdirSync(join(dist, 'assets')).find((file) => /^react-[\w-]+\.js$/.test(file));
    expect(readFileSync(join(dist, 'assets', react!), 'utf8')).toMatch(/^\/\/# allFunctionsCalledOnLoad\n/);
  });
});

/**
 * The JavaScript a first visit to /login loads before its form can be sent: the head's script, and the
 * app's entry and the chunks it imports, which that script adds after the first paint. What the app
 * loads later (the first call's HTTP part, a screen's chunk) is not in it.
 */
function beforeUsable(): Array<{ file: string; source: string }> {
  const script = /<script src="\/(assets\/first-screen-\w+\.js)"><\/script>/.exec(login)![1]!;
  const loader = readFileSync(join(dist, script), 'utf8');
  const files = [
    script,
    ...new Set([...loader.matchAll(/["'`]\/(assets\/[\w.-]+\.js)["'`]/g)].map((match) => match[1]!)),
  ];
  return files.map((file) => ({ file, source: readFileSync(join(dist, file), 'utf8') }));
}

describe('the JavaScript before the sign-in form can be sent (decision 017)', () => {
  it('is at most 110 KB gzipped: React, React Router, Formik and the sign-in screen', () => {
    const files = beforeUsable();
    expect(files.map(({ file }) => file)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^assets\/index-/), expect.stringMatching(/^assets\/react-/)]),
    );
    const gzipped = files.reduce((sum, { source }) => sum + gzipSync(source, { level: 9 }).length, 0);
    expect(gzipped / 1024).toBeLessThanOrEqual(110);
  });

  it('leaves out what the form does not need, each thing found by a text only it has', () => {
    const code = beforeUsable()
      .map(({ source }) => source)
      .join('\n');
    // The error catalogue (with the first call), the help page's questions (with ayuda), the brand tokens
    // (in the stylesheet), lodash (es-toolkit's functions instead), Formik's FieldArray and React Router's
    // link prefetching (unused), the other screens' chunks and the files each needs (`app/screens.tsx`).
    for (const text of [
      'Demasiados intentos',
      '¿Por qué mi carnet aparece en rojo',
      'contentMaxWidth',
      '__lodash_hash_undefined__',
      'handleUnshift',
      'PrefetchPageLinks',
      'misbarcos-screen',
    ]) {
      expect(code.includes(text), text).toBe(false);
    }
    // What the form does need is there.
    expect(code.includes('Correo electrónico o documento')).toBe(true);
  });
});

describe('checkClasses', () => {
  it('refuses a drawn screen whose classes no stylesheet of the bundle defines', async () => {
    const bundle = mkdtempSync(join(tmpdir(), 'marina-dist-'));
    mkdirSync(join(bundle, 'assets'));
    writeFileSync(join(bundle, 'assets', 'index-a1.css'), '._1abc0{color:red}._1abc01{color:blue}');
    try {
      await expect(checkClasses('<p class="_1abc0">x</p>', bundle)).resolves.toBeUndefined();
      // The icon library's hooks are not the app's classes: nothing of the page depends on them.
      await expect(
        checkClasses('<svg class="lucide lucide-chevron-left _1abc01"></svg>', bundle),
      ).resolves.toBeUndefined();
      await expect(checkClasses('<p class="_1abc0 _1abc0x">x</p><b class="_1abc">y</b>', bundle)).rejects.toThrow(
        new PrerenderError(`The drawn sign-in screen uses classes no stylesheet of ${bundle} defines: _1abc0x, _1abc`),
      );
    } finally {
      rmSync(bundle, { recursive: true, force: true });
    }
  });
});
