/** Server-side sessions behind the `__Host-sid` cookie (decision 006). */
import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { accountIdColumn } from '../accounts/accounts.schema.ts';
import { clientIdColumn } from '../clients/clients.schema.ts';
import { at, timestamps } from '../db/columns.ts';
import { registerPersonalData } from '../db/personal-data.ts';

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
    clientId: clientIdColumn(),
    accountId: accountIdColumn().notNull(),
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

// Deleting the account ends every session it has.
registerPersonalData({ table: sessions, accountColumn: sessions.accountId, erase: 'delete' });

export type SessionRow = typeof sessions.$inferSelect;
