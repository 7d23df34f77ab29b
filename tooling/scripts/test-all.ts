// `npm test`: everything CI checks, in order, with one summary line at the end.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../vite/client-vite-config.ts';
import { duration } from './lib/duration.ts';
import { describeTestsPerProject, testsPerProject } from './lib/e2e-counts.ts';
import { failedTests, type FailedTest } from './lib/failed-tests.ts';
import { ensureChromium, ensurePostgres } from './lib/system.ts';
import { run, type RunOptions } from './lib/run.ts';
import type { OpenApiLintSummary } from './lint-openapi.ts';

const results = join(repoRoot, 'test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

interface Step {
  name: string;
  /** Runs the step; `io` sends its output elsewhere when it runs beside others. */
  run: (io: RunOptions) => Promise<number>;
  /** A JSON report (vitest or Playwright) whose test counts go into the summary. */
  report?: string;
  /** What else the summary line says of the step, in brackets, once it has run. */
  detail?: () => string | undefined;
}

const vitest =
  (pkg: string, report: string, env: NodeJS.ProcessEnv = {}, files: string[] = []) =>
  (io: RunOptions) =>
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
        ...files,
      ],
      { ...io, env: { ...io.env, ...env } },
    );

let postgresUrl: string | undefined;

/**
 * The steps, in stages. The steps of a stage run side by side, each printing its output when it ends: the
 * first stage's checks leave a core idle for a third of their time (ESLint, tsc and the core's tests wait on
 * files and on each other); the later steps keep both cores busy on their own, so they run one at a time.
 */
