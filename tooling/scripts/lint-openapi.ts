// `pnpm lint:openapi`, and a step of `npm test`: the OpenAPI document a server instance serves at
// GET /api/v1/openapi.json (an in-memory database, nothing listening), written to test-results/openapi.json
// and linted by Redocly CLI with the recommended rules (apps/api/redocly.yaml). Any error or warning fails it
// (decision 041). Redocly runs offline: no telemetry, no update check.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { API_PREFIX, loadConfig } from '@marina/api/config.ts';
import { openDatabase } from '@marina/api/db/database.ts';
import { createServer } from '@marina/api/server.ts';
import { repoRoot } from '../vite/client-vite-config.ts';
import { flag } from './lib/run.ts';

/** What `redocly lint --format=json` prints. */
interface LintReport {
  totals: { errors: number; warnings: number; ignored: number };
  problems: Array<{
    ruleId: string;
    severity: string;
    message: string;
    location: Array<{ pointer?: string; start?: { line: number; col: number } }>;
  }>;
}

/** The summary of a run, for `npm test`'s summary line (test-results/openapi-lint.json). */
export interface OpenApiLintSummary {
  operations: number;
  errors: number;
  warnings: number;
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** The document as a deployment serves it: development routes off (they are hidden from it anyway). */
async function servedDocument(): Promise<Record<string, unknown>> {
  const database = await openDatabase({ dataDir: 'memory' });
  try {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
    const app = await createServer({ config, database, jobsIntervalMs: 0, clientsRefreshMs: 0 });
    try {
      const response = await app.inject({ method: 'GET', url: `${API_PREFIX}/openapi.json` });
      if (response.statusCode !== 200)
        throw new Error(`GET ${API_PREFIX}/openapi.json answered ${response.statusCode}`);
      return response.json();
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}

function redoclyLint(file: string): Promise<{ code: number; stdout: string }> {
  const cli = join(repoRoot, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js');
  const args = [
    cli,
    'lint',
    file,
    '--config',
    join(repoRoot, 'apps', 'api', 'redocly.yaml'),
    '--format=json',
    '--max-problems=1000',
    '--lint-config=error',
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: repoRoot,
      // Offline: no usage data, no look-up of a newer version.
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', DO_NOT_TRACK: '1' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code: code ?? 1, stdout }));
  });
}

const results = join(repoRoot, 'test-results');
const out = flag(process.argv.slice(2), 'out') ?? join(results, 'openapi.json');
mkdirSync(dirname(out), { recursive: true });
mkdirSync(results, { recursive: true });
const document = await servedDocument();
// Indented, so that each problem's line and column point somewhere readable.
writeFileSync(out, `${JSON.stringify(document, null, 2)}\n`);
const operations = Object.values(document.paths as Record<string, Record<string, unknown>>).reduce(
  (count, methods) => count + Object.keys(methods).filter((method) => METHODS.has(method)).length,
  0,
);

const { code, stdout } = await redoclyLint(out);
let report: LintReport;
try {
  report = JSON.parse(stdout) as LintReport;
} catch {
  console.error(stdout);
  console.error(`redocly lint exited ${code} without a JSON report`);
  process.exit(1);
}
const shown = relative(repoRoot, out);
for (const problem of report.problems) {
  const [where] = problem.location;
  const position = where?.start ? `:${where.start.line}:${where.start.col}` : '';
  console.log(
    `${shown}${position} ${problem.severity} ${problem.ruleId}: ${problem.message} (${where?.pointer ?? '#'})`,
  );
}
const summary: OpenApiLintSummary = { operations, errors: report.totals.errors, warnings: report.totals.warnings };
writeFileSync(join(results, 'openapi-lint.json'), `${JSON.stringify(summary)}\n`);
console.log(
  `${shown}: ${operations} operations, ${summary.errors} errors, ${summary.warnings} warnings (Redocly recommended rules)`,
);
process.exit(code === 0 && summary.errors === 0 && summary.warnings === 0 ? 0 : 1);
