/** What the security layer keeps: idempotent answers and throttling counters. */
import { eq } from 'drizzle-orm';
import { bigserial, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { clientIdColumn } from '../clients/clients.schema.ts';
import { at, timestamps } from '../db/columns.ts';
import { registerPersonalData } from '../db/personal-data.ts';

/**
 * First answers of creating calls, per marina, caller (account, or anonymous cookie) and Idempotency-Key,
 * for 24 h. The request body is kept as an HMAC so that passwords in it are not stored; of an answer with
 * personal data only what its route keeps (an id) is stored, and the replay is read again.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    clientId: clientIdColumn(),
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
  (table) => [
    primaryKey({ columns: [table.clientId, table.scope, table.key] }),
    index('idempotency_keys_created_at_idx').on(table.createdAt),
  ],
);

/** The key of the account's own calls, whose stored answers may hold its data. */
export const accountScope = (accountId: string) => `account:${accountId}`;

registerPersonalData({
  table: idempotencyKeys,
  erase: (tx, accountId) => tx.delete(idempotencyKeys).where(eq(idempotencyKeys.scope, accountScope(accountId))),
});

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
  (table) => [
    index('rate_limit_hits_key_at_idx').on(table.key, table.at),
    index('rate_limit_hits_at_idx').on(table.at),
  ],
);
