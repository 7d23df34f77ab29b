// The repository's own wiring: what Turborepo caches and what ESLint fences off must follow the folders,
// so a new package or marina is covered with no edit to the root configs.
import { execFileSync } from 'node:child_process';
import { existsSync, globSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../vite/client-vite-config.ts';
import { cycles, importGraph } from './import-cycles.ts';

interface DryTask {
  taskId: string;
  dependencies: string[];
  /** The files hashed for the task, relative to its package's folder. */
  inputs: Record<string, string>;
}

function dryTestRun(pkg: string): DryTask[] {
  const json = execFileSync('turbo', ['run', 'test', `--filter=${pkg}`, '--dry=json'], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  return (JSON.parse(json) as { tasks: DryTask[] }).tasks;
}

function dryBuild(): DryTask[] {
  const json = execFileSync('turbo', ['run', 'build', '--dry=json'], { cwd: repoRoot, encoding: 'utf8' });
  return (JSON.parse(json) as { tasks: DryTask[] }).tasks;
}

function testTaskGraph(pkg: string): Map<string, string[]> {
  return new Map(dryTestRun(pkg).map((task) => [task.taskId, task.dependencies]));
}

/** The files of the workspace's packages that a package's sources import, following imports from file to file. */
function packageFilesImportedBy(packageDir: string): Set<string> {
  const packagesDir = join(repoRoot, 'packages');
  const pending = globSync('src/**/*.ts', { cwd: packageDir }).map((file) => join(packageDir, file));
  const seen = new Set(pending);
  const found = new Set<string>();
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(/(?:from|import|import\()\s*'([^']+)'/g)) {
      const target = specifier!.startsWith('.')
        ? resolve(dirname(file), specifier!)
        : specifier!.replace(/^@marina\/(core|theme)\//, `${packagesDir}/$1/src/`);
      if (!target.startsWith(packagesDir) || seen.has(target) || !existsSync(target)) continue;
      seen.add(target);
      found.add(target);
      pending.push(target);
    }
  }
  return found;
}

function reaches(graph: Map<string, string[]>, from: string, to: string): boolean {
  const seen = new Set<string>();
  const walk = (id: string): boolean => {
    if (id === to) return true;
    if (seen.has(id)) return false;
    seen.add(id);
    return (graph.get(id) ?? []).some(walk);
  };
  return walk(from);
}

describe('the repository wiring', () => {
  it("hashes a package's test task with the packages it depends on, so a change there is never a cached pass", () => {
    const core = testTaskGraph('@marina/core');
    expect(reaches(core, '@marina/core#test', '@marina/theme#transit')).toBe(true);
  });

  it("hashes the API's tests with the files of core and theme it imports and the marina folders, never a screen or a stylesheet", () => {
    const apiDir = join(repoRoot, 'apps/api');
    const task = dryTestRun('@marina/api').find((candidate) => candidate.taskId === '@marina/api#test');
    expect(task).toBeDefined();
    const inputs = new Set(Object.keys(task!.inputs).map((file) => resolve(apiDir, file)));
    expect(inputs).toContain(join(apiDir, 'src/server.ts'));
    // A change in what the API imports, however deep, is never a cached pass.
    const imported = packageFilesImportedBy(apiDir);
    expect(imported).toContain(join(repoRoot, 'packages/core/src/domain/launches.ts'));
    for (const file of imported) expect(inputs, relative(repoRoot, file)).toContain(file);
    // The marina folders the server reads at start (config/marina-folders.ts).
    const clients = readdirSync(join(repoRoot, 'apps')).filter((name) => name.startsWith('client-'));
    for (const client of clients) expect(inputs, client).toContain(join(repoRoot, 'apps', client, 'client.config.ts'));
    // Screens, components, the app shell and stylesheets are none of its business.
    const unrelated = [...inputs]
      .map((file) => relative(repoRoot, file))
      .filter((file) => /^packages\/core\/src\/(app|features|components|lib)\/|\.css\.ts$/.test(file));
    expect(unrelated).toEqual([]);
    // Nor does the whole of core or theme come in through a task it depends on.
    expect(task!.dependencies).toEqual([]);
  });

  it('builds the app once, then each marina from its own files: a marina’s logo rebuilds that marina alone', () => {
    const tasks = dryBuild();
    const packageDir = (taskId: string) => {
      const name = taskId.split('#')[0]!.replace('@marina/', '');
      const candidates = [join(repoRoot, 'apps', name), join(repoRoot, 'tooling', 'fixtures', 'marinas', name)];
      return name === 'tooling' ? join(repoRoot, 'tooling') : candidates.find((dir) => existsSync(dir))!;
    };
    const inputsOf = (task: DryTask) =>
      Object.keys(task.inputs).map((file) => relative(repoRoot, resolve(packageDir(task.taskId), file)));
    const marinas = tasks.filter((task) => /^@marina\/client-\d+#build$/.test(task.taskId));
    expect(marinas.map((task) => task.taskId)).toEqual(expect.arrayContaining(['@marina/client-41#build']));
    const shared = tasks.find((task) => task.taskId === '@marina/tooling#build')!;
    // The app's code is the shared build's: no marina's files are in it.
    expect(inputsOf(shared)).toContain('packages/core/src/app/start.tsx');
    expect(inputsOf(shared).filter((file) => /(^apps\/client-|fixtures\/marinas\/)/.test(file))).toEqual([]);
    for (const marina of marinas) {
      // After the shared build, which its hash includes: a change there rebuilds every marina's step.
      expect(marina.dependencies, marina.taskId).toContain('@marina/tooling#build');
      const inputs = inputsOf(marina);
      const own = relative(repoRoot, packageDir(marina.taskId));
      expect(inputs, marina.taskId).toContain(`${own}/logo.svg`);
      // Of the other marinas only their client.config.ts, for clientesConSMS; no screen of the app either.
      const others = inputs.filter(
        (file) => /(^apps\/client-|fixtures\/marinas\/client-)/.test(file) && !file.startsWith(`${own}/`),
      );
      expect(
        others.filter((file) => !file.endsWith('/client.config.ts')),
        marina.taskId,
      ).toEqual([]);
      expect(
        inputs.filter((file) => file.startsWith('packages/core/src/features/')),
        marina.taskId,
      ).toEqual([]);
    }
  });

  // ESLint loads the whole repository's config and its TypeScript resolver first: about 5 s on an idle machine,
  // past vitest's 5 s default when both cores are busy elsewhere. A net for a hang, not a speed check.
  it('keeps every marina folder out of the server, including ones added later', { timeout: 60_000 }, async () => {
    const eslint = new ESLint({ cwd: repoRoot });
    const clients = readdirSync(join(repoRoot, 'apps')).filter((name) => name.startsWith('client-'));
    expect(clients.length).toBeGreaterThanOrEqual(3);
    for (const client of clients) {
      const [result] = await eslint.lintText(`import '../../${client}/client.config.ts';\n`, {
        filePath: join(repoRoot, 'apps/api/src/wiring-probe.ts'),
      });
      expect(
        result?.messages.map((message) => message.ruleId),
        client,
      ).toContain('import-x/no-restricted-paths');
    }
  });

  it.each(['packages/core/src', 'packages/theme/src', 'apps/api/src', 'tooling'])(
    'has no import cycle in %s, type-only imports included',
    (folder) => {
      const graph = importGraph(join(repoRoot, folder));
      expect(graph.size).toBeGreaterThan(0);
      expect(cycles(graph, repoRoot)).toEqual([]);
    },
  );

  it('finds a cycle made of type imports alone', () => {
    const folder = mkdtempSync(join(repoRoot, 'tooling', 'type-cycle-probe-'));
    try {
      writeFileSync(join(folder, 'a.ts'), "import type { B } from './b.ts';\n\nexport interface A { b?: B }\n");
      writeFileSync(join(folder, 'b.ts'), "import type { A } from './a.ts';\n\nexport interface B { a?: A }\n");
      expect(cycles(importGraph(folder), folder)).toEqual([['a.ts', 'b.ts']]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('fails lint on an import cycle between TypeScript files', async () => {
    // Two files that import each other, in a folder of their own inside what `pnpm lint` covers: import-x
    // reads the imported file from disk to follow its imports, so neither can be text alone.
    const folder = mkdtempSync(join(repoRoot, 'tooling', 'cycle-probe-'));
    try {
      writeFileSync(
        join(folder, 'first.ts'),
        "import { second } from './second.ts';\n\nexport const first = (): number => second() + 1;\n",
      );
      writeFileSync(
        join(folder, 'second.ts'),
        "import { first } from './first.ts';\n\nexport const second = (): number => first() - 1;\n",
      );
      const results = await new ESLint({ cwd: repoRoot }).lintFiles([join(folder, '*.ts')]);
      expect(results).toHaveLength(2);
      for (const result of results) {
        expect(
          result.messages.map((message) => message.ruleId),
          result.filePath,
        ).toContain('import-x/no-cycle');
        expect(result.errorCount, result.filePath).toBeGreaterThan(0);
      }
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

/** The repository's Markdown files, as git sees them (tracked, or new and not ignored). */
function markdownFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*.md'], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  return [...new Set(listed.split('\n').filter(Boolean))].filter((file) => existsSync(join(repoRoot, file)));
}

/** The anchors GitHub gives a file's headings: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
function headingAnchors(file: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6}\s+(.*)$/.exec(line);
    if (!heading) continue;
    const slug = heading[1]!
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

describe('the documentation', () => {
  it('links only to files and headings that exist', () => {
    const files = markdownFiles();
    expect(files).toContain('docs/decisions/README.md');
    const broken: string[] = [];
    for (const file of files) {
      const text = readFileSync(join(repoRoot, file), 'utf8').replace(/```[\s\S]*?```/g, '');
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z][a-z+.-]*:/i.test(target!)) continue; // https:, mailto:…
        const [path, anchor] = target!.split('#');
        const resolved = path ? join(repoRoot, dirname(file), path) : join(repoRoot, file);
        if (!existsSync(resolved)) broken.push(`${file}: ${target} (no such file)`);
        else if (anchor && resolved.endsWith('.md') && !headingAnchors(resolved).has(anchor))
          broken.push(`${file}: ${target} (no such heading)`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('indexes every decision record in docs/decisions/README.md', () => {
    const folder = join(repoRoot, 'docs/decisions');
    const index = readFileSync(join(folder, 'README.md'), 'utf8');
    const records = readdirSync(folder).filter((name) => /^\d{3}-.*\.md$/.test(name));
    expect(records.length).toBeGreaterThan(0);
    expect(
      records.filter((name) => !index.includes(`](${name})`)),
      'add a line for each to docs/decisions/README.md',
    ).toEqual([]);
  });
});
