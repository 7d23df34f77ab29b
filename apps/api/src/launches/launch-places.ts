/**
 * The places of each slot and the launches that hold them, changed only inside transactions and only in one
 * order: the slot rows first (by start), then the launch rows. Every writer (booking, moving, cancelling, staff,
 * closures, the sweep) follows it, so none waits on another in a circle (decision 022).
 *
 * - A place is taken by one conditional UPDATE (`held < capacity`): PostgreSQL lets one writer at a time
 *   change a row and re-reads it for the next, so capacity holds however many arrive at once.
 * - A freed place goes at once, in the same transaction, to the first eligible person waiting for that slot.
 */
import { todayIn } from '@marina/core/domain/calendar.ts';
import {
  authorisedEligibility,
  launchEligibility,
  type Eligibility,
  type EligibilityReason,
} from '@marina/core/domain/eligibility.ts';
import {
  closureOver,
  PLACE_HOLDING_STATUSES,
  SLOT_MS,
  type LaunchActor,
  type LaunchStatus,
} from '@marina/core/domain/launches.ts';
import { localDateIn } from '@marina/core/domain/opening-hours.ts';
import { and, asc, eq, gt, inArray, lt, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { accountFacts, eligibilityContext } from '../accounts/account-summary.ts';
import { authorisationFacts } from '../authorisations/authorisation-views.ts';
import { authorisations } from '../authorisations/authorisations.schema.ts';
import { boatFacts, type ContractTerms } from '../boats/boat-views.ts';
import type { ClientDirectory, ClientRecord } from '../clients/client-directory.ts';
import type { Config } from '../config.ts';
import type { Executor, Tx } from '../db/database.ts';
import type { ErasureContext } from '../db/personal-data.ts';
import { statement } from '../db/statement.ts';
import { accounts, type AccountRow } from '../accounts/accounts.schema.ts';
import { boats, contracts, type BoatRow } from '../boats/boats.schema.ts';
import {
  closures,
  launches,
  launchEvents,
  launchSlots,
  type ClosureRow,
  type LaunchEventRow,
  type LaunchRow,
} from './launches.schema.ts';
import { problem } from '../http/problem.ts';
import { tellLaunch, type LaunchNoticeKind } from './launch-messages.ts';
import { cancelReminders, cancelStowReminder, scheduleReminders, scheduleStowReminder } from './launch-reminders.ts';
import { problemDetails } from '@marina/core/messages/problem-details.ts';

/** What every change needs: the marina, the time, and the outbox's configuration. */
export interface LaunchScope {
  client: ClientRecord;
  now: Date;
  config: Pick<Config, 'devRoutes'>;
}

/** Who makes a change. */
export interface Actor {
  actor: LaunchActor;
  /** The customer or staff member; null for the platform. */
  accountId: string | null;
}

export const SYSTEM: Actor = { actor: 'system', accountId: null };

/** Makes sure each slot has its row, then locks them, in start order. */
export async function lockSlots(tx: Tx, clientId: number, starts: readonly Date[]): Promise<void> {
  const ordered = [...new Set(starts.map((start) => start.getTime()))]
    .sort((a, b) => a - b)
    .map((time) => new Date(time));
  if (ordered.length === 0) return;
  await tx
    .insert(launchSlots)
    .values(ordered.map((start) => ({ clientId, start })))
    .onConflictDoNothing();
  await tx
    .select({ start: launchSlots.start })
    .from(launchSlots)
    .where(and(eq(launchSlots.clientId, clientId), inArray(launchSlots.start, ordered)))
    .orderBy(asc(launchSlots.start))
    .for('update');
}

/**
 * Takes one of the slot's places if one is left; answers whether it did. One statement: the slot's row is
 * made if missing, else its count goes up only while `held < capacity`. Either way the row stays locked until
 * commit (PostgreSQL locks the row an ON CONFLICT DO UPDATE meets even when its WHERE refuses the change), so
 * a booking that joins the waiting list holds the slot as lockSlots would.
 *
 * A place taken is also noted in the transaction (`marina.launch_placed`, reset when it ends), for the
 * statements sent with it before its answer is back: a booking's launch is inserted with the status it gets
 * (decision 069).
 */
export const placeTaken = statement('launch_place_taken', (db) =>
  db
    .insert(launchSlots)
    .values({ clientId: sql.placeholder('clientId'), start: sql.placeholder('start'), held: 1 })
    .onConflictDoUpdate({
      target: [launchSlots.clientId, launchSlots.start],
      set: { held: sql`${launchSlots.held} + 1` },
      setWhere: lt(launchSlots.held, sql.placeholder('capacity')),
    })
    .returning({ held: launchSlots.held, noted: sql<string>`set_config('marina.launch_placed', 'true', true)` }),
);

export async function takePlace(tx: Tx, client: ClientRecord, start: Date): Promise<boolean> {
  const taken = await placeTaken(tx, { clientId: client.id, start, capacity: client.settings.slotCapacity });
  return taken.length === 1;
}

async function releasePlace(tx: Tx, clientId: number, start: Date): Promise<void> {
  await tx
    .update(launchSlots)
    .set({ held: sql`${launchSlots.held} - 1` })
    .where(and(eq(launchSlots.clientId, clientId), eq(launchSlots.start, start), gt(launchSlots.held, 0)));
}

/** The marina's closures that touch [from, to): the one condition, for every query that reads them. */
export function closuresTouching(clientId: SQLWrapper, from: SQLWrapper, to: SQLWrapper): SQL {
  return and(eq(closures.clientId, clientId), lt(closures.startsAt, to), gt(closures.endsAt, from))!;
}

const closuresIn = statement('closures_between', (db) =>
  db
    .select()
    .from(closures)
    .where(closuresTouching(sql.placeholder('clientId'), sql.placeholder('from'), sql.placeholder('to')))
    .orderBy(asc(closures.startsAt)),
);

/** The marina's closures that touch [from, to). */
export async function closuresBetween(db: Executor, clientId: number, from: Date, to: Date): Promise<ClosureRow[]> {
  return closuresIn(db, { clientId, from, to });
}

/** What a slot's rules read of a closure. */
export type ClosureSpan = Pick<ClosureRow, 'startsAt' | 'endsAt' | 'reason'>;

/** Whether one of these closures covers the slot. */
export function closesSlot(start: Date, found: readonly ClosureSpan[]): boolean {
  const end = new Date(start.getTime() + SLOT_MS);
  return (
    closureOver(
      { start, end },
      found.map((row) => ({ start: row.startsAt, end: row.endsAt, reason: row.reason })),
    ) !== undefined
  );
}

/** Whether a closure covers the slot now (read after the slot's row is locked: a closure locks it too). */
export async function slotClosed(tx: Tx, clientId: number, start: Date): Promise<boolean> {
  return closesSlot(start, await closuresBetween(tx, clientId, start, new Date(start.getTime() + SLOT_MS)));
}

const eventRecorded = statement('launch_event_recorded', (db) =>
  db
    .insert(launchEvents)
    .values({
      launchId: sql.placeholder('launchId'),
      clientId: sql.placeholder('clientId'),
      at: sql.placeholder('at'),
      actor: sql.placeholder('actor'),
      actorAccountId: sql.placeholder('actorAccountId'),
      fromStatus: sql.placeholder('fromStatus'),
      toStatus: sql.placeholder('toStatus'),
      slotStart: sql.placeholder('slotStart'),
      reason: sql.placeholder('reason'),
    })
    .returning(),
);

export async function recordEvent(
  tx: Tx,
  launch: Pick<LaunchRow, 'id' | 'clientId' | 'slotStart'>,
  by: Actor,
  from: LaunchStatus | null,
  to: LaunchStatus,
  at: Date,
  reason: string | null = null,
): Promise<LaunchEventRow> {
  const [event] = await eventRecorded(tx, {
    launchId: launch.id,
    clientId: launch.clientId,
    at,
    actor: by.actor,
    actorAccountId: by.accountId,
    fromStatus: from,
    toStatus: to,
    slotStart: launch.slotStart,
    reason,
  });
  return event!;
}

export interface LaunchParty {
  /** Who asks: the boat's owner, or a person the owner authorised. */
  owner: AccountRow;
  boat: BoatRow;
  /** The authorisation an authorised person asks under (docs/product.md §4.8); absent or null for the owner. */
  authorisationId?: string | null;
}

/**
 * May the party launch this boat now: the one rule plus the launch's reasons (decision 022). For an
 * authorised person, the authorisation's rule (docs/product.md §4.8, §4.13): theirs, the authorisation's, the
 * owner's standing and the boat's; with `slotStart`, the slot's day must also fall inside the period and
 * inside the licence's validity.
 */
export async function launchVerdict(
  db: Executor,
  client: ClientRecord,
  party: LaunchParty,
  now: Date,
  slotStart?: Date,
): Promise<Eligibility> {
  const contractRows = await db.select().from(contracts).where(eq(contracts.boatId, party.boat.id));
  if (!party.authorisationId) return verdictFrom(client, party, contractRows, now);
  const context = eligibilityContext(client, now);
  const [found] = await db
    .select({ authorisation: authorisations, owner: accounts })
    .from(authorisations)
    .innerJoin(accounts, eq(accounts.id, authorisations.accountId))
    .where(eq(authorisations.id, party.authorisationId));
  if (!found) return { eligible: false, reasons: [OUTSIDE_PERIOD] };
  const today = todayIn(client.timeZone, now);
  const facts = authorisationFacts(found.authorisation, today);
  const verdict = authorisedEligibility(
    accountFacts(party.owner),
    accountFacts(found.owner),
    facts,
    boatFacts(party.boat, contractRows),
    context,
    { launch: true },
  );
  if (slotStart === undefined) return verdict;
  const day = localDateIn(slotStart, client.timeZone);
  const extra: EligibilityReason[] = [];
  const codes = new Set(verdict.reasons.map((reason) => reason.code));
  if (
    !codes.has('outside_authorised_period') &&
    (day < facts.validFrom || (facts.validTo !== null && day > facts.validTo))
  )
    extra.push(OUTSIDE_PERIOD);
  if (!codes.has('authorised_licence_expired') && facts.licenceExpiresOn < day) extra.push(LICENCE_EXPIRED);
  return extra.length === 0 ? verdict : { eligible: false, reasons: [...verdict.reasons, ...extra] };
}

/** The owner's `launchVerdict` from the boat's contracts already read (decisions 027 and 035: fewer statements). */
export function verdictFrom(
  client: ClientRecord,
  party: LaunchParty,
  contractRows: readonly ContractTerms[],
  now: Date,
): Eligibility {
  return launchEligibility(
    accountFacts(party.owner),
    boatFacts(party.boat, contractRows),
    eligibilityContext(client, now),
  );
}

const OUTSIDE_PERIOD: EligibilityReason = {
  code: 'outside_authorised_period',
  text: 'Fuera del periodo autorizado',
  fix: null,
};
const LICENCE_EXPIRED: EligibilityReason = {
  code: 'authorised_licence_expired',
  text: 'Titulación náutica caducada',
  fix: null,
};

export async function partyOf(
  db: Executor,
  launch: Pick<LaunchRow, 'boatId' | 'accountId' | 'authorisationId'>,
): Promise<LaunchParty> {
  const [row] = await db
    .select({ boat: boats, owner: accounts })
    .from(boats)
    .innerJoin(accounts, eq(accounts.id, launch.accountId))
    .where(eq(boats.id, launch.boatId))
    .limit(1);
  return { ...row!, authorisationId: launch.authorisationId };
}

/** The status a launch that has just got a place takes: staff approve first where the marina asks. */
export const placedStatus = (client: ClientRecord): 'pending' | 'confirmed' =>
  client.settings.manualApproval ? 'pending' : 'confirmed';

/**
 * After places free in a slot whose row the caller has locked: the first people waiting for it whose boat
 * may still be launched take them, in order of arrival, and are told. Those not eligible now keep waiting,
 * and so does everyone once the slot has begun.
 */
export async function promoteWaiting(tx: Tx, scope: LaunchScope, start: Date): Promise<void> {
  const { client, now, config } = scope;
  // A slot that has begun takes no one from its list: the sweep ends those entries and tells each person
  // (docs/product.md §4.7), rather than a late "you have a place" for a launch already under way.
  if (start.getTime() <= now.getTime()) return;
  // A place freed by a closure stays closed.
  if (await slotClosed(tx, client.id, start)) return;
  const waiting = await tx
    .select({ launch: launches, boat: boats, owner: accounts })
    .from(launches)
    .innerJoin(boats, eq(boats.id, launches.boatId))
    .innerJoin(accounts, eq(accounts.id, launches.accountId))
    .where(and(eq(launches.clientId, client.id), eq(launches.slotStart, start), eq(launches.status, 'waitlisted')))
    .orderBy(asc(launches.seq));
  for (const { launch, boat, owner } of waiting) {
    if (
      !(await launchVerdict(tx, client, { boat, owner, authorisationId: launch.authorisationId }, now, start)).eligible
    )
      continue;
    if (!(await takePlace(tx, client, start))) return;
    const to = placedStatus(client);
    const [promoted] = await tx
      .update(launches)
      .set({ status: to, updatedAt: now })
      .where(and(eq(launches.id, launch.id), eq(launches.status, 'waitlisted')))
      .returning();
    await recordEvent(tx, promoted!, SYSTEM, 'waitlisted', to, now, 'Se ha liberado una plaza');
    if (to === 'confirmed') await scheduleReminders(tx, promoted!, now);
    await tellLaunch(
      tx,
      to === 'confirmed' ? 'promoted' : 'promoted_pending',
      { client, owner, boat, launch: promoted! },
      now,
      config,
    );
  }
}

/** `ErasureContext.promoteWaiting`: the places an erased account held, given as cancellations give theirs. */
export function waitingPromoter(
  directory: ClientDirectory,
  config: Pick<Config, 'devRoutes'>,
  now: Date,
): ErasureContext['promoteWaiting'] {
  return async (tx, clientId, starts) => {
    const client = directory.get(clientId);
    if (!client) return;
    for (const start of [...starts].sort((a, b) => a.getTime() - b.getTime()))
      await promoteWaiting(tx, { client, now, config }, start);
  };
}

/**
 * Locks a launch's slot, then the launch (the one order), and answers the locked row; null when there is no
 * such launch at this marina (of this account, when given). A launch moved meanwhile is a conflict.
 */
export async function lockLaunch(
  tx: Tx,
  clientId: number,
  id: string,
  accountId?: string,
  extraSlot?: Date,
): Promise<LaunchRow | null> {
  const mine = and(
    eq(launches.id, id),
    eq(launches.clientId, clientId),
    accountId === undefined ? undefined : eq(launches.accountId, accountId),
  );
  const [seen] = await tx.select({ slotStart: launches.slotStart }).from(launches).where(mine).limit(1);
  if (!seen) return null;
  await lockSlots(tx, clientId, extraSlot ? [seen.slotStart, extraSlot] : [seen.slotStart]);
  const [row] = await tx.select().from(launches).where(mine).for('update');
  if (!row || row.slotStart.getTime() !== seen.slotStart.getTime()) {
    throw problem('state_conflict', 409, problemDetails.launch_just_changed);
  }
  return row;
}

const HOLDS_PLACE: ReadonlySet<LaunchStatus> = new Set(PLACE_HOLDING_STATUSES);

/** The lock that puts the marina's «listo para subir» one after the other (decision 056). */
const haulOutKey = (clientId: number) => `haul-out ${clientId}`;
/** The launches table again, for the queue's subqueries over the launch at hand. */
const queued = alias(launches, 'queued');
const queuedFrom = sql`${launches} ${sql.identifier('queued')}`;

/**
 * When a launch joins the queue to lift, as the statement that makes it `ready_to_stow` writes it: now, or a
 * millisecond after the last of those waiting when the clock has not moved past it. Taken under the queue's
 * lock, so each one joins strictly behind every one before it, whatever the clock says.
 */
function readyAtNow(clientId: number, now: Date): SQL {
  return sql`greatest(${now.toISOString()}::timestamptz, (
    select max(${queued.readyAt}) + interval '1 millisecond' from ${queuedFrom}
    where ${queued.clientId} = ${clientId} and ${queued.status} = 'ready_to_stow'))`;
}

/**
 * A launch's place in the marina's queue to lift (1 is next), computed by the database: those waiting to be
 * lifted at its marina that said «listo para subir» before it (ties by id), plus one. Null unless it waits.
 */
export function haulOutPosition(): SQL<number | null> {
  return sql<number | null>`case when ${launches.status} = 'ready_to_stow' then (
    select count(*)::int + 1 from ${queuedFrom}
    where ${queued.clientId} = ${launches.clientId} and ${queued.status} = 'ready_to_stow'
      and (${queued.readyAt}, ${queued.id}) < (${launches.readyAt}, ${launches.id})) end`;
}

/**
 * Moves a locked launch to another status and records it; a launch that ends (`cancelled`) gives its place
 * back to the first eligible person waiting, and drops its reminders. The customer is told when `notice` says.
 */
export async function changeStatus(
  tx: Tx,
  scope: LaunchScope,
  launch: LaunchRow,
  to: LaunchStatus,
  by: Actor,
  options: { reason?: string | null; notice?: LaunchNoticeKind } = {},
): Promise<LaunchRow> {
  const { client, now, config } = scope;
  const reason = options.reason ?? null;
  // «Listo para subir» joins the marina's queue to lift one at a time (decision 056).
  if (to === 'ready_to_stow')
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${haulOutKey(client.id)}, 0))`);
  const [changed] = await tx
    .update(launches)
    // A customer's own cancellation has no reason; the boat's owner cancelling another's says who did (decision 033).
    .set({
      status: to,
      updatedAt: now,
      ...(to === 'cancelled' && (by.actor !== 'customer' || reason !== null) ? { cancellationReason: reason } : {}),
      ...(to === 'ready_to_stow' ? { readyAt: readyAtNow(client.id, now) } : {}),
    })
    .where(eq(launches.id, launch.id))
    .returning();
  await recordEvent(tx, changed!, by, launch.status, to, now, reason);
  if (to === 'confirmed') await scheduleReminders(tx, changed!, now);
  if (to === 'cancelled' || to === 'in_water') await cancelReminders(tx, launch.id);
  if (to === 'in_water') await scheduleStowReminder(tx, changed!, now);
  else if (launch.status === 'in_water') await cancelStowReminder(tx, launch.id);
  if (to === 'cancelled' && HOLDS_PLACE.has(launch.status)) {
    await releasePlace(tx, client.id, launch.slotStart);
    await promoteWaiting(tx, scope, launch.slotStart);
  }
  if (options.notice)
    await tellLaunch(tx, options.notice, { client, ...(await partyOf(tx, changed!)), launch: changed! }, now, config);
  return changed!;
}

/**
 * Moves a locked launch to another slot (both slots' rows locked by the caller): it takes a place in the new
 * one, gives back the old one (promoting who waits there), and keeps its status (a waiting one takes a
 * place). The history records the move as an entry with the new slot.
 */
export async function moveLaunch(
  tx: Tx,
  scope: LaunchScope,
  launch: LaunchRow,
  start: Date,
  expectedReturn: Date,
  by: Actor,
): Promise<LaunchRow | null> {
  const { client, now } = scope;
  if (!(await takePlace(tx, client, start))) return null;
  const to: LaunchStatus = launch.status === 'waitlisted' ? placedStatus(client) : launch.status;
  const [moved] = await tx
    .update(launches)
    .set({ slotStart: start, expectedReturn, status: to, updatedAt: now })
    .where(eq(launches.id, launch.id))
    .returning();
  await recordEvent(tx, moved!, by, launch.status, to, now, 'Cambio de hora');
  if (HOLDS_PLACE.has(launch.status)) {
    await releasePlace(tx, client.id, launch.slotStart);
    await promoteWaiting(tx, scope, launch.slotStart);
  }
  if (to === 'confirmed') await scheduleReminders(tx, moved!, now);
  else await cancelReminders(tx, moved!.id);
  return moved!;
}
