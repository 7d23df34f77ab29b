import { describe, expect, it } from 'vitest';
import { failedTests } from './failed-tests.ts';

describe('failedTests', () => {
  it('names the failed tests of a vitest report, with the first line of why, relative to the root', () => {
    const report = {
      testResults: [
        {
          name: '/repo/packages/core/src/a.test.ts',
          status: 'failed',
          assertionResults: [
            { fullName: 'a passes', status: 'passed', failureMessages: [] },
            {
              fullName: 'a › fails',
              status: 'failed',
              failureMessages: ['\u001b[31mAssertionError: expected 1 to be 2\u001b[39m\n    at a.test.ts:3'],
            },
          ],
        },
        {
          name: '/repo/packages/core/src/b.test.ts',
          status: 'failed',
          message: '\nSyntaxError: nope',
          assertionResults: [],
        },
        { name: '/repo/packages/core/src/c.test.ts', status: 'passed', assertionResults: [] },
      ],
    };
    expect(failedTests(report, '/repo')).toEqual([
      { name: 'packages/core/src/a.test.ts › a › fails', why: 'AssertionError: expected 1 to be 2' },
      { name: 'packages/core/src/b.test.ts', why: 'SyntaxError: nope' },
    ]);
  });

  it('names the failed and the flaky tests of a Playwright report, in nested suites', () => {
    const report = {
      suites: [
        {
          file: 'card.spec.ts',
          specs: [
            {
              title: 'shows the card',
              file: 'card.spec.ts',
              line: 41,
              tests: [
                { projectName: 'client-901', status: 'expected', results: [{ status: 'passed' }] },
                {
                  projectName: 'client-902',
                  status: 'flaky',
                  results: [{ status: 'failed', error: { message: 'Timeout 5000ms exceeded.' } }, { status: 'passed' }],
                },
              ],
            },
          ],
          suites: [
            {
              specs: [
                {
                  title: 'offline',
                  file: 'card.spec.ts',
                  line: 196,
                  tests: [{ projectName: 'client-901', status: 'unexpected', results: [{ status: 'failed' }] }],
                },
              ],
            },
          ],
        },
      ],
    };
    expect(failedTests(report)).toEqual([
      {
        name: '[client-902] card.spec.ts:41 › shows the card (passed on its retry)',
        why: 'Timeout 5000ms exceeded.',
      },
      { name: '[client-901] card.spec.ts:196 › offline', why: '' },
    ]);
  });

  it('is empty for a report without failures', () => {
    expect(failedTests({ testResults: [], suites: [] })).toEqual([]);
  });
});
