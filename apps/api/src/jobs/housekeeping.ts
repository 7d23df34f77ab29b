/**
 * Deletes what has outlived its use: expired sessions, codes, activation links, idempotency answers,
 * throttling counters, outbox messages sent long ago, and finished jobs with their runs. A recurring job
 * (every 15 minutes, one instance per period, decision 014); every statement is an idempotent DELETE, so a
 * try run again does no harm.
 */
import { and, eq, lt, or } from 'drizzle-orm';
import { activationTokens, emailConfirmations, verificationCodes } from '../accounts/accounts.schema.ts';
import { SESSION_IDLE_TIMEOUT_MS } from '../config.ts';
import type { Db } from '../db/database.ts';
import { outbox } from '../outbox/outbox.schema.ts';
import { IDEMPOTENCY_TTL_MS } from '../security/limits.ts';
import { sweepHits } from '../security/rate-limits.ts';
import { idempotencyKeys } from '../security/security.schema.ts';
import { sessions } from '../sessions/sessions.schema.ts';
import { defineJob } from './job-queue.ts';
import { handleJob, type JobHandler } from './job-worker.ts';
import { jobs } from './jobs.schema.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Sent messages' metadata (their text is blanked once sent) stays a while for support questions, then goes. */
const SENT_MESSAGES_KEPT_MS = 30 * DAY_MS;
/** Jobs done, with the record of their runs, for questions about the last days; failed ones for longer. */
const DONE_JOBS_KEPT_MS = 7 * DAY_MS;
const FAILED_JOBS_KEPT_MS = 30 * DAY_MS;

export const HOUSEKEEPING = defineJob('housekeeping', { everyMs: 15 * 60_000, maxAttempts: 3 });

export async function sweepExpired(db: Db, now: Date): Promise<void> {
  const ago = (ms: number) => new Date(now.getTime() - ms);
  await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, ago(SESSION_IDLE_TIMEOUT_MS))));
  // A day of grace so that a late "expired" answer still finds its row.
  await db.delete(verificationCodes).where(lt(verificationCodes.expiresAt, ago(DAY_MS)));
  await db.delete(activationTokens).where(lt(activationTokens.expiresAt, ago(DAY_MS)));
  await db.delete(emailConfirmations).where(lt(emailConfirmations.expiresAt, now));
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, ago(IDEMPOTENCY_TTL_MS)));
  await db.delete(outbox).where(and(eq(outbox.status, 'sent'), lt(outbox.createdAt, ago(SENT_MESSAGES_KEPT_MS))));
  await db
    .delete(jobs)
    .where(
      or(
        and(eq(jobs.status, 'done'), lt(jobs.doneAt, ago(DONE_JOBS_KEPT_MS))),
        and(eq(jobs.status, 'failed'), lt(jobs.doneAt, ago(FAILED_JOBS_KEPT_MS))),
      ),
    );
  await sweepHits(db, now);
}

export const housekeepingHandler: JobHandler = handleJob(HOUSEKEEPING, async (_payload, { db, clock }) => {
  await sweepExpired(db, clock());
});
