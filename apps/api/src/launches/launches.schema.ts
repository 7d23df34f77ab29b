/**
 * Launches (docs/product.md §4.7, decision 022): requests to put a boat in the water in one of the marina's
 * 30-minute slots, every change each one went through, the places each slot has given, and staff closures.
 */
import {
  LAUNCH_STATUSES,
  OPEN_LAUNCH_STATUSES,
  type LaunchActor,
  type LaunchStatus,
} from '@marina/core/domain/launches.ts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accountIdColumn, accounts } from '../accounts/accounts.schema.ts';
import { boats } from '../boats/boats.schema.ts';
import { clientIdColumn } from '../clients/clients.schema.ts';
import { at, inList, timestamps } from '../db/columns.ts';
import { registerPersonalData } from '../db/personal-data.ts';

export const launches = pgTable(
  'launches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: clientIdColumn(),
    /** Who asked: the boat's owner, or a person the owner authorised (then `authorisationId` says under which). */
    accountId: accountIdColumn().notNull(),
    /**
     * The authorisation (authorisations.id) an authorised person asked under; null for the owner's own. No
     * foreign key: the authorisations module imports this one; an owner's erasure removes these launches.
     */
    authorisationId: uuid('authorisation_id'),
    boatId: uuid('boat_id')
      .notNull()
      .references(() => boats.id, { onDelete: 'cascade' }),
    status: text('status').$type<LaunchStatus>().notNull(),
    slotStart: at('slot_start').notNull(),
    expectedReturn: at('expected_return').notNull(),
    people: integer('people').notNull(),
    notes: text('notes').notNull().default(''),
    /** Staff's reason, or the platform's, when it ended without being used. */
    cancellationReason: text('cancellation_reason'),
    ...timestamps,
    updatedAt: at('updated_at').notNull().defaultNow(),
    /** Order of arrival: the waiting list is served by it. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    /**
     * When the customer said «listo para subir», set by the statement that makes it `ready_to_stow`: the marina's
     * queue of boats to lift goes by it, then by id (decision 056). Kept once the boat is lifted.
     */
    readyAt: at('ready_at'),
  },
  (table) => [
    // One open request per boat, however many requests race (docs/product.md §4.7).
    uniqueIndex('launches_one_open_per_boat').on(table.boatId).where(inList(table.status, OPEN_LAUNCH_STATUSES)),
    index('launches_client_slot_idx').on(table.clientId, table.slotStart, table.status),
    index('launches_account_status_idx').on(table.accountId, table.status),
    index('launches_authorisation_idx').on(table.authorisationId),
    // The queue to lift: a launch's place is the count of those ahead of it.
    index('launches_haul_out_queue_idx')
      .on(table.clientId, table.readyAt, table.id)
      .where(sql`${table.status} = 'ready_to_stow'`),
    check('launches_status_check', inList(table.status, LAUNCH_STATUSES)),
    check('launches_people_check', sql`${table.people} between 1 and 30`),
  ],
);

/** Every change of a launch: who, when, from, to, in which slot, and why. */
export const launchEvents = pgTable(
  'launch_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    launchId: uuid('launch_id')
      .notNull()
      .references(() => launches.id, { onDelete: 'cascade' }),
    clientId: clientIdColumn(),
    at: at('at').notNull(),
    actor: text('actor').$type<LaunchActor>().notNull(),
    /** The person behind a customer's or staff member's change; null for the platform's (or once erased). */
    actorAccountId: uuid('actor_account_id').references(() => accounts.id, { onDelete: 'set null' }),
    fromStatus: text('from_status').$type<LaunchStatus>(),
    toStatus: text('to_status').$type<LaunchStatus>().notNull(),
    slotStart: at('slot_start').notNull(),
    reason: text('reason'),
  },
  (table) => [index('launch_events_launch_idx').on(table.launchId, table.id)],
);

