/** The marinas using the platform, as their folders declare them (docs/decisions/013). */
import type { ClientSettings } from '@marina/core/domain/marina.ts';
import type { OpeningSeason } from '@marina/core/domain/opening-hours.ts';
import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamps } from '../db/columns.ts';

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
  /**
   * What the marina's staff changed (`PATCH /staff/settings`), over the folder's overrides. Its own column,
   * so that a start, which writes every folder's `settings` again, keeps staff's decisions (decision 019).
   */
  staffSettings: jsonb('staff_settings').$type<Partial<ClientSettings>>().notNull().default({}),
  sendsSms: boolean('sends_sms').notNull().default(false),
  /** The countries whose numbers the marina sends SMS to (docs/product.md §7.6); Spain fills rows older than it. */
  smsCountries: text('sms_countries')
    .array()
    .notNull()
    .default(sql`'{ES}'::text[]`),
  /** The marina's e-mail for alerts (its folder's `contact.email`); null when it declares none. */
  contactEmail: text('contact_email'),
  ...timestamps,
});

/** The marina a row belongs to: every record is scoped to one, and goes with it. */
export const clientIdColumn = () =>
  integer('client_id')
    .notNull()
    .references(() => clients.id, { onDelete: 'cascade' });

export type ClientRow = typeof clients.$inferSelect;
