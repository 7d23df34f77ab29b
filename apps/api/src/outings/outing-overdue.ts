/**
 * Overdue outings (docs/product.md §4.9): OUTING_OVERDUE_MINUTES after the expected return without a return,
 * an outing becomes `overdue`; the marina is alerted (an e-mail to its contact address through the outbox,
 * and the staff list shows it) and the person who logged it and its skipper, if they have an account, are
 * told in the app and by the marina's channel, with the "He vuelto" link.
 *
 * One job per outing (decision 014), due at the overdue instant: enqueued with the outing, moved when it is
 * extended, dropped when it returns. Jobs run once whatever the number of instances; the change itself is one
 * conditional UPDATE (still at sea, and truly past the limit), so a second run, or a return at the same
 * moment, alerts nobody twice.
 */
import { describeSlot, formatTime } from '@marina/core/domain/format-dates.ts';
import { formatPhone } from '@marina/core/domain/format-phone.ts';
import { OUTING_OVERDUE_MINUTES, outingReturnLink, overdueAt } from '@marina/core/domain/outings.ts';
import { and, eq, lte } from 'drizzle-orm';
import { outingNotices } from '@marina/core/messages/outing-notices.ts';
import { pushNotices } from '@marina/core/messages/push-notices.ts';
import type { ClientDirectory, ClientRecord } from '../clients/client-directory.ts';
import type { Config } from '../config.ts';
import type { Executor, Tx } from '../db/database.ts';
import { cancelJob, defineJob, enqueueJob } from '../jobs/job-queue.ts';
import { handleJob, type JobHandler } from '../jobs/job-worker.ts';
import { tellCustomer } from '../notifications/tell-customer.ts';
import { enqueueMessage } from '../outbox/outbox.ts';
import { personName, personText, PERSON_NOTE_MAX } from '../outbox/person-text.ts';
import { skipperAccount } from './outing-rules.ts';
import type { AccountRow } from '../accounts/accounts.schema.ts';
import { loadOutings, type LoadedOuting } from './outing-views.ts';
import { outings, type OutingRow } from './outings.schema.ts';

/** In a lane of its own (decision 039): an overdue outing is never marked late because other work is queued. */
export const MARK_OVERDUE = defineJob<{ outingId: string }>('outings.overdue', {
  maxAttempts: 5,
  backoff: { firstMs: 60_000, maxMs: 10 * 60_000 },
  lane: 'safety',
});

/** The outing's overdue check, at its overdue instant (replacing an earlier one after an extension). */
export async function scheduleOverdue(
  db: Executor,
  outing: Pick<OutingRow, 'id' | 'expectedReturn'>,
  now: Date,
): Promise<void> {
  await enqueueJob(
    db,
    MARK_OVERDUE,
    { outingId: outing.id },
    { now, runAt: overdueAt(outing.expectedReturn), dedupKey: outing.id, onConflict: 'replace' },
  );
}

export async function cancelOverdue(db: Executor, outingId: string): Promise<void> {
  await cancelJob(db, MARK_OVERDUE, outingId);
}

