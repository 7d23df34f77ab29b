// Part of `pnpm lint`: every commit since the rule began has a one-line subject of at most 72 characters,
// with any detail in the body after a blank line (docs/decisions/043-formatting-and-commit-subjects.md).
// Commits before RULE_SINCE are history and are not rewritten.
import { execFileSync } from 'node:child_process';
import { repoRoot } from '../vite/client-vite-config.ts';

/** The last commit made before the rule: it and its ancestors are not checked. */
export const RULE_SINCE = '33bfdeee4e18c7769ed75f8ef7347d70842a0e96';
export const SUBJECT_MAX = 72;

/** What is wrong with one commit message, in words; empty when nothing is. */
export function subjectProblems(message: string): string[] {
  const [subject = '', second] = message.replace(/\n+$/, '').split('\n');
  const problems: string[] = [];
  if (subject.trim() === '') problems.push('the subject is empty');
  if (subject.length > SUBJECT_MAX)
    problems.push(`the subject has ${subject.length} characters (at most ${SUBJECT_MAX})`);
  if (second !== undefined && second.trim() !== '')
    problems.push('the subject runs onto a second line: leave a blank line before the body');
  return problems;
}

function git(args: string[]): string {
  return execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
}

function main(): number {
  let range = `${RULE_SINCE}..HEAD`;
  try {
    git(['cat-file', '-e', `${RULE_SINCE}^{commit}`]);
  } catch {
    // A shallow clone without the rule's start: check the commit at hand.
    range = 'HEAD^!';
  }
  const log = git(['log', '--format=%h%x00%B%x1e', range]);
  let bad = 0;
  for (const entry of log.split('\x1e')) {
    const [hash, message] = entry.replace(/^\n/, '').split('\0');
    if (!hash || message === undefined) continue;
    for (const problem of subjectProblems(message)) {
      console.error(`commit ${hash}: ${problem}`);
      bad += 1;
    }
  }
  return bad === 0 ? 0 : 1;
}

if (import.meta.main) process.exit(main());
