/**
 * Reminders of a confirmed launch, the day before (24 h) and two hours before its slot (docs/product.md
 * §4.7): one job each (decision 014), enqueued with the transaction that confirms the launch, replaced when it
 * moves, dropped when it ends. Jobs run once whatever the number of instances; a reminder still reads the
 * launch first, and says nothing when it is no longer confirmed in the slot it was meant for.
 */
import { and, eq } from 'drizzle-orm';
import type { ClientDirectory } from '../clients/client-directory.ts';
import type { Config } from '../config.ts';
import type { Executor } from '../db/database.ts';
import { accounts } from '../accounts/accounts.schema.ts';
import { boats } from '../boats/boats.schema.ts';
import { launches, type LaunchRow } from './launches.schema.ts';
import { cancelJob, defineJob, enqueueJob } from '../jobs/job-queue.ts';
import { handleJob, type JobHandler } from '../jobs/job-worker.ts';
import { tellLaunch } from './launch-messages.ts';

type ReminderKind = 'day' | 'hours';
export const REMIND_LAUNCH = defineJob<{ launchId: string; slotStart: string; kind: ReminderKind }>('launches.remind', {
  maxAttempts: 5,
  backoff: { firstMs: 60_000, maxMs: 15 * 60_000 },
});

const HOUR = 60 * 60_000;
const BEFORE: Record<ReminderKind, number> = { day: 24 * HOUR, hours: 2 * HOUR };
const KINDS = Object.keys(BEFORE) as ReminderKind[];

/** Both reminders of a launch just confirmed (or moved); one whose time has already passed is not sent. */
export async function scheduleReminders(
  db: Executor,
  launch: Pick<LaunchRow, 'id' | 'slotStart'>,
  now: Date,
): Promise<void> {
  // Sent together (one statement each, pipelined on the transaction's connection).
  await Promise.all(
    KINDS.map((kind) => {
      const runAt = new Date(launch.slotStart.getTime() - BEFORE[kind]);
      const dedupKey = `${launch.id}:${kind}`;
      if (runAt <= now) return cancelJob(db, REMIND_LAUNCH, dedupKey);
      return enqueueJob(
        db,
        REMIND_LAUNCH,
        { launchId: launch.id, slotStart: launch.slotStart.toISOString(), kind },
        { now, runAt, dedupKey, onConflict: 'replace' },
      );
    }),
  );
}

export async function cancelReminders(db: Executor, launchId: string): Promise<void> {
  for (const kind of KINDS) await cancelJob(db, REMIND_LAUNCH, `${launchId}:${kind}`);
}

export function launchReminderHandler(directory: ClientDirectory, config: Pick<Config, 'devRoutes'>): JobHandler {
  return handleJob(REMIND_LAUNCH, async (payload, { db, clock }) => {
    await db.transaction(async (tx) => {
      const [row] = await tx
        .select({ launch: launches, boat: boats, owner: accounts })
        .from(launches)
        .innerJoin(boats, eq(boats.id, launches.boatId))
        .innerJoin(accounts, eq(accounts.id, launches.accountId))
        .where(and(eq(launches.id, payload.launchId), eq(launches.status, 'confirmed')))
        .limit(1);
      if (!row || row.launch.slotStart.toISOString() !== payload.slotStart) return;
      const client = directory.get(row.launch.clientId);
      if (!client) return;
      await tellLaunch(
        tx,
        payload.kind === 'day' ? 'reminder_day' : 'reminder_hours',
        { client, owner: row.owner, boat: row.boat, launch: row.launch },
        clock(),
        config,
      );
    });
  });
}
