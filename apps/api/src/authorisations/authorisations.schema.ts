/**
 * Authorised persons (docs/product.md §4.8, decisions 025 and 038): the people an owner lets use some of their
 * boats, for a period, each attached to the one account that proved the contact the owner gave (never by the
 * document alone). The per-boat limit and "the same document once per boat" are checked under the lock of the
 * boats' rows (every writer that can add a holding authorisation takes them first, in id order), so parallel
 * requests are let through one at a time.
 */
import { AUTHORISATION_STATES, type AuthorisationState, type LicenceType } from '@marina/core/domain/authorisations.ts';
import { PLACE_HOLDING_STATUSES } from '@marina/core/domain/launches.ts';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { check, date, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { accountIdColumn, accounts, verificationCodes } from '../accounts/accounts.schema.ts';
import { boats } from '../boats/boats.schema.ts';
import { clientIdColumn } from '../clients/clients.schema.ts';
import { at, inList, timestamps } from '../db/columns.ts';
import { registerPersonalData } from '../db/personal-data.ts';
import { launches, launchSlots } from '../launches/launches.schema.ts';

export const authorisations = pgTable(
  'authorisations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: clientIdColumn(),
    /** The owner who authorised the person. */
    accountId: accountIdColumn().notNull(),
    firstName: text('first_name').notNull(),
    surnames: text('surnames').notNull(),
    /** Normalised (`normalizeDocument`): one of what an account must share to be attached (decision 038). */
    document: text('document').notNull(),
    /** E.164. */
    phone: text('phone').notNull(),
    email: text('email').notNull(),
    licenceType: text('licence_type').$type<LicenceType>().notNull(),
    licenceNumber: text('licence_number').notNull(),
    licenceExpiresOn: date('licence_expires_on', { mode: 'string' }).notNull(),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    /** Last day included; null when open-ended. */
    validTo: date('valid_to', { mode: 'string' }),
    state: text('state').$type<AuthorisationState>().notNull().default('pending'),
    suspensionReason: text('suspension_reason'),
    suspendedAt: at('suspended_at'),
    validatedAt: at('validated_at'),
    /** The code the person received, while pending. */
    verificationId: uuid('verification_id').references(() => verificationCodes.id, { onDelete: 'set null' }),
    /**
     * The person's account at this marina, once attached: validated by the owner, and an account with the same
     * document proved the phone or e-mail the owner typed (decision 038). The only thing that gives anyone the
     * authorisation's boats. Set once; it stays when that account is deleted (the authorisation is then
     * `ended`), so a new account never inherits it. Accounts are anonymised, not deleted; `set null` is there
     * only for a row that really goes.
     */
    personAccountId: uuid('person_account_id').references(() => accounts.id, { onDelete: 'set null' }),
    ...timestamps,
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    index('authorisations_account_idx').on(table.accountId),
    index('authorisations_client_document_idx').on(table.clientId, table.document),
    index('authorisations_state_idx').on(table.clientId, table.state),
    index('authorisations_person_account_idx').on(table.personAccountId),
    check('authorisations_state_check', inList(table.state, AUTHORISATION_STATES)),
    check('authorisations_period_check', sql`${table.validTo} is null or ${table.validTo} >= ${table.validFrom}`),
  ],
);

/** The boats an authorisation covers (always boats of its owner, at its marina). */
export const authorisationBoats = pgTable(
  'authorisation_boats',
  {
    authorisationId: uuid('authorisation_id')
      .notNull()
      .references(() => authorisations.id, { onDelete: 'cascade' }),
    boatId: uuid('boat_id')
      .notNull()
      .references(() => boats.id, { onDelete: 'cascade' }),
    clientId: clientIdColumn(),
  },
  (table) => [
    primaryKey({ columns: [table.authorisationId, table.boatId] }),
    index('authorisation_boats_boat_idx').on(table.boatId),
  ],
);

/**
 * An owner's authorisations go with their account. So do the launches their authorised persons asked for on
 * the owner's boats (the boats are going): their places are given back first, so each slot's count stays
 * the number of launches holding one. The authorised person's own account is not the owner's record: when
 * they delete theirs, the owner's authorisation stays, `ended` (decision 038: the deletion ends it first, with
 * its launches and a notice to the owner, in endAuthorisationsOf; here, whatever path erases, none stays open).
 */
registerPersonalData({
  table: authorisations,
  erase: async (tx, accountId, context) => {
    const { promoteWaiting } = context;
    const ownersBoats = sql`(select ${boats.id} from ${boats} where ${boats.accountId} = ${accountId})`;
    const freed = await tx
      .selectDistinct({ clientId: launches.clientId, start: launches.slotStart })
      .from(launches)
      .where(
        and(
          sql`${launches.boatId} in ${ownersBoats}`,
          ne(launches.accountId, accountId),
          inArray(launches.status, PLACE_HOLDING_STATUSES),
        ),
      );
    await tx.execute(sql`
      update ${launchSlots} s set held = s.held - h.n
      from (select ${launches.clientId} as client_id, ${launches.slotStart} as start, count(*)::int as n
            from ${launches} where ${launches.boatId} in ${ownersBoats} and ${launches.accountId} <> ${accountId}
              and ${inList(launches.status, PLACE_HOLDING_STATUSES)}
            group by 1, 2) h
      where s.client_id = h.client_id and s.start = h.start`);
    await tx.delete(launches).where(and(inArray(launches.boatId, ownersBoats), ne(launches.accountId, accountId)));
    await tx.delete(authorisations).where(eq(authorisations.accountId, accountId));
    await tx
      .update(authorisations)
      .set({ state: 'ended', updatedAt: context.now })
      .where(and(eq(authorisations.personAccountId, accountId), ne(authorisations.state, 'ended')));
    // The places freed go to who waits for them, as a cancellation's do (docs/product.md §4.7).
    for (const clientId of new Set(freed.map((row) => row.clientId))) {
      await promoteWaiting(
        tx,
        clientId,
        freed.filter((row) => row.clientId === clientId).map((row) => row.start),
      );
    }
  },
});

export type AuthorisationRow = typeof authorisations.$inferSelect;
