/** Column shapes every module's schema shares. */
import { sql, type SQL } from 'drizzle-orm';
import { timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

/** A point in time, always with its zone (timestamptz). */
export const at = (name: string) => timestamp(name, { withTimezone: true });

export const timestamps = {
  createdAt: at('created_at').notNull().defaultNow(),
};

/**
 * `"table"."column" in ('a', 'b')`, for a check constraint, from the TypeScript list of the values the column
 * may hold, so that list is the only one. The values are written as quoted literals, not parameters: drizzle-kit
 * copies this SQL into the migrations.
 */
export function inList(column: AnyPgColumn, values: readonly string[]): SQL {
  const literals = values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', ');
  return sql`${column} in (${sql.raw(literals)})`;
}
