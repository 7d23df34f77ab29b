/** Boats, their insurance certificates and their storage contracts (docs/product.md §4.5, §4.6). */
import {
  BOAT_STATES,
  CONTRACT_PLANS,
  CONTRACT_STATUSES,
  type BoatState,
  type CertificateType,
  type ContractPlan,
  type ContractStatus,
} from '@marina/core/domain/boats.ts';
import { eq, inArray, sql } from 'drizzle-orm';
import {
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accountIdColumn, accounts } from '../accounts/accounts.schema.ts';
import { clientIdColumn } from '../clients/clients.schema.ts';
import { at, inList, timestamps } from '../db/columns.ts';
import { registerPersonalData } from '../db/personal-data.ts';

/** Binary data (`bytea`); both drivers hand back bytes, as a Buffer so callers need not care which. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * A boat stored (or to be stored) at one marina, owned by one account. The registration is unique per marina
 * (the same boat cannot be listed twice); the insurance is the policy the owner last declared.
 */
export const boats = pgTable(
  'boats',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: clientIdColumn(),
    /** The owner. */
    accountId: accountIdColumn().notNull(),
    name: text('name').notNull(),
    /** Upper case, dashes for spaces (`registrationRule`). */
    registration: text('registration').notNull(),
    make: text('make').notNull().default(''),
    model: text('model').notNull().default(''),
    lengthM: doublePrecision('length_m').notNull(),
    beamM: doublePrecision('beam_m').notNull(),
    engine: text('engine').notNull().default(''),
    state: text('state').$type<BoatState>().notNull().default('in_rack'),
    /** Set by staff. */
    rackPosition: text('rack_position'),
    insurer: text('insurer'),
    policyNumber: text('policy_number'),
    /** Last day the policy covers, the marina's calendar. */
    insuranceExpiresOn: date('insurance_expires_on', { mode: 'string' }),
    ...timestamps,
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('boats_client_registration_key').on(table.clientId, table.registration),
    index('boats_account_id_idx').on(table.accountId),
    check('boats_state_check', inList(table.state, BOAT_STATES)),
  ],
);

/**
 * The certificate of a boat's insurance, one per boat (a new upload replaces it). The bytes live in the
 * database, written in the same statement as their metadata: an upload refused or broken off stores nothing,
 * and there is no file system to keep in step across instances.
 */
export const insuranceCertificates = pgTable('insurance_certificates', {
  boatId: uuid('boat_id')
    .primaryKey()
    .references(() => boats.id, { onDelete: 'cascade' }),
  clientId: clientIdColumn(),
  /** From the bytes themselves (`sniffCertificateType`), never from what the upload claimed. */
  contentType: text('content_type').$type<CertificateType>().notNull(),
  size: integer('size').notNull(),
  content: bytea('content').notNull(),
  uploadedAt: at('uploaded_at').notNull(),
  uploadedBy: uuid('uploaded_by').references(() => accounts.id, { onDelete: 'set null' }),
});

/**
 * A storage contract of a boat. At most one is open (`requested` or `active`) per boat, which the partial
 * unique index enforces however many requests race; staff decide with a conditional UPDATE on the status.
 */
export const contracts = pgTable(
  'contracts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: clientIdColumn(),
    boatId: uuid('boat_id')
      .notNull()
      .references(() => boats.id, { onDelete: 'cascade' }),
    plan: text('plan').$type<ContractPlan>().notNull(),
    status: text('status').$type<ContractStatus>().notNull().default('requested'),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    /** `contractEndsOn(plan, startsOn)`, the last day included. */
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    requestedAt: at('requested_at').notNull(),
    decidedAt: at('decided_at'),
    /** The staff member who approved or rejected it. */
    decidedBy: uuid('decided_by').references(() => accounts.id, { onDelete: 'set null' }),
    rejectionReason: text('rejection_reason'),
  },
  (table) => [
    uniqueIndex('contracts_one_open_per_boat')
      .on(table.boatId)
      .where(sql`${table.status} in ('requested', 'active')`),
    index('contracts_client_status_idx').on(table.clientId, table.status),
    // Every read of a boat's contracts (a booking's eligibility, misbarcos, the card, an outing) and the
    // cascade from boats go by boat; the partial index above holds open contracts only.
    index('contracts_boat_idx').on(table.boatId),
    check('contracts_status_check', inList(table.status, CONTRACT_STATUSES)),
    check('contracts_plan_check', inList(table.plan, CONTRACT_PLANS)),
  ],
);

/** The ids of the account's boats, for the erasing queries below. */
const boatsOf = (accountId: string) => sql`(select ${boats.id} from ${boats} where ${boats.accountId} = ${accountId})`;

// An owner's boats go with the account, and with them their certificates and contracts. A staff member's
// name leaves the certificates they uploaded and the contracts they decided (the decision itself stays).
registerPersonalData({ table: boats, accountColumn: boats.accountId, erase: 'delete' });
registerPersonalData({
  table: insuranceCertificates,
  erase: async (tx, accountId) => {
    await tx.delete(insuranceCertificates).where(inArray(insuranceCertificates.boatId, boatsOf(accountId)));
    await tx
      .update(insuranceCertificates)
      .set({ uploadedBy: null })
      .where(eq(insuranceCertificates.uploadedBy, accountId));
  },
});
registerPersonalData({
  table: contracts,
  erase: async (tx, accountId) => {
    await tx.delete(contracts).where(inArray(contracts.boatId, boatsOf(accountId)));
    await tx.update(contracts).set({ decidedBy: null }).where(eq(contracts.decidedBy, accountId));
  },
});

export type BoatRow = typeof boats.$inferSelect;
export type ContractRow = typeof contracts.$inferSelect;
export type CertificateRow = typeof insuranceCertificates.$inferSelect;
