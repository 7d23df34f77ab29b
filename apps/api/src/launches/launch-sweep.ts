/**
 * Launches that end on their own (docs/product.md §4.7): a `pending` request staff have not answered in 48 h
 * (or whose slot has begun) and a waiting entry whose slot has begun without a place. A recurring job (decision
 * 014): one instance runs each period; each launch is ended in its own transaction under its slot's lock and
 * only if it is still in that state, so a second run, or staff deciding at the same moment, changes nothing.
 */
import { launchCancellationReasons } from '@marina/core/messages/launch-notices.ts';
import { and, eq, lte, or } from 'drizzle-orm';
import type { ClientDirectory } from '../clients/client-directory.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { launches } from './launches.schema.ts';
import { defineJob } from '../jobs/job-queue.ts';
import { handleJob, type JobHandler } from '../jobs/job-worker.ts';
import { changeStatus, lockLaunch, SYSTEM } from './launch-places.ts';

export const PENDING_EXPIRY_MS = 48 * 60 * 60_000;
export const SWEEP_LAUNCHES = defineJob('launches.sweep', { everyMs: 5 * 60_000, maxAttempts: 3 });

const EXPIRED_REASON = launchCancellationReasons.expired;
const WAITLIST_REASON = launchCancellationReasons.waitlist_ended;

/** Ends what is due at `now`; answers how many of each. */
export async function sweepLaunches(db: Db, directory: ClientDirectory, now: Date, config: Pick<Config, 'devRoutes'>) {
  const ended = { expired: 0, waitlistEnded: 0 };
  const expiredBefore = new Date(now.getTime() - PENDING_EXPIRY_MS);
  const due = await db
    .select({ id: launches.id, clientId: launches.clientId })
    .from(launches)
    .where(
      or(
        and(eq(launches.status, 'pending'), or(lte(launches.updatedAt, expiredBefore), lte(launches.slotStart, now))),
        and(eq(launches.status, 'waitlisted'), lte(launches.slotStart, now)),
      ),
    );
  for (const { id, clientId } of due) {
    const client = directory.get(clientId);
    if (!client) continue;
    await db.transaction(async (tx) => {
      const launch = await lockLaunch(tx, clientId, id);
      if (!launch) return;
      const scope = { client, now, config };
      if (launch.status === 'pending' && (launch.updatedAt <= expiredBefore || launch.slotStart <= now)) {
        await changeStatus(tx, scope, launch, 'cancelled', SYSTEM, { reason: EXPIRED_REASON, notice: 'expired' });
        ended.expired += 1;
      } else if (launch.status === 'waitlisted' && launch.slotStart <= now) {
        await changeStatus(tx, scope, launch, 'cancelled', SYSTEM, {
          reason: WAITLIST_REASON,
          notice: 'waitlist_ended',
        });
        ended.waitlistEnded += 1;
      }
    });
  }
  return ended;
}

export function launchSweepHandler(directory: ClientDirectory, config: Pick<Config, 'devRoutes'>): JobHandler {
  return handleJob(SWEEP_LAUNCHES, async (_payload, { db, clock, log }) => {
    const ended = await sweepLaunches(db, directory, clock(), config);
    if (ended.expired + ended.waitlistEnded > 0) log.info(ended, 'launches ended');
  });
}
