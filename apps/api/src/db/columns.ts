/** Column shapes every module's schema shares. */
import { timestamp } from 'drizzle-orm/pg-core';

/** A point in time, always with its zone (timestamptz). */
export const at = (name: string) => timestamp(name, { withTimezone: true });

export const timestamps = {
  createdAt: at('created_at').notNull().defaultNow(),
};
