/**
 * How many tests each Playwright project ran, from the suite's JSON report (test-results/e2e.json): the
 * summary of `npm test` prints it, so a marina more shows what it costs (decision 046).
 */

interface ReportSuite {
  specs?: Array<{ tests?: Array<{ projectName?: string }> }>;
  suites?: ReportSuite[];
}

/** Tests per project, in the order the report first names each. */
export function testsPerProject(report: { suites?: ReportSuite[] }): Map<string, number> {
  const counts = new Map<string, number>();
  const walk = (suite: ReportSuite) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? []) {
        const project = test.projectName ?? '';
        counts.set(project, (counts.get(project) ?? 0) + 1);
      }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  return counts;
}

/**
 * `client-901: 50, client-902: 50, client-25: 4, …`: the projects in the order given (fixtures, brands,
 * split-origin), then any other the report names.
 */
export function describeTestsPerProject(counts: Map<string, number>, order: readonly string[] = []): string {
  const names = [
    ...order.filter((name) => counts.has(name)),
    ...[...counts.keys()].filter((name) => !order.includes(name)),
  ];
  return names.map((name) => `${name}: ${counts.get(name)}`).join(', ');
}