const stages: Step[][] = [
  [
    // ESLint, Prettier and the commit subjects: `pnpm lint` (decision 043).
    { name: 'lint', run: (io) => run('pnpm', ['--silent', 'lint'], io) },
    { name: 'type check', run: (io) => run('turbo', ['run', 'typecheck', '--output-logs=errors-only'], io) },
    // The document a server serves at /api/v1/openapi.json, by Redocly's recommended rules (decision 041).
    {
      name: 'OpenAPI lint',
      run: (io) => run(process.execPath, ['tooling/scripts/lint-openapi.ts'], io),
      detail: openApiLintDetail,
    },
    { name: 'unit tests: theme', run: vitest('@marina/theme', 'theme.json'), report: 'theme.json' },
    { name: 'unit tests: core', run: vitest('@marina/core', 'core.json'), report: 'core.json' },
  ],
  // Each client's bundle as the browser suite and `npm start` serve it (same origin: MARINA_API_URL=/). The
  // tooling tests' `npm start` and the browser suite's servers then find it in turbo's cache.
  [
    {
      name: 'build of every client',
      run: (io) => run('turbo', ['run', 'build', '--output-logs=errors-only'], { ...io, env: { MARINA_API_URL: '/' } }),
    },
  ],
  [{ name: 'unit tests: tooling', run: vitest('@marina/tooling', 'tooling.json'), report: 'tooling.json' }],
  [{ name: 'API tests on PGlite', run: vitest('@marina/api', 'api-pglite.json'), report: 'api-pglite.json' }],
  [
    {
      name: 'API tests on PostgreSQL',
      run: async (io) => {
        postgresUrl ??= await ensurePostgres();
        return vitest('@marina/api', 'api-postgres.json', { TEST_DATABASE_URL: postgresUrl })(io);
      },
      report: 'api-postgres.json',
    },
  ],
  // The tooling's own PostgreSQL tests (`*.postgres.test.ts`: the launch bench's floor); the rest ran above.
  [
    {
      name: 'tooling tests on PostgreSQL',
      run: async (io) => {
        postgresUrl ??= await ensurePostgres();
        return vitest('@marina/tooling', 'tooling-postgres.json', { TEST_DATABASE_URL: postgresUrl }, [
          '.postgres.test.ts',
        ])(io);
      },
      report: 'tooling-postgres.json',
    },
  ],
  // The whole suite on the two fixture marinas, each real brand's smoke spec, split origins once (decision
  // 046); the summary says how many tests each adds. The HTML report, and the screenshot and retry's trace of
  // each failed test, stay in test-results/e2e-report and test-results/e2e (README.md, decision 049).
  [
    {
      name: 'browser suite (fixture marinas, and each brand’s smoke)',
      run: async (io) => {
        await ensureChromium();
        return run(
          'pnpm',
          ['--filter', '@marina/tooling', 'exec', 'playwright', 'test', '--config', 'e2e/playwright.config.ts'],
          { ...io, env: { ...io.env, CI: process.env.CI ?? '1' } },
        );
      },
      report: 'e2e.json',
      detail: e2eDetail,
    },
  ],
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

function failuresOf(report: string): FailedTest[] {
  const path = join(results, report);
  if (!existsSync(path)) return [];
  return failedTests(JSON.parse(readFileSync(path, 'utf8')), repoRoot);
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

interface Outcome {
  name: string;
  ok: boolean;
  ms: number;
  counts?: Counts | undefined;
  detail?: string | undefined;
  /** The tests its report says failed, named in the summary. */
  failures: FailedTest[];
  /** Ran beside the other steps of its stage. */
  alongside: boolean;
}

async function runStep(step: Step, alongside: boolean): Promise<Outcome> {
  const output: Buffer[] = [];
  const io: RunOptions = alongside ? { onOutput: (chunk) => output.push(chunk) } : {};
  if (!alongside) console.log(`\n\u001b[1m▶ ${step.name}\u001b[0m`);
  const stepStarted = performance.now();
  let code: number;
  try {
    code = await step.run(io);
  } catch (error) {
    output.push(Buffer.from(`${error instanceof Error ? error.message : String(error)}\n`));
    code = 1;
  }
  const ms = performance.now() - stepStarted;
  if (alongside) {
    console.log(`\n\u001b[1m▶ ${step.name}\u001b[0m (ran alongside; its output)`);
    process.stdout.write(Buffer.concat(output));
  } else if (output.length > 0) process.stderr.write(Buffer.concat(output));
  return {
    name: step.name,
    ok: code === 0,
    ms,
    ...(step.report ? { counts: countsOf(step.report) } : {}),
    detail: step.detail?.(),
    failures: step.report ? failuresOf(step.report) : [],
    alongside,
  };
}

const outcome: Outcome[] = [];
const started = performance.now();
for (const stage of stages) {
  const alongside = stage.length > 1;
  if (alongside) console.log(`\n\u001b[1m▶ side by side: ${stage.map((step) => step.name).join(', ')}\u001b[0m`);
  outcome.push(...(await Promise.all(stage.map((step) => runStep(step, alongside)))));
}
const totalMs = performance.now() - started;

console.log('\nSummary');
let passed = 0;
let failed = 0;
for (const { name, ok, ms, counts, detail: stepDetail, alongside } of outcome) {
  const tally = counts ? `${counts.passed} passed, ${counts.failed} failed` : undefined;
  const said = [tally, stepDetail].filter(Boolean).join('; ');
  const detail = said ? ` (${said})` : '';
  console.log(`  ${ok ? '✔' : '✘'} ${alongside ? '∥ ' : ''}${name}${detail} ${duration(ms)}`);
  if (counts) {
    passed += counts.passed;
    failed += counts.failed;
  }
  // A step that failed without a report (lint, build, a crash) still counts as a failure.
  if (!ok && (!counts || counts.failed === 0)) failed += 1;
}
console.log(
  `  total ${duration(totalMs)}${outcome.some((step) => step.alongside) ? ' (∥: ran side by side, so their times overlap)' : ''}`,
);
const failures = outcome.flatMap((step) => step.failures);
if (failures.length > 0) {
  console.log('\nFailed tests');
  for (const { name, why } of failures) console.log(`  ✘ ${name}${why ? `\n      ${why}` : ''}`);
}
const stepsFailed = outcome.filter((step) => !step.ok).length;
console.log(`\nsteps: ${outcome.length - stepsFailed} passed, ${stepsFailed} failed`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(stepsFailed === 0 ? 0 : 1);
