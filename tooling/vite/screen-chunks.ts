import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { Plugin, Rollup } from 'vite';
import { paths } from '@marina/core/domain/app-paths.ts';
import { PRIVATE_ROUTES } from '@marina/core/lib/paths.ts';

type OutputChunk = Rollup.OutputChunk;

/** The stylesheets Vite's loader adds with a chunk (`viteMetadata.importedCss`). */
const chunkCss = (output: Rollup.OutputBundle[string] | undefined) =>
  (output as (OutputChunk & { viteMetadata?: { importedCss: Set<string> } }) | undefined)?.viteMetadata?.importedCss;

/** The table of the screens' chunks (`app/screens.tsx`): what only it leads to is the screens' code. */
const SCREEN_TABLE = /[\\/]packages[\\/]core[\\/]src[\\/]app[\\/]screens\.tsx$/;
/** The screens before sign-in that a first visit meets (the slides, not-found): kept out of the group. */
const SIGNED_OUT_SCREENS = /[\\/]packages[\\/]core[\\/]src[\\/]features[\\/](welcome|shell)[\\/]/;
/**
 * What a private screen opened cold needs besides its own code (decision 066's early start): the early start's
 * code, the table, the private layout's chunk, the API client's HTTP part and the server cache's code.
 */
const PRIVATE_START = [
  SCREEN_TABLE,
  /[\\/]app[\\/]early-start\.ts$/,
  /[\\/]app[\\/]cached-layouts\.tsx$/,
  /[\\/]api[\\/]http\.ts$/,
  /[\\/]lib[\\/]query-kit\.ts$/,
];

/**
 * The modules each route's screen is loaded from, read from the table of the screens' chunks: per route
 * name (`inicio: async () => { … import('…') … }`), the `import()`s up to the next route name.
 */
