/**
 * Outings at sea (docs/product.md §4.9, decision 030): who took which boat out, with whom as skipper, where
 * and until when; at most one at sea per boat, by a unique partial index.
 */
import { OPEN_OUTING_STATES, OUTING_STATES, type OutingState } from '@marina/core/domain/outings.ts';
import { eq, inArray, or, sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accountIdColumn } from '../accounts/accounts.schema.ts';
import { authorisations } from '../authorisations/authorisations.schema.ts';
import { boats } from '../boats/boats.schema.ts';
import { clientIdColumn } from '../clients/clients.schema.ts';
import { at, inList, timestamps } from '../db/columns.ts';
import { registerPersonalData } from '../db/personal-data.ts';

export const outings = pgTable(
  'outings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: clientIdColumn(),
    boatId: uuid('boat_id')
      .notNull()
      .references(() => boats.id, { onDelete: 'cascade' }),
    /** Who logged it: the boat's owner or a person authorised on it. */
    accountId: accountIdColumn().notNull(),
    /** `owner`, or `authorised` with the authorisation that lets the skipper take the boat. */
    skipperKind: text('skipper_kind').$type<'owner' | 'authorised'>().notNull(),
    skipperAuthorisationId: uuid('skipper_authorisation_id').references(() => authorisations.id, {
      onDelete: 'set null',
    }),
    /** The skipper's name as it was when logged (an authorisation may later be removed). */
    skipperFirstName: text('skipper_first_name').notNull(),
    skipperSurnames: text('skipper_surnames').notNull(),
    state: text('state').$type<OutingState>().notNull().default('at_sea'),
    departure: at('departure').notNull(),
    expectedReturn: at('expected_return').notNull(),
    overdueSince: at('overdue_since'),
    returnedAt: at('returned_at'),
    returnedBy: text('returned_by').$type<'customer' | 'staff'>(),
    people: integer('people').notNull(),
    destination: text('destination').notNull(),
    contactPhone: text('contact_phone').notNull(),
    ...timestamps,
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    // One outing at sea per boat, however many requests race (docs/product.md §4.9).
    uniqueIndex('outings_one_at_sea_per_boat').on(table.boatId).where(inList(table.state, OPEN_OUTING_STATES)),
    index('outings_client_state_idx').on(table.clientId, table.state, table.departure),
    index('outings_account_idx').on(table.accountId),
    index('outings_boat_idx').on(table.boatId, table.departure),
    index('outings_skipper_idx').on(table.skipperAuthorisationId),
    check('outings_state_check', inList(table.state, OUTING_STATES)),
    check('outings_people_check', sql`${table.people} between 1 and 30`),
    check('outings_return_check', sql`${table.expectedReturn} > ${table.departure}`),
  ],
);

/**
 * An account's outings go with it: those it logged, and those others logged on its boats (the boats go too).
 * A skipper named through an authorisation is the owner's record of that person (decision 030).
 */
registerPersonalData({
  table: outings,
  erase: async (tx, accountId) => {
    const ownBoats = tx.select({ id: boats.id }).from(boats).where(eq(boats.accountId, accountId));
    await tx.delete(outings).where(or(eq(outings.accountId, accountId), inArray(outings.boatId, ownBoats)));
  },
});

export type OutingRow = typeof outings.$inferSelect;
