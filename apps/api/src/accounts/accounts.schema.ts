/** Customers' accounts and what proves their contact data: codes, activation links, e-mail confirmations. */
import { ACCOUNT_ROLES, ACCOUNT_STATUSES, type AccountRole, type AccountStatus } from '@marina/core/domain/accounts.ts';
import type { LicenceType } from '@marina/core/domain/data-validation.ts';
import type { CodeChannel } from '@marina/core/domain/platform.ts';
import { check, date, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { clientIdColumn } from '../clients/clients.schema.ts';
import { at, inList, timestamps } from '../db/columns.ts';
import { registerPersonalData } from '../db/personal-data.ts';

/**
 * A customer's account at one marina (the same person at two marinas has two). E-mail and document are
 * unique per marina among live accounts; deletion anonymises the row (NULLs never collide), so the person
 * may register again.
 */
export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: clientIdColumn(),
    status: text('status').$type<AccountStatus>().notNull(),
    /** `staff` works at the marina (the `/staff/` calls); everyone who registers is a `customer`. */
    role: text('role').$type<AccountRole>().notNull().default('customer'),
    firstName: text('first_name').notNull(),
    surnames: text('surnames').notNull(),
    /** Lower case (normalizeEmail). */
    email: text('email'),
    /** E.164 (normalizePhone). */
    phone: text('phone'),
    /** Upper case without separators (normalizeDocument). */
    document: text('document'),
    /** argon2id PHC string; NULL until activation and after deletion. */
    passwordHash: text('password_hash'),
    dataValidatedAt: at('data_validated_at'),
    /**
     * The `data_validated_at` whose period the person was last told had run out (validation-due.ts): set by the
     * statement that claims the notice, so each period is told once whatever the instances and reruns.
     */
    validationDueToldFor: at('validation_due_told_for'),
    /** Last valid day of the identity document (the marina's calendar), confirmed on `validar-datos`. */
    documentExpiresOn: date('document_expires_on', { mode: 'string' }),
    /** The nautical licence, when the person holds one (all three or none). */
    licenceType: text('licence_type').$type<LicenceType>(),
    licenceNumber: text('licence_number'),
    licenceExpiresOn: date('licence_expires_on', { mode: 'string' }),
    /**
     * When a code or link sent to `email` came back (docs/decisions/009): at registration on e-mail
     * marinas, by the confirmation link on SMS marinas, by the code of an e-mail change. NULL: the address
     * is only what someone typed, so nothing that recovers the account goes there.
     */
    emailVerifiedAt: at('email_verified_at'),
    /**
     * When a code sent to `phone` came back: at registration on SMS marinas, by the code of a phone change
     * anywhere. NULL: the number is only what someone typed. An authorisation attaches to an account only
     * through a proven contact (docs/decisions/038).
     */
    phoneVerifiedAt: at('phone_verified_at'),
    privacyAcceptedAt: at('privacy_accepted_at'),
    termsAcceptedAt: at('terms_accepted_at'),
    activatedAt: at('activated_at'),
    deletedAt: at('deleted_at'),
    ...timestamps,
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('accounts_client_email_key').on(table.clientId, table.email),
    uniqueIndex('accounts_client_document_key').on(table.clientId, table.document),
    check('accounts_status_check', inList(table.status, ACCOUNT_STATUSES)),
    check('accounts_role_check', inList(table.role, ACCOUNT_ROLES)),
  ],
);

/** The account a row belongs to; the row goes when the account row does. */
export const accountIdColumn = () => uuid('account_id').references(() => accounts.id, { onDelete: 'cascade' });

export type CodePurpose = 'registration' | 'password_reset' | 'contact_change' | 'authorisation';
export type ContactField = 'email' | 'phone';

/**
 * One verification in progress (its id is the registrationId, resetId or changeId the app holds). A resend
 * replaces the code in place, so the id stays and the previous code dies. Decoys (a registration with
 * someone else's data, a reset for an unknown account) have no account and no code: they behave like the
 * real thing but can never succeed.
 */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: clientIdColumn(),
    accountId: accountIdColumn(),
    purpose: text('purpose').$type<CodePurpose>().notNull(),
    channel: text('channel').$type<CodeChannel>().notNull(),
    /** Where the code goes (e-mail or E.164 phone); for a contact change, the new value. */
    destination: text('destination'),
    contactField: text('contact_field').$type<ContactField>(),
    /**
     * SHA-256 of what the caller typed to start it: the destination, or a reset's e-mail or document. The
     * wrong-code counter is keyed by it, so that it never links two identifiers of one account
     * (decision 008).
     */
    typedHash: text('typed_hash').notNull(),
    /** SHA-256 of id and code; NULL for decoys. */
    codeHash: text('code_hash'),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: at('expires_at').notNull(),
    lastSentAt: at('last_sent_at').notNull(),
    consumedAt: at('consumed_at'),
    ...timestamps,
  },
  (table) => [
    index('verification_codes_account_id_idx').on(table.accountId),
    index('verification_codes_expires_at_idx').on(table.expiresAt),
  ],
);

/** The e-mailed activation link's token (random, 24 h, single use), stored as its SHA-256. */
export const activationTokens = pgTable(
  'activation_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    clientId: clientIdColumn(),
    accountId: accountIdColumn().notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    ...timestamps,
  },
  (table) => [index('activation_tokens_account_id_idx').on(table.accountId)],
);

/**
 * Links that prove an e-mail (SMS marinas, where registration never sent anything to it): random, 24 h,
 * stored as SHA-256. Bound to the address they were sent to (its hash), so a link sent before an e-mail
 * change cannot confirm the new one.
 */
export const emailConfirmations = pgTable(
  'email_confirmations',
  {
    tokenHash: text('token_hash').primaryKey(),
    clientId: clientIdColumn(),
    accountId: accountIdColumn().notNull(),
    /** SHA-256 of the normalised e-mail the link was sent to. */
    emailHash: text('email_hash').notNull(),
    expiresAt: at('expires_at').notNull(),
    ...timestamps,
  },
  (table) => [index('email_confirmations_account_id_idx').on(table.accountId)],
);

// Deletion keeps the account row (what points to it stays consistent) without anything that names the person.
registerPersonalData({
  table: accounts,
  accountColumn: accounts.id,
  erase: {
    anonymise: (now) => ({
      status: 'deleted' as const,
      firstName: 'Cuenta borrada',
      surnames: '',
      email: null,
      phone: null,
      document: null,
      passwordHash: null,
      dataValidatedAt: null,
      validationDueToldFor: null,
      documentExpiresOn: null,
      licenceType: null,
      licenceNumber: null,
      licenceExpiresOn: null,
      emailVerifiedAt: null,
      phoneVerifiedAt: null,
      deletedAt: now,
      updatedAt: now,
    }),
  },
});
registerPersonalData({ table: verificationCodes, accountColumn: verificationCodes.accountId, erase: 'delete' });
registerPersonalData({ table: activationTokens, accountColumn: activationTokens.accountId, erase: 'delete' });
registerPersonalData({ table: emailConfirmations, accountColumn: emailConfirmations.accountId, erase: 'delete' });

export type AccountRow = typeof accounts.$inferSelect;
export type VerificationCodeRow = typeof verificationCodes.$inferSelect;
