// Import cycles among a package's own files, type-only imports included. ESLint's `import-x/no-cycle` leaves
// `import type` out, so a cycle of types alone would pass lint; repo-config.test.ts runs this over each package.
import { existsSync, globSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const SPECIFIER = /(?:\bfrom|\bimport|\bimport\()\s*'(\.{1,2}\/[^']+)'/g;

/** Each source file of `srcDir` with the files of that folder it imports (relative imports only). */
export function importGraph(srcDir: string): Map<string, string[]> {
  const files = globSync('**/*.{ts,tsx}', { cwd: srcDir, exclude: ['**/node_modules/**', '**/dist/**'] }).map((file) =>
    join(srcDir, file),
  );
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets = [...readFileSync(file, 'utf8').matchAll(SPECIFIER)]
      .map(([, specifier]) => resolve(dirname(file), specifier!))
      .filter((target) => existsSync(target));
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** The strongly connected groups of more than one file (Tarjan), each as paths relative to `base`. */
export function cycles(graph: Map<string, string[]>, base: string): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file)!, index.get(target)!));
      }
    }
    if (low.get(file) === index.get(file)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(relative(base, member));
      } while (member !== file);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}
