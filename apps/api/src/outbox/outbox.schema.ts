/** Messages on their way out (docs/product.md §7.6). */
import type { CodeChannel } from '@marina/core/domain/platform.ts';
import { bigserial, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { accounts } from '../accounts/accounts.schema.ts';
import { clientIdColumn } from '../clients/clients.schema.ts';
import { at, timestamps } from '../db/columns.ts';
import { registerPersonalData } from '../db/personal-data.ts';

export type OutboxStatus = 'pending' | 'sent' | 'failed';

/**
 * Messages leave through here (docs/product.md §7.6): written in the transaction that creates what they carry, sent
 * afterwards by its sending job (outbox-sending.ts). Once sent (or given up) the text is blanked: the row keeps only metadata.
 * `code` and `link` are copies for the development outbox, written only with DEV_ROUTES (never in
 * production).
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: clientIdColumn(),
    // So that deleting an account can purge what was sent to it.
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    channel: text('channel').$type<CodeChannel>().notNull(),
    destination: text('destination').notNull(),
    subject: text('subject'),
    text: text('text').notNull(),
    code: text('code'),
    link: text('link'),
    /** Tries, back-off and errors are its sending job's (jobs/). */
    status: text('status').$type<OutboxStatus>().notNull().default('pending'),
    ...timestamps,
    sentAt: at('sent_at'),
    /** Order of writing, for "newest first" when several share a created_at. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
  },
  (table) => [index('outbox_seq_idx').on(table.seq)],
);

// What was sent to the person holds their e-mail or phone: it goes too.
registerPersonalData({ table: outbox, accountColumn: outbox.accountId, erase: 'delete' });

export type OutboxRow = typeof outbox.$inferSelect;
