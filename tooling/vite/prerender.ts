// The drawn screens' code, built once for Node in the shared build (decision 070), and the script the drawn
// sign-in page loads the app with. Each marina's page is written by `login-page.ts`.
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { build, minify } from 'vite';
import { formikLodashAliases } from '@marina/core/config/formik-lodash.ts';
import { pageBrand, shellRoot } from './client-vite-config.ts';
import { firstScreenParts, PrerenderError, type PrerenderEntry } from './login-page.ts';

export { checkClasses, PrerenderError } from './login-page.ts';

/**
 * Builds the drawn screens' code for Node into `outDir`, with the app's plugins (so the class names are the
 * browser bundle's): the same for every marina, whose configuration `render` takes (decision 070).
 */
export async function buildPrerenderEntry(outDir: string): Promise<void> {
  await build({
    configFile: false,
    root: shellRoot,
    publicDir: false,
    mode: 'production',
    logLevel: 'warn',
    resolve: { alias: formikLodashAliases },
    plugins: [react(), vanillaExtractPlugin(), pageBrand()],
    // One file with everything in it: the folder has no node_modules to import from.
    ssr: { noExternal: true },
    build: {
      ssr: join(shellRoot, 'prerender.ts'),
      outDir,
      emptyOutDir: true,
      target: 'node24',
      reportCompressedSize: false,
    },
  });
  await writeFile(join(outDir, 'package.json'), '{ "type": "module" }');
}

/**
 * Loads the app once the drawn page has been painted: when the browser reports the first contentful paint
 * (the moment the page shows, not the frame it was drawn in, which can be later), the entry and its chunks
 * are added to the head. Until then the network is the page's and its stylesheets' alone, so the form shows
 * as soon as they arrive; the app follows. A page that shows nothing yet (`hiddenBy` on `<html>`: the intro
 * slides come first, and the app draws them) or a browser without paint timing loads the app a frame after
 * the page is drawn. A page opened in a background tab is painted, and loads the app, when first shown. Runs
 * in the page as it is written here (`toString`), so it uses nothing but the DOM.
 */
function loadAppAfterPaint(entry: string, chunks: string[], hiddenBy: string): void {
  const add = (tag: 'link' | 'script', attributes: Record<string, string>) => {
    const element = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
    document.head.append(element);
  };
  const load = () =>
    setTimeout(() => {
      // Each chunk the entry imports is a module script of its own: the browser runs each (React first) as
      // soon as it has arrived, in a task of its own, instead of the whole app's code in one long task.
      // `crossorigin` as Vite writes it, so the entry's imports reuse them.
      for (const href of chunks) add('script', { type: 'module', crossorigin: '', src: href });
      add('script', { type: 'module', crossorigin: '', src: entry });
    });
  if (document.documentElement.hasAttribute(hiddenBy) || !PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    requestAnimationFrame(load);
    return;
  }
  const painted = new PerformanceObserver((entries) => {
    if (!entries.getEntriesByName('first-contentful-paint').length) return;
    painted.disconnect();
    load();
  });
  painted.observe({ type: 'paint', buffered: true });
}

/**
 * Writes into `web/assets` the classic script a drawn page has in its head (the CSP allows no inline one):
 * the gate that hides the screen on a device whose intro slides come first, then the app's loading after
 * the first paint. Returns its file name. The same for every marina: it names the shared build's files only.
 */
export async function writeFirstScreenScript(web: string, entry: PrerenderEntry): Promise<string> {
  const { app, chunks } = firstScreenParts(await readFile(join(web, 'index.html'), 'utf8'));
  const source = `${entry.firstStartGateScript}\n(${loadAppAfterPaint.toString()})(${JSON.stringify(app.src)}, ${JSON.stringify(chunks)}, ${JSON.stringify(entry.FIRST_START_ATTRIBUTE)});`;
  const { code: script, errors } = await minify('first-screen.js', source, {});
  if (errors.length > 0)
    throw new PrerenderError(
      `The first screen's script does not minify: ${errors.map((error) => error.message).join('; ')}`,
    );
  const file = `first-screen-${createHash('sha256').update(script).digest('hex').slice(0, 8)}.js`;
  await writeFile(join(web, 'assets', file), script);
  return file;
}
