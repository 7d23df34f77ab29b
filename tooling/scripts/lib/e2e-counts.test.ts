import { describe, expect, it } from 'vitest';
import { describeTestsPerProject, testsPerProject } from './e2e-counts.ts';

const spec = (...projects: string[]) => ({ tests: projects.map((projectName) => ({ projectName })) });

describe('testsPerProject', () => {
  it('counts each project’s tests in nested suites, files and describes alike', () => {
    const counts = testsPerProject({
      suites: [
        { specs: [spec('client-901', 'client-902')], suites: [{ specs: [spec('client-901', 'client-902')] }] },
        { specs: [spec('client-41'), spec('client-41')] },
        { suites: [{ suites: [{ specs: [spec('split-origin')] }] }] },
      ],
    });
    expect(Object.fromEntries(counts)).toEqual({ 'client-901': 2, 'client-902': 2, 'client-41': 2, 'split-origin': 1 });
  });

  it('is empty for a report without tests', () => {
    expect(testsPerProject({}).size).toBe(0);
  });
});

describe('describeTestsPerProject', () => {
  it('names the projects in the order given, then the others', () => {
    const counts = new Map([
      ['split-origin', 7],
      ['client-41', 4],
      ['client-901', 50],
    ]);
    expect(describeTestsPerProject(counts, ['client-901', 'client-41'])).toBe(
      'client-901: 50, client-41: 4, split-origin: 7',
    );
  });
});
