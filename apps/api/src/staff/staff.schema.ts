/** What the marina's staff change, recorded: each setting change with who made it. */
import { bigserial, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { accounts } from '../accounts/accounts.schema.ts';
import { clientIdColumn } from '../clients/clients.schema.ts';
import { at } from '../db/columns.ts';
import { registerPersonalData } from '../db/personal-data.ts';

/** One setting changed by a staff member: which, from what to what (effective values), when and by whom. */
export const settingChanges = pgTable(
  'setting_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    clientId: clientIdColumn(),
    /** The staff member; NULL once their account is deleted (the change itself stays on record). */
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    setting: text('setting').notNull(),
    oldValue: jsonb('old_value').$type<number | boolean>().notNull(),
    newValue: jsonb('new_value').$type<number | boolean>().notNull(),
    changedAt: at('changed_at').notNull(),
  },
  (table) => [index('setting_changes_client_idx').on(table.clientId, table.changedAt)],
);

registerPersonalData({
  table: settingChanges,
  accountColumn: settingChanges.accountId,
  erase: { anonymise: () => ({ accountId: null }) },
});

export type SettingChangeRow = typeof settingChanges.$inferSelect;
