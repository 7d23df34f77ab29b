/**
 * Deletes what has outlived its use: expired sessions, codes, activation links, idempotency answers,
 * throttling counters, and outbox messages sent long ago. Every statement is an idempotent DELETE, so
 * several instances running it at once do no harm.
 */
import { and, eq, lt, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { SESSION_IDLE_TIMEOUT_MS } from '../config.ts';
import type { Db } from '../db/database.ts';
import { activationTokens, emailConfirmations, idempotencyKeys, outbox, sessions, verificationCodes } from '../db/schema.ts';
import { IDEMPOTENCY_TTL_MS } from '../security/limits.ts';
import { sweepHits } from '../security/rate-limits.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Sent messages' metadata (their text is blanked once sent) stays a while for support questions, then goes. */
const SENT_MESSAGES_KEPT_MS = 30 * DAY_MS;

export async function sweepExpired(db: Db, now: Date): Promise<void> {
  const ago = (ms: number) => new Date(now.getTime() - ms);
  await db.delete(sessions).where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, ago(SESSION_IDLE_TIMEOUT_MS))));
  // A day of grace so that a late "expired" answer still finds its row.
  await db.delete(verificationCodes).where(lt(verificationCodes.expiresAt, ago(DAY_MS)));
  await db.delete(activationTokens).where(lt(activationTokens.expiresAt, ago(DAY_MS)));
  await db.delete(emailConfirmations).where(lt(emailConfirmations.expiresAt, now));
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, ago(IDEMPOTENCY_TTL_MS)));
  await db.delete(outbox).where(and(eq(outbox.status, 'sent'), lt(outbox.createdAt, ago(SENT_MESSAGES_KEPT_MS))));
  await sweepHits(db, now);
}

export function startHousekeeping(db: Db, clock: () => Date, log: FastifyBaseLogger, intervalMs: number): () => void {
  if (intervalMs <= 0) return () => {};
  const timer = setInterval(() => {
    sweepExpired(db, clock()).catch((error: unknown) => log.error({ err: error }, 'housekeeping failed'));
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
