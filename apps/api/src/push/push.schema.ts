/** Web Push subscriptions: where to push to each signed-in browser (issue 23). */
import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accountIdColumn } from '../accounts/accounts.schema.ts';
import { clientIdColumn } from '../clients/clients.schema.ts';
import { at, timestamps } from '../db/columns.ts';
import { registerPersonalData } from '../db/personal-data.ts';

/**
 * One row per endpoint (a browser's push address): the account and marina that last stored it own it, so a
 * shared device pushes only to whoever signed in and subscribed last.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: clientIdColumn(),
    accountId: accountIdColumn().notNull(),
    endpoint: text('endpoint').notNull(),
    /** The browser's P-256 public key and authentication secret, base64url (RFC 8291). */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    ...timestamps,
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(table.endpoint),
    index('push_subscriptions_account_idx').on(table.accountId, table.clientId),
  ],
);

registerPersonalData({ table: pushSubscriptions, accountColumn: pushSubscriptions.accountId, erase: 'delete' });

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;
