/**
 * Throttling on counters kept in the database, so every instance sees the same numbers. Each counted event
 * is a row under a key; checks count the rows in a window. Answers 429 rate_limited with Retry-After.
 */
import { and, count, eq, gt, lt, max, min } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { rateLimitHits } from '../db/schema.ts';
import { HttpProblem, retryAfter } from '../http/problem.ts';
import { LONGEST_WINDOW_MS, type GrowingDelay, type WindowLimit } from './limits.ts';

export async function recordHit(db: Executor, key: string, now: Date): Promise<void> {
  await db.insert(rateLimitHits).values({ key, at: now });
}

export async function clearHits(db: Executor, key: string): Promise<void> {
  await db.delete(rateLimitHits).where(eq(rateLimitHits.key, key));
}

async function hitsSince(db: Executor, key: string, since: Date) {
  const [row] = await db
    .select({ count: count(), oldest: min(rateLimitHits.at), newest: max(rateLimitHits.at) })
    .from(rateLimitHits)
    .where(and(eq(rateLimitHits.key, key), gt(rateLimitHits.at, since)));
  // postgres-js gives timestamps from aggregates as strings.
  const toDate = (value: Date | string | null | undefined) => (value == null ? null : new Date(value));
  return { count: Number(row?.count ?? 0), oldest: toDate(row?.oldest), newest: toDate(row?.newest) };
}

export function rateLimited(retryAfterMs: number, detail = 'Has hecho demasiados intentos. Espera un poco y vuelve a probar.'): HttpProblem {
  return new HttpProblem('rate_limited', 429, detail, undefined, retryAfter(retryAfterMs));
}

/** Refuses when `key` already has `max` events inside the window; Retry-After until the oldest leaves it. */
export async function checkWindow(db: Executor, key: string, limit: WindowLimit, now: Date): Promise<void> {
  const { count: hits, oldest } = await hitsSince(db, key, new Date(now.getTime() - limit.windowMs));
  if (hits >= limit.max && oldest) throw rateLimited(oldest.getTime() + limit.windowMs - now.getTime());
}

/** Delay required after the last failure, given how many failures there were. */
export function growingDelayMs(failures: number, policy: GrowingDelay): number {
  if (failures < policy.free) return 0;
  return Math.min(policy.baseDelayMs * 2 ** (failures - policy.free), policy.maxDelayMs);
}

/** Refuses while the delay earned by the failures under `key` has not passed since the last one. */
export async function checkGrowingDelay(db: Executor, key: string, policy: GrowingDelay, now: Date): Promise<void> {
  const { count: failures, newest } = await hitsSince(db, key, new Date(now.getTime() - policy.windowMs));
  const delay = growingDelayMs(failures, policy);
  if (delay > 0 && newest) {
    const wait = newest.getTime() + delay - now.getTime();
    if (wait > 0) throw rateLimited(wait);
  }
}

/** Forgets events older than every window (housekeeping). */
export async function sweepHits(db: Executor, now: Date): Promise<void> {
  await db.delete(rateLimitHits).where(lt(rateLimitHits.at, new Date(now.getTime() - LONGEST_WINDOW_MS)));
}

/** The counters' keys, in one place so two flows never share one by accident. */
export const throttleKeys = {
  signInIp: (ip: string) => `sign-in:ip:${ip}`,
  signInAccount: (clientId: number, who: string) => `sign-in:account:${clientId}:${who}`,
  codeChecks: (clientId: number, accountId: string | null, destination: string | null) =>
    `code-check:${clientId}:${accountId ?? '-'}:${destination ?? '-'}`,
  codeSends: (clientId: number, destination: string) => `code-send:${clientId}:${destination}`,
  registrationIp: (ip: string) => `registration:ip:${ip}`,
  resetIp: (ip: string) => `password-reset:ip:${ip}`,
};