export function screenModules(tableSource: string, tablePath: string): Map<string, string[]> {
  const table = /const screens[^=]*=\s*\{([\s\S]*?)\n\};/.exec(tableSource)?.[1];
  if (!table) throw new Error(`${tablePath} has no table of screens (const screens = { … };)`);
  const modules = new Map<string, string[]>();
  let current: string[] | undefined;
  for (const line of table.split('\n')) {
    const name = /^ {2}(\w+):/.exec(line)?.[1];
    if (name) modules.set(name, (current = []));
    for (const [, specifier] of line.matchAll(/import\('([^']+)'\)/g))
      current?.push(resolve(dirname(tablePath), specifier!));
  }
  return modules;
}

/** A route's path (`/misbarcos/:id`) as a pattern on `location.pathname`, a trailing slash allowed. */
export function pathPattern(path: string): string {
  const escaped = path
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return `^${escaped}/?$`;
}

/**
 * The script an index.html loads first (async, beside the entry): on a private screen's address, it adds a
 * `<link rel="modulepreload">` for each file that screen needs beyond the entry's (a style preload for each
 * stylesheet, `crossorigin` as Vite's loader asks for it later, so that it is not fetched twice), so the browser fetches them
 * with the entry instead of only once the app's code has run and asked for them. Any other address (sign-in,
 * the public screens) adds nothing. A file, not inline: the CSP allows no inline script.
 */
export function preloadScript(routes: { pattern: string; files: number[] }[], files: string[]): string {
  const table = routes.map((route) => `[/${route.pattern.replaceAll('/', '\\/')}/,${JSON.stringify(route.files)}]`);
  return `(()=>{const f=${JSON.stringify(files)};for(const[p,l]of[${table.join(',')}])if(p.test(location.pathname)){for(const i of l){const e=document.createElement("link");if(f[i].endsWith(".css")){e.rel="preload";e.as="style"}else e.rel="modulepreload";e.crossOrigin="";e.href="/"+f[i];document.head.append(e)}return}})();\n`;
}

/**
 * The code of the screens a signed-in person opens, in one chunk rather than some forty, and each private
 * screen's files asked for from index.html (decision 066).
 *
 * Left to itself, Rolldown gives every set of screens sharing a module a chunk of its own, and a private
 * screen opened cold fetched some forty small files, six at a time over HTTP/1.1, the last of them well
 * after the API's answers. The group (`test`, a `codeSplitting` group) takes only modules that nothing but the
 * table of the screens' chunks leads to: never one that the entry, the sign-in page or its first call needs
 * (the API client's HTTP part, the error catalogue, the cache's code: lazy modules of the app's first chunk),
 * nor one the slides or the not-found page need, so their files stay as they were.
 *
 * `mark`: an attribute on the preload script's tag, for the drawn sign-in page to leave it out (`prerender.ts`).
 */
export function screenChunks(mark: string): { plugin: Plugin; test: (id: string) => boolean } {
  const outside = new Set<string>();
  let script: string | undefined;
  const plugin: Plugin = {
    name: 'marina-screen-chunks',
    apply: 'build',
    buildEnd() {
      outside.clear();
      const info = (id: string) => this.getModuleInfo(id);
      // What the entry reaches without going through the table (its static imports and its lazy modules,
      // with theirs), and what the slides and the not-found page reach.
      const stack = [...this.getModuleIds()].filter((id) => info(id)?.isEntry || SIGNED_OUT_SCREENS.test(id));
      while (stack.length > 0) {
        const id = stack.pop()!;
        if (outside.has(id)) continue;
        outside.add(id);
        if (SCREEN_TABLE.test(id)) continue;
        const module = info(id);
        stack.push(...(module?.importedIds ?? []), ...(module?.dynamicallyImportedIds ?? []));
      }
    },
    generateBundle: {
      // Before Vite writes index.html (its own `generateBundle`), which names the script.
      order: 'pre',
      async handler(_options, bundle) {
        const chunks = Object.values(bundle).filter((output): output is OutputChunk => output.type === 'chunk');
        const holder = (test: (id: string) => boolean) => chunks.find((chunk) => chunk.moduleIds.some(test));
        // The files a chunk needs: itself and what it imports, not counting `skip`.
        const needed = (starts: (OutputChunk | undefined)[], skip = new Set<string>()) => {
          const found = new Set<string>();
          const visit = (chunk: OutputChunk | undefined) => {
            if (!chunk || skip.has(chunk.fileName) || found.has(chunk.fileName)) return;
            found.add(chunk.fileName);
            for (const file of chunk.imports) visit(chunks.find((candidate) => candidate.fileName === file));
          };
          starts.forEach(visit);
          return found;
        };
        // The entry's files, which index.html loads already.
        const withEntry = needed(chunks.filter((chunk) => chunk.isEntry));
        const tablePath = chunks.flatMap((chunk) => chunk.moduleIds).find((id) => SCREEN_TABLE.test(id));
        if (!tablePath) throw new Error('The bundle has no table of the screens (app/screens.tsx)');
        const modules = screenModules(await readFile(tablePath, 'utf8'), tablePath);
        const start = PRIVATE_START.map((pattern) => holder((id) => pattern.test(id)));
        const files: string[] = [];
        const routes = PRIVATE_ROUTES.map((name) => {
          const screen = modules.get(name);
          if (!screen?.length) throw new Error(`${tablePath} names no screen for the route ${name}`);
          const own = screen.map((module) => holder((id) => id === module));
          const js = [...needed([...own, ...start], withEntry)];
          // The stylesheets of those chunks first: Vite's loader waits for them before it hands a screen over.
          const css = js.flatMap((file) => [...(chunkCss(bundle[file]) ?? [])]);
          const list = [...new Set([...css, ...js])].map((file) =>
            files.includes(file) ? files.indexOf(file) : files.push(file) - 1,
          );
          return { pattern: pathPattern(paths[name]), files: list };
        });
        const source = preloadScript(routes, files);
        const fileName = `assets/screen-preload-${createHash('sha256').update(source).digest('hex').slice(0, 8)}.js`;
        this.emitFile({ type: 'asset', fileName, source });
        script = fileName;
      },
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (!context.bundle) return html;
        if (!script) throw new Error('The screens’ preload script was not written before index.html');
        return html.replace('</head>', `<script async src="/${script}" ${mark}></script></head>`);
      },
    },
  };
  return { plugin, test: (id) => outside.size > 0 && !outside.has(id) };
}
