// `npm test`: everything CI checks, in order, with one summary line at the end.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../vite/client-vite-config.ts';
import { duration } from './lib/duration.ts';
import { describeTestsPerProject, testsPerProject } from './lib/e2e-counts.ts';
import { ensureChromium, ensurePostgres } from './lib/system.ts';
import { run } from './lib/run.ts';
import type { OpenApiLintSummary } from './lint-openapi.ts';

const results = join(repoRoot, 'test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

interface Step {
  name: string;
  run: () => Promise<number>;
  /** A JSON report (vitest or Playwright) whose test counts go into the summary. */
  report?: string;
  /** What else the summary line says of the step, in brackets, once it has run. */
  detail?: () => string | undefined;
}

const vitest =
  (pkg: string, report: string, env: NodeJS.ProcessEnv = {}) =>
  () =>
    run(
      'pnpm',
      [
        '--filter',
        pkg,
        'exec',
        'vitest',
        'run',
        '--reporter=default',
        '--reporter=json',
        `--outputFile=${join(results, report)}`,
      ],
      { env },
    );

let postgresUrl: string | undefined;

const steps: Step[] = [
  // ESLint, Prettier and the commit subjects: `pnpm lint` (decision 043).
  { name: 'lint', run: () => run('pnpm', ['--silent', 'lint']) },
  { name: 'type check', run: () => run('turbo', ['run', 'typecheck', '--output-logs=errors-only']) },
  // The document a server serves at /api/v1/openapi.json, by Redocly's recommended rules (decision 041).
  {
    name: 'OpenAPI lint',
    run: () => run(process.execPath, ['tooling/scripts/lint-openapi.ts']),
    detail: openApiLintDetail,
  },
  { name: 'unit tests: theme', run: vitest('@marina/theme', 'theme.json'), report: 'theme.json' },
  { name: 'unit tests: core', run: vitest('@marina/core', 'core.json'), report: 'core.json' },
  { name: 'unit tests: tooling', run: vitest('@marina/tooling', 'tooling.json'), report: 'tooling.json' },
  { name: 'API tests on PGlite', run: vitest('@marina/api', 'api-pglite.json'), report: 'api-pglite.json' },
  {
    name: 'API tests on PostgreSQL',
    run: async () => {
      postgresUrl ??= await ensurePostgres();
      return vitest('@marina/api', 'api-postgres.json', { TEST_DATABASE_URL: postgresUrl })();
    },
    report: 'api-postgres.json',
  },
  { name: 'build of every client', run: () => run('turbo', ['run', 'build', '--output-logs=errors-only']) },
  // The whole suite on the two fixture marinas, each real brand's smoke spec, split origins once (decision
  // 046); the summary says how many tests each adds. The HTML report, and a trace and a screenshot of each
  // failed test, stay in test-results/e2e-report and test-results/e2e (README.md).
  {
    name: 'browser suite (fixture marinas, and each brand’s smoke)',
    run: async () => {
      await ensureChromium();
      const built = await run('turbo', ['run', 'build', '--output-logs=errors-only'], { env: { MARINA_API_URL: '/' } });
      if (built !== 0) return built;
      return run(
        'pnpm',
        ['--filter', '@marina/tooling', 'exec', 'playwright', 'test', '--config', 'e2e/playwright.config.ts'],
        {
          env: { CI: process.env.CI ?? '1' },
        },
      );
    },
    report: 'e2e.json',
    detail: e2eDetail,
  },
];

interface Counts {
  passed: number;
  failed: number;
}

function countsOf(report: string): Counts | undefined {
  const path = join(results, report);
  if (!existsSync(path)) return undefined;
  const json = JSON.parse(readFileSync(path, 'utf8'));
  if (typeof json.numPassedTests === 'number') return { passed: json.numPassedTests, failed: json.numFailedTests };
  // Playwright: a test that failed and then passed on its retry is flaky, and counts as failed (decision 049).
  if (json.stats) return { passed: json.stats.expected, failed: json.stats.unexpected + json.stats.flaky };
  return undefined;
}

/** `79 operations, 0 errors, 0 warnings`, from what tooling/scripts/lint-openapi.ts wrote. */
function openApiLintDetail(): string | undefined {
  const path = join(results, 'openapi-lint.json');
  if (!existsSync(path)) return undefined;
  const { operations, errors, warnings } = JSON.parse(readFileSync(path, 'utf8')) as OpenApiLintSummary;
  return `${operations} operations, ${errors} errors, ${warnings} warnings`;
}

/** `client-901: 50, client-902: 50, client-25: 4, …, split-origin: 7`, from the browser suite's report. */
function e2eDetail(): string | undefined {
  const path = join(results, 'e2e.json');
  if (!existsSync(path)) return undefined;
  const report = JSON.parse(readFileSync(path, 'utf8'));
  const order = (report.config?.projects ?? []).map((project: { name: string }) => project.name);
  const counts = testsPerProject(report);
  return counts.size === 0 ? undefined : `tests per project: ${describeTestsPerProject(counts, order)}`;
}

const outcome: Array<{ name: string; ok: boolean; ms: number; counts?: Counts; detail?: string | undefined }> = [];
const started = performance.now();
for (const step of steps) {
  console.log(`\n\u001b[1m▶ ${step.name}\u001b[0m`);
  const stepStarted = performance.now();
  let code: number;
  try {
    code = await step.run();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    code = 1;
  }
  const ms = performance.now() - stepStarted;
  outcome.push({
    name: step.name,
    ok: code === 0,
    ms,
    ...(step.report ? { counts: countsOf(step.report) } : {}),
    detail: step.detail?.(),
  });
}
const totalMs = performance.now() - started;

console.log('\nSummary');
let passed = 0;
let failed = 0;
for (const { name, ok, ms, counts, detail: stepDetail } of outcome) {
  const tally = counts ? `${counts.passed} passed, ${counts.failed} failed` : undefined;
  const said = [tally, stepDetail].filter(Boolean).join('; ');
  const detail = said ? ` (${said})` : '';
  console.log(`  ${ok ? '✔' : '✘'} ${name}${detail} ${duration(ms)}`);
  if (counts) {
    passed += counts.passed;
    failed += counts.failed;
  }
  // A step that failed without a report (lint, build, a crash) still counts as a failure.
  if (!ok && (!counts || counts.failed === 0)) failed += 1;
}
console.log(`  total ${duration(totalMs)}`);
const stepsFailed = outcome.filter((step) => !step.ok).length;
console.log(`\nsteps: ${outcome.length - stepsFailed} passed, ${stepsFailed} failed`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(stepsFailed === 0 ? 0 : 1);
