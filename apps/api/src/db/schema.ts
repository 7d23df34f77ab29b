/**
 * The one database schema (PostgreSQL dialect, DESIGN §8). After changing it, run
 * `pnpm --filter @marina/api db:generate` and commit the new migration in `drizzle/`.
 */
import type { AccountStatus, NotificationType } from '@marina/core/domain/accounts.ts';
import type { CodeChannel } from '@marina/core/domain/platform.ts';
import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ClientSettings } from '@marina/core/domain/marina.ts';
import type { OpeningSeason } from '@marina/core/domain/opening-hours.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

const timestamps = {
  createdAt: at('created_at').notNull().defaultNow(),
};

const clientId = () =>
  integer('client_id')
    .notNull()
    .references(() => clients.id, { onDelete: 'cascade' });

/** A marina using the platform; `id` is its clientId, the number every build and request names. */
export const clients = pgTable('clients', {
  id: integer('id').primaryKey(),
  app: text('app').notNull().unique(),
  title: text('title').notNull(),
  // Zone, hours, overrides and SMS are the marina folder's, all written by every seed. The zone has no
  // default to fall back on; those of hours and SMS only fill rows older than their columns.
  timeZone: text('time_zone').notNull(),
  openingHours: jsonb('opening_hours').$type<OpeningSeason[]>().notNull().default([]),
  // Read through withDefaultSettings(): keys added after a client was seeded fall back to their default.
  settings: jsonb('settings').$type<Partial<ClientSettings>>().notNull().default({}),
  sendsSms: boolean('sends_sms').notNull().default(false),
  ...timestamps,
});

/**
 * A customer's account at one marina (the same person at two marinas has two). E-mail and document are
 * unique per marina among live accounts; deletion anonymises the row (NULLs never collide), so the person
 * may register again.
 */
export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: clientId(),
    status: text('status').$type<AccountStatus>().notNull(),
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
     * When a code or link sent to `email` came back (docs/decisions/009): at registration on e-mail
     * marinas, by the confirmation link on SMS marinas, by the code of an e-mail change. NULL: the address
     * is only what someone typed, so nothing that recovers the account goes there.
     */
    emailVerifiedAt: at('email_verified_at'),
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
    check('accounts_status_check', sql`${table.status} in ('registered', 'validated', 'active', 'suspended', 'deleted')`),
  ],
);

/**
 * Server-side session records behind the `__Host-sid` cookie. Only a SHA-256 hash of the cookie value
 * (256 random bits) is kept, so a leaked table cannot be replayed as cookies. `expires_at` is the
 * absolute limit; the idle limit is measured from `last_seen_at`. Anonymous visitors have a cookie (for
 * CSRF) but no row.
 */
export const sessions = pgTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    clientId: clientId(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    ...timestamps,
    lastSeenAt: at('last_seen_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
  },
  (table) => [
    index('sessions_account_id_idx').on(table.accountId),
    // For the sweep that deletes expired sessions.
    index('sessions_expires_at_idx').on(table.expiresAt),
  ],
);

export type CodePurpose = 'registration' | 'password_reset' | 'contact_change';
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
    clientId: clientId(),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<CodePurpose>().notNull(),
    channel: text('channel').$type<CodeChannel>().notNull(),
    /** Where the code goes (e-mail or E.164 phone); for a contact change, the new value. */
    destination: text('destination'),
    contactField: text('contact_field').$type<ContactField>(),
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
    clientId: clientId(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
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
    clientId: clientId(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** SHA-256 of the normalised e-mail the link was sent to. */
    emailHash: text('email_hash').notNull(),
    expiresAt: at('expires_at').notNull(),
    ...timestamps,
  },
  (table) => [index('email_confirmations_account_id_idx').on(table.accountId)],
);

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: clientId(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    type: text('type').$type<NotificationType>().notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link'),
    readAt: at('read_at'),
    ...timestamps,
    /** Order of writing: ties on created_at (same transaction) still list newest first. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
  },
  (table) => [index('notifications_account_seq_idx').on(table.accountId, table.seq)],
);

export type OutboxStatus = 'pending' | 'sent' | 'failed';

/**
 * Messages leave through here (DESIGN §7): written in the transaction that creates what they carry, sent
 * afterwards by the dispatcher. Once sent (or given up) the text is blanked: the row keeps only metadata.
 * `code` and `link` are copies for the development outbox, written only with DEV_ROUTES (never in
 * production).
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: clientId(),
    // So that deleting an account can purge what was sent to it.
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    channel: text('channel').$type<CodeChannel>().notNull(),
    destination: text('destination').notNull(),
    subject: text('subject'),
    text: text('text').notNull(),
    code: text('code'),
    link: text('link'),
    status: text('status').$type<OutboxStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** Not before: a retry's back-off, or the lease of the instance sending it. */
    nextAttemptAt: at('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    ...timestamps,
    sentAt: at('sent_at'),
    /** Order of writing, for "newest first" when several share a created_at. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
  },
  (table) => [
    index('outbox_pending_idx').on(table.status, table.nextAttemptAt),
    index('outbox_seq_idx').on(table.seq),
  ],
);

/**
 * First answers of creating calls, per marina, caller (account, or anonymous cookie) and Idempotency-Key,
 * for 24 h. The request body is kept as an HMAC so that passwords in it are not stored; of an answer with
 * personal data only what its route keeps (an id) is stored, and the replay is read again.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    clientId: clientId(),
    /** `account:<uuid>` or `anonymous:<sha256 of the sid cookie>`. */
    scope: text('scope').notNull(),
    key: uuid('key').notNull(),
    requestHash: text('request_hash').notNull(),
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    responseType: text('response_type'),
    ...timestamps,
    /** Set when the first call answered; NULL while it is still running. */
    completedAt: at('completed_at'),
  },
  (table) => [primaryKey({ columns: [table.clientId, table.scope, table.key] }), index('idempotency_keys_created_at_idx').on(table.createdAt)],
);

/**
 * Throttling counters shared by every instance: one row per counted event (a failed sign-in, a code sent…)
 * under a key such as `sign-in:ip:203.0.113.7`. Rows older than the longest window are swept.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: text('key').notNull(),
    at: at('at').notNull(),
  },
  (table) => [index('rate_limit_hits_key_at_idx').on(table.key, table.at), index('rate_limit_hits_at_idx').on(table.at)],
);

export type ClientRow = typeof clients.$inferSelect;
export type AccountRow = typeof accounts.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type VerificationCodeRow = typeof verificationCodes.$inferSelect;
export type NotificationRow = typeof notifications.$inferSelect;
export type OutboxRow = typeof outbox.$inferSelect;
