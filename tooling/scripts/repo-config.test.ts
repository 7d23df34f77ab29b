// The repository's own wiring: what Turborepo caches and what ESLint fences off must follow the folders,
// so a new package or marina is covered with no edit to the root configs.
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../vite/client-vite-config.ts';

interface DryTask {
  taskId: string;
  dependencies: string[];
}

function testTaskGraph(pkg: string): Map<string, string[]> {
  const json = execFileSync('turbo', ['run', 'test', `--filter=${pkg}`, '--dry=json'], { cwd: repoRoot, encoding: 'utf8' });
  const { tasks } = JSON.parse(json) as { tasks: DryTask[] };
  return new Map(tasks.map((task) => [task.taskId, task.dependencies]));
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
    const api = testTaskGraph('@marina/api');
    expect(reaches(api, '@marina/api#test', '@marina/core#transit')).toBe(true);
    expect(reaches(api, '@marina/api#test', '@marina/theme#transit')).toBe(true);
    const core = testTaskGraph('@marina/core');
    expect(reaches(core, '@marina/core#test', '@marina/theme#transit')).toBe(true);
  });

  it('keeps every marina folder out of the server, including ones added later', async () => {
    const eslint = new ESLint({ cwd: repoRoot });
    const clients = readdirSync(join(repoRoot, 'apps')).filter((name) => name.startsWith('client-'));
    expect(clients.length).toBeGreaterThanOrEqual(3);
    for (const client of clients) {
      const [result] = await eslint.lintText(`import '../../${client}/client.config.ts';\n`, {
        filePath: join(repoRoot, 'apps/api/src/wiring-probe.ts'),
      });
      expect(result?.messages.map((message) => message.ruleId), client).toContain('import-x/no-restricted-paths');
    }
  });
});
