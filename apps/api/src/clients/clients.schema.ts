/** The marinas using the platform (DESIGN §8). */
import { integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamps } from '../db/columns.ts';
import type { ClientSettings } from './client-settings.ts';

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

/** The marina a row belongs to: every record is scoped to one, and goes with it. */
export const clientIdColumn = () =>
  integer('client_id')
    .notNull()
    .references(() => clients.id, { onDelete: 'cascade' });

export type ClientRow = typeof clients.$inferSelect;
