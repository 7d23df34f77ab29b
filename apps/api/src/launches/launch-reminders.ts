/**
 * Reminders of a confirmed launch, the day before (24 h) and two hours before its slot (docs/product.md
 * §4.7): one job each (decision 014), enqueued with the transaction that confirms the launch, replaced when it
 * moves, dropped when it ends. Jobs run once whatever the number of instances; a reminder still reads the
 * launch first, and says nothing when it is no longer confirmed in the slot it was meant for.
 *
 * And the «listo para subir» reminder of a boat in the water, 30 minutes before the launch's planned return:
 * enqueued with the transaction that puts the boat in the water, dropped when the launch leaves the water
 * (ready to stow, completed), replaced if its return is scheduled again; it says nothing unless the launch is
 * still in the water with that return when it runs.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { ClientDirectory } from '../clients/client-directory.ts';
import type { Config } from '../config.ts';
import type { Executor } from '../db/database.ts';
import { accounts } from '../accounts/accounts.schema.ts';
import { boats } from '../boats/boats.schema.ts';
import { launches, type LaunchRow } from './launches.schema.ts';
import { cancelJob, defineJob, enqueueJob, enqueueJobIf } from '../jobs/job-queue.ts';
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

/**
 * Both reminders of a launch just asked for, if it was confirmed: sent with the booking's last statements, before
 * the place's answer says whether it was (decision 069). A new launch has no reminder yet to replace.
 */
export async function scheduleRemindersIfConfirmed(
  db: Executor,
  launch: Pick<LaunchRow, 'id' | 'slotStart'>,
  now: Date,
): Promise<void> {
  const confirmed = sql`exists (select from ${launches} where ${launches.id} = ${launch.id} and ${launches.status} = 'confirmed')`;
  await Promise.all(
    KINDS.flatMap((kind) => {
      const runAt = new Date(launch.slotStart.getTime() - BEFORE[kind]);
      if (runAt <= now) return [];
      const payload = { launchId: launch.id, slotStart: launch.slotStart.toISOString(), kind };
      return [enqueueJobIf(db, REMIND_LAUNCH, payload, { now, runAt, dedupKey: `${launch.id}:${kind}` }, confirmed)];
    }),
  );
}

export async function cancelReminders(db: Executor, launchId: string): Promise<void> {
  for (const kind of KINDS) await cancelJob(db, REMIND_LAUNCH, `${launchId}:${kind}`);
}

export const REMIND_STOW = defineJob<{ launchId: string; expectedReturn: string }>('launches.remind-stow', {
  maxAttempts: 5,
  backoff: { firstMs: 60_000, maxMs: 10 * 60_000 },
});

/** How long before the planned return the person is reminded to say «listo para subir». */
export const STOW_REMINDER_BEFORE_MS = 30 * 60_000;

/**
 * The «listo para subir» reminder of a launch just put in the water (or whose return changed): one job per
 * launch. A boat put in the water after that moment is not reminded: the «en el agua» notice it has just been
 * sent already says to mark it on coming back.
 */
export async function scheduleStowReminder(
  db: Executor,
  launch: Pick<LaunchRow, 'id' | 'expectedReturn'>,
  now: Date,
): Promise<void> {
  const runAt = new Date(launch.expectedReturn.getTime() - STOW_REMINDER_BEFORE_MS);
  if (runAt <= now) {
    await cancelStowReminder(db, launch.id);
    return;
  }
  await enqueueJob(
    db,
    REMIND_STOW,
    { launchId: launch.id, expectedReturn: launch.expectedReturn.toISOString() },
    { now, runAt, dedupKey: launch.id, onConflict: 'replace' },
  );
}

export async function cancelStowReminder(db: Executor, launchId: string): Promise<void> {
  await cancelJob(db, REMIND_STOW, launchId);
}

/** The launch, if it is still in `status`, with its boat and the person who asked for it: whom a reminder tells. */
function launchToRemind(tx: Executor, launchId: string, status: LaunchRow['status']) {
  return tx
    .select({ launch: launches, boat: boats, owner: accounts })
    .from(launches)
    .innerJoin(boats, eq(boats.id, launches.boatId))
    .innerJoin(accounts, eq(accounts.id, launches.accountId))
    .where(and(eq(launches.id, launchId), eq(launches.status, status)))
    .limit(1);
}

export function stowReminderHandler(directory: ClientDirectory, config: Pick<Config, 'devRoutes'>): JobHandler {
  return handleJob(REMIND_STOW, async (payload, { db, clock }) => {
    await db.transaction(async (tx) => {
      // Locked, so a «listo para subir» or a completion at this moment either comes first (and nothing is said)
      // or waits for the reminder.
      const [row] = await launchToRemind(tx, payload.launchId, 'in_water').for('update', { of: launches });
      if (!row || row.launch.expectedReturn.toISOString() !== payload.expectedReturn) return;
      const client = directory.get(row.launch.clientId);
      if (!client) return;
      await tellLaunch(
        tx,
        'stow_reminder',
        { client, owner: row.owner, boat: row.boat, launch: row.launch },
        clock(),
        config,
      );
    });
  });
}

export function launchReminderHandler(directory: ClientDirectory, config: Pick<Config, 'devRoutes'>): JobHandler {
  return handleJob(REMIND_LAUNCH, async (payload, { db, clock }) => {
    await db.transaction(async (tx) => {
      const [row] = await launchToRemind(tx, payload.launchId, 'confirmed');
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
