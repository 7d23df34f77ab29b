/**
 * Web Push subscriptions: where to push to each signed-in browser; and each account's channel per kind of
 * notice (issue 23, decision 061).
 */
import {
  NOTICE_CHANNELS,
  NOTICE_KINDS,
  type NoticeChannel,
  type NoticeKind,
  type PushPayload,
} from '@marina/core/domain/push.ts';
import { check, index, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accountIdColumn } from '../accounts/accounts.schema.ts';
import { clientIdColumn } from '../clients/clients.schema.ts';
import { at, inList, timestamps } from '../db/columns.ts';
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
    /**
     * The session it was stored in (its id's hash, as `sessions` keeps it): ending the account's other sessions
     * (sign out everywhere, a password changed or reset) ends their browsers' pushes too. Not a foreign key: a
     * session that merely expires leaves the phone told, as a mail app's would be, until it signs out.
     */
    sessionIdHash: text('session_id_hash'),
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

/**
 * A push waiting to leave for one browser (decision 061), as the outbox keeps messages: written with the notice,
 * sent by its job (which carries only this row's id), and deleted once sent or given up, or with its
 * subscription.
 */
export const pushMessages = pgTable(
  'push_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: clientIdColumn(),
    accountId: accountIdColumn().notNull(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    /** What the lock screen shows and where a tap opens: the JSON that is encrypted for the browser. */
    payload: jsonb('payload').$type<PushPayload>().notNull(),
    ...timestamps,
  },
  (table) => [index('push_messages_subscription_idx').on(table.subscriptionId)],
);

registerPersonalData({ table: pushMessages, accountColumn: pushMessages.accountId, erase: 'delete' });

/**
 * The channel a person chose for a kind of notice on a marina; a kind without a row is told both ways
 * (`DEFAULT_NOTICE_CHANNEL`). Locked kinds (the overdue-outing alert) are never stored.
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    clientId: clientIdColumn(),
    accountId: accountIdColumn().notNull(),
    kind: text('kind').$type<NoticeKind>().notNull(),
    channel: text('channel').$type<NoticeChannel>().notNull(),
    ...timestamps,
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.accountId, table.clientId, table.kind] }),
    check('notification_preferences_kind_check', inList(table.kind, NOTICE_KINDS)),
    check('notification_preferences_channel_check', inList(table.channel, NOTICE_CHANNELS)),
  ],
);

registerPersonalData({
  table: notificationPreferences,
  accountColumn: notificationPreferences.accountId,
  erase: 'delete',
});

export type NotificationPreferenceRow = typeof notificationPreferences.$inferSelect;
