/**
 * Authorisations whose last day has passed become `expired`, in each marina's own calendar (docs/product.md
 * §4.8). A recurring job (decision 014): one instance runs it per period, and its one conditional UPDATE per
 * marina makes running it again harmless. Launches need no sweep here: they can only be asked for inside
 * the period, so an expired authorisation has none still to come.
 */
import { todayIn } from '@marina/core/domain/calendar.ts';
import { and, eq, inArray, isNotNull, lt } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { clients } from '../clients/clients.schema.ts';
import { defineJob } from '../jobs/job-queue.ts';
import { handleJob, type JobHandler } from '../jobs/job-worker.ts';
import { authorisations } from './authorisations.schema.ts';

export const EXPIRE_AUTHORISATIONS = defineJob('authorisations.expire', { everyMs: 15 * 60_000, maxAttempts: 3 });

/** Expires what has ended by `now`; answers how many authorisations changed. */
export async function expireAuthorisations(db: Db, now: Date): Promise<number> {
  let expired = 0;
  for (const client of await db.select({ id: clients.id, timeZone: clients.timeZone }).from(clients)) {
    const today = todayIn(client.timeZone, now);
    const rows = await db
      .update(authorisations)
      .set({ state: 'expired', updatedAt: now })
      .where(
        and(
          eq(authorisations.clientId, client.id),
          inArray(authorisations.state, ['pending', 'active']),
          isNotNull(authorisations.validTo),
          lt(authorisations.validTo, today),
        ),
      )
      .returning({ id: authorisations.id });
    expired += rows.length;
  }
  return expired;
}

export const authorisationExpiryHandler: JobHandler = handleJob(
  EXPIRE_AUTHORISATIONS,
  async (_payload, { db, clock, log }) => {
    const expired = await expireAuthorisations(db, clock());
    if (expired > 0) log.info({ expired }, 'authorisations expired');
  },
);
