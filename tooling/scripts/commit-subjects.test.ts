import { describe, expect, it } from 'vitest';
import { SUBJECT_MAX, subjectProblems } from './commit-subjects.ts';

describe('commit subjects', () => {
  it('accepts a short subject with a body after a blank line', () => {
    expect(subjectProblems('Launches: move a bajada to a free slot\n\nThe body says why.\n')).toEqual([]);
    expect(subjectProblems(`${'x'.repeat(SUBJECT_MAX)}\n`)).toEqual([]);
  });

  it('refuses a subject over 72 characters', () => {
    expect(subjectProblems(`${'x'.repeat(SUBJECT_MAX + 1)}\n`)).toEqual(['the subject has 73 characters (at most 72)']);
  });

  it('refuses a subject that runs onto a second line', () => {
    expect(subjectProblems('Launches: move a bajada\nto a free slot\n')).toEqual([
      'the subject runs onto a second line: leave a blank line before the body',
    ]);
  });

  it('refuses an empty subject', () => {
    expect(subjectProblems('\n\nbody only')).toContain('the subject is empty');
  });
});
