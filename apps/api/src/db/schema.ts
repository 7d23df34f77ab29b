/**
 * The one database schema (PostgreSQL dialect, DESIGN §8). After changing it, run
 * `pnpm --filter @marina/api db:generate` and commit the new migration in `drizzle/`.
 */
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ClientSettings } from '../clients/client-settings.ts';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
};

/** A marina using the platform; `id` is its clientId, the number every build and request names. */
export const clients = pgTable('clients', {
  id: integer('id').primaryKey(),
  app: text('app').notNull().unique(),
  title: text('title').notNull(),
  timeZone: text('time_zone').notNull().default('Europe/Madrid'),
  // Read through withDefaultSettings(): keys added after a client was seeded fall back to their default.
  settings: jsonb('settings').$type<Partial<ClientSettings>>().notNull().default({}),
  ...timestamps,
});

/**
 * Server-side session records behind the `__Host-sid` cookie. The id is the cookie value (256 random bits).
 * `expires_at` is the absolute limit; the idle limit is measured from `last_seen_at`.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    // Becomes a foreign key when the accounts table arrives.
    accountId: uuid('account_id'),
    ...timestamps,
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('sessions_account_id_idx').on(table.accountId),
    // For the sweep job that deletes expired sessions.
    index('sessions_expires_at_idx').on(table.expiresAt),
  ],
);

export type ClientRow = typeof clients.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
