/**
 * Active contracts whose last day has passed, in each marina's own calendar, become `expired` (docs/product.md
 * §4.6). A recurring job (decision 014): one instance runs it per period, and its one conditional UPDATE per
 * marina makes running it again harmless.
 */
import { todayIn } from '@marina/core/domain/calendar.ts';
import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { contracts } from './boats.schema.ts';
import { clients } from '../clients/clients.schema.ts';
import { defineJob } from '../jobs/job-queue.ts';
import { handleJob, type JobHandler } from '../jobs/job-worker.ts';

export const EXPIRE_CONTRACTS = defineJob('contracts.expire', { everyMs: 15 * 60_000, maxAttempts: 3 });

/** Expires what has ended by `now`; answers how many contracts changed. */
export async function expireContracts(db: Db, now: Date): Promise<number> {
  let expired = 0;
  for (const client of await db.select({ id: clients.id, timeZone: clients.timeZone }).from(clients)) {
    const today = todayIn(client.timeZone, now);
    const rows = await db
      .update(contracts)
      .set({ status: 'expired' })
      .where(and(eq(contracts.clientId, client.id), eq(contracts.status, 'active'), lt(contracts.endsOn, today)))
      .returning({ id: contracts.id });
    expired += rows.length;
  }
  return expired;
}

export const contractExpiryHandler: JobHandler = handleJob(EXPIRE_CONTRACTS, async (_payload, { db, clock, log }) => {
  const expired = await expireContracts(db, clock());
  if (expired > 0) log.info({ expired }, 'contracts expired');
});