/**
 * The places a slot has given (pending and confirmed launches). Capacity is enforced here, by the database:
 * a place is taken by one conditional `UPDATE … SET held = held + 1 WHERE held < capacity`, which
 * PostgreSQL runs one at a time per row (a waiting update re-reads the row once the first commits), so no
 * number of simultaneous requests gets past it (decision 022).
 */
export const launchSlots = pgTable(
  'launch_slots',
  {
    clientId: clientIdColumn(),
    start: at('start').notNull(),
    held: integer('held').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.clientId, table.start] }),
    check('launch_slots_held_check', sql`${table.held} >= 0`),
  ],
);

/** A staff closure (weather, works): no launch from `starts_at` (included) to `ends_at` (excluded). */
export const closures = pgTable(
  'closures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: clientIdColumn(),
    startsAt: at('starts_at').notNull(),
    endsAt: at('ends_at').notNull(),
    reason: text('reason').notNull(),
    createdBy: uuid('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (table) => [
    index('closures_client_range_idx').on(table.clientId, table.startsAt),
    check('closures_range_check', sql`${table.endsAt} > ${table.startsAt}`),
  ],
);

// A customer's launches go with the account (their history with them). In the booking's lock order (the
// account's row, the slots' rows by start, then the launches, decision 022), the places they held are given
// back, so each slot's count stays the number of launches holding one, and go to who waits for them, as a
// cancellation's do. A staff member's name leaves the changes they made and the closures they declared.
registerPersonalData({
  table: launches,
  erase: async (tx, accountId, { promoteWaiting }) => {
    await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).for('update');
    const open = await tx
      .select({ clientId: launches.clientId, start: launches.slotStart, status: launches.status })
      .from(launches)
      .where(and(eq(launches.accountId, accountId), inArray(launches.status, ['pending', 'confirmed', 'waitlisted'])));
    const bySlot = new Map<string, { clientId: number; start: Date; held: number }>();
    for (const row of open) {
      const key = `${row.clientId}/${row.start.getTime()}`;
      const slot = bySlot.get(key) ?? { clientId: row.clientId, start: row.start, held: 0 };
      if (row.status !== 'waitlisted') slot.held += 1;
      bySlot.set(key, slot);
    }
    const slots = [...bySlot.values()].sort((a, b) => a.clientId - b.clientId || a.start.getTime() - b.start.getTime());
    for (const clientId of new Set(slots.map((slot) => slot.clientId))) {
      const starts = slots.filter((slot) => slot.clientId === clientId).map((slot) => slot.start);
      await tx
        .select({ start: launchSlots.start })
        .from(launchSlots)
        .where(and(eq(launchSlots.clientId, clientId), inArray(launchSlots.start, starts)))
        .orderBy(asc(launchSlots.start))
        .for('update');
    }
    for (const slot of slots) {
      if (slot.held === 0) continue;
      await tx
        .update(launchSlots)
        .set({ held: sql`${launchSlots.held} - ${slot.held}` })
        .where(and(eq(launchSlots.clientId, slot.clientId), eq(launchSlots.start, slot.start)));
    }
    await tx.delete(launches).where(eq(launches.accountId, accountId));
    for (const clientId of new Set(slots.map((slot) => slot.clientId))) {
      await promoteWaiting(
        tx,
        clientId,
        slots.filter((slot) => slot.clientId === clientId && slot.held > 0).map((slot) => slot.start),
      );
    }
  },
});
registerPersonalData({
  table: launchEvents,
  erase: async (tx, accountId) => {
    await tx.update(launchEvents).set({ actorAccountId: null }).where(eq(launchEvents.actorAccountId, accountId));
  },
});
registerPersonalData({
  table: closures,
  erase: async (tx, accountId) => {
    await tx.update(closures).set({ createdBy: null }).where(eq(closures.createdBy, accountId));
  },
});

/** A launch still in course (the statuses of the partial index above). */
export const openLaunch = () => inArray(launches.status, [...OPEN_LAUNCH_STATUSES]);

export type LaunchRow = typeof launches.$inferSelect;
export type LaunchEventRow = typeof launchEvents.$inferSelect;
export type ClosureRow = typeof closures.$inferSelect;
