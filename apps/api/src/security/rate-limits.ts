/**
 * Throttling on counters kept in the database, so every instance sees the same numbers. Each counted event
 * is a row under a key; a limit counts the rows in a window. Answers 429 rate_limited with Retry-After.
 *
 * Counting and writing happen under a lock of the key (decision 008): a slot is taken, atomically, BEFORE the
 * thing it limits is done (a password or code compared, a code sent), and given back when it turns out not
 * to count (a right password). Checking first and writing after would let a burst of parallel requests all
 * see the same count and all go through.
 */
import { and, count, eq, gt, lt, max, min, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../db/database.ts';
import { rateLimitHits } from './security.schema.ts';
import { HttpProblem, retryAfter } from '../http/problem.ts';
import { LONGEST_WINDOW_MS, type GrowingDelay, type WindowLimit } from './limits.ts';
import { sha256 } from './secrets.ts';

/**
 * Runs `work` in a transaction (a savepoint, inside the caller's) holding the lock of `key` until the
 * outermost transaction ends: what `work` counts under `key` cannot change before its own write commits.
 * A transaction-level advisory lock, so it is never left behind, on PostgreSQL and PGlite alike.
 */
export async function withKeyLock<T>(db: Executor, key: string, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
    return work(tx);
  });
}

async function recordHit(db: Executor, key: string, now: Date): Promise<number> {
  const [hit] = await db.insert(rateLimitHits).values({ key, at: now }).returning({ id: rateLimitHits.id });
  return hit!.id;
}

/** Forgets every event under `key` (a right password wipes its failures). */
export async function clearHits(db: Executor, key: string): Promise<void> {
  await db.delete(rateLimitHits).where(eq(rateLimitHits.key, key));
}

/** Gives back a slot that turned out not to count. */
export async function releaseSlot(db: Executor, id: number): Promise<void> {
  await db.delete(rateLimitHits).where(eq(rateLimitHits.id, id));
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

export function rateLimited(
  retryAfterMs: number,
  detail = 'Has hecho demasiados intentos. Espera un poco y vuelve a probar.',
): HttpProblem {
  return new HttpProblem('rate_limited', 429, detail, undefined, retryAfter(retryAfterMs));
}

export type SlotOutcome = { taken: true; id: number } | { taken: false; retryAfterMs: number };

/**
 * Takes one of the `limit.max` places of the window under `key`, or says how long until the oldest leaves
 * it. Atomic: of any number of parallel calls, exactly the free places are taken.
 */
export async function trySlot(db: Executor, key: string, limit: WindowLimit, now: Date): Promise<SlotOutcome> {
  return withKeyLock(db, key, async (tx) => {
    const { count: hits, oldest } = await hitsSince(tx, key, new Date(now.getTime() - limit.windowMs));
    if (hits >= limit.max)
      return { taken: false, retryAfterMs: (oldest?.getTime() ?? now.getTime()) + limit.windowMs - now.getTime() };
    return { taken: true, id: await recordHit(tx, key, now) };
  });
}

/** Like trySlot, refusing with 429 rate_limited when the window is full. Answers the slot's id. */
export async function takeSlot(db: Executor, key: string, limit: WindowLimit, now: Date): Promise<number> {
  const outcome = await trySlot(db, key, limit, now);
  if (!outcome.taken) throw rateLimited(outcome.retryAfterMs);
  return outcome.id;
}

/** Delay required after the last failure, given how many failures there were. */
export function growingDelayMs(failures: number, policy: GrowingDelay): number {
  if (failures < policy.free) return 0;
  return Math.min(policy.baseDelayMs * 2 ** (failures - policy.free), policy.maxDelayMs);
}

/**
 * Takes a slot under `key` counted as a failure until released or cleared, refusing with 429 while the
 * delay earned by the failures already there has not passed since the newest. Atomic like trySlot.
 */
export async function takeDelaySlot(db: Executor, key: string, policy: GrowingDelay, now: Date): Promise<number> {
  return withKeyLock(db, key, async (tx) => {
    const { count: failures, newest } = await hitsSince(tx, key, new Date(now.getTime() - policy.windowMs));
    const delay = growingDelayMs(failures, policy);
    const wait = delay > 0 && newest ? newest.getTime() + delay - now.getTime() : 0;
    if (wait > 0) throw rateLimited(wait);
    return recordHit(tx, key, now);
  });
}

/** Forgets events older than every window (housekeeping). */
export async function sweepHits(db: Executor, now: Date): Promise<void> {
  await db.delete(rateLimitHits).where(lt(rateLimitHits.at, new Date(now.getTime() - LONGEST_WINDOW_MS)));
}

/** What people typed goes into keys hashed: the counters hold no e-mail, phone or document. */
const typed = (value: string) => sha256(value);

/**
 * The counters' keys, in one place so two flows never share one by accident. A counter a caller can see
 * (its 429) is keyed only by what that caller typed or holds, never by the account behind it, so that its
 * answer cannot link one identifier to another (decision 008).
 */
export const throttleKeys = {
  signInIp: (ip: string) => `sign-in:ip:${ip}`,
  signInAddress: (clientId: number, identifier: string, ip: string) =>
    `sign-in:address:${clientId}:${typed(identifier)}:${ip}`,
  signInIdentifier: (clientId: number, identifier: string) => `sign-in:identifier:${clientId}:${typed(identifier)}`,
  signInDevice: (clientId: number, accountId: string, deviceId: string) =>
    `sign-in:device:${clientId}:${accountId}:${deviceId}`,
  passwordChecks: (clientId: number, accountId: string, sessionKey: string) =>
    `password-check:${clientId}:${accountId}:${sessionKey}`,
  /** `typedHash` is already a hash of what was typed (verification_codes.typed_hash). */
  codeChecks: (flow: string, clientId: number, accountId: string | null, typedHash: string) =>
    `code-check:${flow}:${clientId}:${accountId ?? '-'}:${typedHash}`,
  codeRequests: (flow: string, clientId: number, value: string) => `code-request:${flow}:${clientId}:${typed(value)}`,
  codeResends: (verificationId: string) => `code-resend:${verificationId}`,
  codeSends: (flow: string, clientId: number, destination: string) =>
    `code-send:${flow}:${clientId}:${typed(destination)}`,
  registrationIp: (ip: string) => `registration:ip:${ip}`,
  resetIp: (ip: string) => `password-reset:ip:${ip}`,
  cardCheckIp: (ip: string) => `card-check:ip:${ip}`,
  /** `card` is the card's number, or what was typed when no card of the marina has it. */
  cardCheckCard: (clientId: number, card: string) => `card-check:card:${clientId}:${typed(card)}`,
  cardCheckStaff: (clientId: number, accountId: string) => `card-check:staff:${clientId}:${accountId}`,
  chosenMessagesAccount: (clientId: number, accountId: string) => `chosen-message:account:${clientId}:${accountId}`,
  chosenMessagesIp: (ip: string) => `chosen-message:ip:${ip}`,
  chosenMessagesMarina: (clientId: number) => `chosen-message:marina:${clientId}`,
};
