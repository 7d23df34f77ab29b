/** The customer's notifications (docs/product.md §4.12). */
import type { NotificationType } from '@marina/core/domain/accounts.ts';
import { bigserial, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { accountIdColumn } from '../accounts/accounts.schema.ts';
import { clientIdColumn } from '../clients/clients.schema.ts';
import { at, timestamps } from '../db/columns.ts';
import { registerPersonalData } from '../db/personal-data.ts';

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: clientIdColumn(),
    accountId: accountIdColumn().notNull(),
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

registerPersonalData({ table: notifications, accountColumn: notifications.accountId, erase: 'delete' });

export type NotificationRow = typeof notifications.$inferSelect;