/** Marks one outing overdue if it is due at `now`, and alerts; answers whether it did. */
export async function markOverdue(
  tx: Tx,
  directory: ClientDirectory,
  outingId: string,
  now: Date,
  config: Pick<Config, 'devRoutes'>,
): Promise<boolean> {
  const limit = new Date(now.getTime() - OUTING_OVERDUE_MINUTES * 60_000);
  const changed = await tx
    .update(outings)
    .set({ state: 'overdue', overdueSince: now, updatedAt: now })
    .where(and(eq(outings.id, outingId), eq(outings.state, 'at_sea'), lte(outings.expectedReturn, limit)))
    .returning({ clientId: outings.clientId });
  const clientId = changed[0]?.clientId;
  const client = clientId === undefined ? undefined : directory.get(clientId);
  if (!client) return changed.length > 0;
  const [row] = await loadOutings(tx, client.id, eq(outings.id, outingId));
  if (!row) return true;
  const { outing, logger, owner } = row;
  const back = formatTime(outing.expectedReturn, client.timeZone);
  // What customers typed (names, the boat's name, the destination) travels only as personText lets it
  // (docs/product.md §7.6); the registration and the phones are checked values the marina needs to act.
  const boat = { name: personText(row.boat.name) || outingNotices.unnamedBoat, registration: row.boat.registration };
  const skipper = personName({ firstName: outing.skipperFirstName, surnames: outing.skipperSurnames });

  if (client.contactEmail) {
    await enqueueMessage(
      tx,
      {
        clientId: client.id,
        channel: 'email',
        destination: client.contactEmail,
        // Safety alerts never wait behind other messages (decision 039).
        urgent: true,
        ...outingNotices.marinaAlert({
          boat: boat.name,
          registration: boat.registration,
          expected: describeSlot(outing.expectedReturn, client.timeZone, now),
          departure: describeSlot(outing.departure, client.timeZone, now),
          destination: personText(outing.destination, PERSON_NOTE_MAX),
          people: outing.people,
          skipper,
          contactPhone: formatPhone(outing.contactPhone),
          logger: personName(logger),
          loggerPhone: logger.phone && formatPhone(logger.phone),
          owner: personName(owner),
          ownerPhone: owner.phone && formatPhone(owner.phone),
        }),
      },
      now,
      config,
    );
  }

  const told = new Set<string>();
  const people = [logger];
  if (outing.skipperKind === 'owner') people.push(owner);
  else if (outing.skipperAuthorisationId) {
    const account = await skipperAccount(tx, client.id, outing.skipperAuthorisationId);
    if (account) people.push(account);
  }
  for (const person of people) {
    if (told.has(person.id)) continue;
    told.add(person.id);
    await tellCustomer(
      tx,
      { client, owner: person },
      {
        type: 'outing_overdue',
        ...outingNotices.overdue({ marina: client.title, boat: boat.name, back }),
        link: outingReturnLink(outing.id),
        urgent: true,
        // Always pushed and sent (a locked kind), in the urgent lanes.
        push: {
          ...pushNotices.outingOverdue({ back }),
          url: outingReturnLink(outing.id),
          tag: `outing-${outing.id}`,
          kind: 'outing_overdue',
        },
      },
      now,
      config,
    );
  }
  return true;
}

export function outingOverdueHandler(directory: ClientDirectory, config: Pick<Config, 'devRoutes'>): JobHandler {
  return handleJob(MARK_OVERDUE, async (payload, { db, clock, log }) => {
    const marked = await db.transaction((tx) => markOverdue(tx, directory, payload.outingId, clock(), config));
    if (marked) log.info({ outingId: payload.outingId }, 'outing overdue');
  });
}

/**
 * An overdue outing cleared from the boat (marked back, or a later return set): the marina, which was alerted,
 * hears it at the same address, so that no one goes on looking for a boat that is safe. Nothing is sent for an
 * outing that was not overdue; a return marked by staff needs no message to the marina that marked it.
 */
export async function tellMarinaCleared(
  tx: Tx,
  client: ClientRecord,
  found: LoadedOuting,
  by: Pick<AccountRow, 'firstName' | 'surnames'>,
  change: { returned: true } | { expectedReturn: Date },
  now: Date,
  config: Pick<Config, 'devRoutes'>,
): Promise<void> {
  const { outing, boat } = found;
  if (outing.state !== 'overdue' || !client.contactEmail) return;
  const name = `${personText(boat.name) || outingNotices.unnamedBoat} (${boat.registration})`;
  const who = personName(by);
  const since = outing.overdueSince ? formatTime(outing.overdueSince, client.timeZone) : null;
  const message = outingNotices.cleared(
    'returned' in change
      ? { who, boat: name, since, returned: true, at: formatTime(now, client.timeZone) }
      : {
          who,
          boat: name,
          since,
          returned: false,
          until: describeSlot(change.expectedReturn, client.timeZone, now),
          overdueMinutes: OUTING_OVERDUE_MINUTES,
        },
  );
  // As urgent as the alert it clears: no one should go on searching for a boat that is safe.
  await enqueueMessage(
    tx,
    { clientId: client.id, channel: 'email', destination: client.contactEmail, urgent: true, ...message },
    now,
    config,
  );
}
