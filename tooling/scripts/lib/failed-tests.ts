/**
 * The names of the tests a JSON report (vitest or Playwright) says failed, with the first line of why: the
 * summary of `npm test` lists them at its end, so a failure in a long run is named where the tail shows it.
 */

interface VitestReport {
  testResults?: Array<{
    name?: string;
    message?: string;
    status?: string;
    assertionResults?: Array<{ fullName?: string; status?: string; failureMessages?: string[] }>;
  }>;
}

interface PlaywrightSuite {
  file?: string;
  specs?: Array<{
    title?: string;
    file?: string;
    line?: number;
    tests?: Array<{
      projectName?: string;
      status?: string;
      results?: Array<{ status?: string; error?: { message?: string } }>;
    }>;
  }>;
  suites?: PlaywrightSuite[];
}

export interface FailedTest {
  name: string;
  /** The first non-empty line of the failure's message, without colour codes. */
  why: string;
}

// eslint-disable-next-line no-control-regex -- colour codes are control characters by definition
const colour = /\u001b\[[0-9;]*m/g;

function firstLine(message: string | undefined): string {
  const line = (message ?? '')
    .replace(colour, '')
    .split('\n')
    .map((part) => part.trim())
    .find((part) => part.length > 0);
  return line ?? '';
}

function relative(file: string | undefined, root: string): string {
  if (!file) return '';
  return file.startsWith(`${root}/`) ? file.slice(root.length + 1) : file;
}

export function failedTests(report: VitestReport & { suites?: PlaywrightSuite[] }, root = ''): FailedTest[] {
  const failed: FailedTest[] = [];
  for (const file of report.testResults ?? []) {
    const where = relative(file.name, root);
    const assertions = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of assertions)
      failed.push({ name: `${where} › ${test.fullName ?? ''}`, why: firstLine(test.failureMessages?.[0]) });
    // A file that failed to load has no failed test of its own, only a message.
    if (assertions.length === 0 && file.status === 'failed') failed.push({ name: where, why: firstLine(file.message) });
  }
  const walk = (suite: PlaywrightSuite) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? []) {
        // `unexpected` failed every try; `flaky` failed, then passed on its retry (decision 049).
        if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
        const error = test.results?.find((result) => result.status !== 'passed')?.error?.message;
        const flaky = test.status === 'flaky' ? ' (passed on its retry)' : '';
        failed.push({
          name: `[${test.projectName ?? ''}] ${spec.file ?? suite.file ?? ''}:${spec.line ?? ''} › ${spec.title ?? ''}${flaky}`,
          why: firstLine(error),
        });
      }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  return failed;
}
