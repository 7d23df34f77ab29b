import { globSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { getTableName, is } from 'drizzle-orm';
import { getTableConfig, PgDialect, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from './schema.ts';

const SRC = resolve(import.meta.dirname, '..');
const MIGRATIONS = resolve(import.meta.dirname, '../../drizzle');

/** The tables a module exports, by name. */
function tablesOf(exports: Record<string, unknown>): Map<string, PgTable> {
  return new Map(
    Object.values(exports)
      .filter((value): value is PgTable => is(value, PgTable))
      .map((table) => [getTableName(table), table]),
  );
}

describe('the schema', () => {
  it('gathers the tables of every module schema file, which drizzle-kit reads on its own', async () => {
    const files = globSync('**/*.schema.ts', { cwd: SRC });
    expect(files.length).toBeGreaterThan(0);
    const gathered = tablesOf(schema);
    for (const file of files) {
      const own = tablesOf(await import(resolve(SRC, file)));
      expect(own.size, `${file} defines tables`).toBeGreaterThan(0);
      for (const [name, table] of own)
        expect(gathered.get(name), `${name} of ${file} is exported by db/schema.ts`).toBe(table);
    }
  });

  it('declares the check constraints and partial indexes of the last migration, word for word (as drizzle-kit renders them)', () => {
    const journal = JSON.parse(readFileSync(resolve(MIGRATIONS, 'meta/_journal.json'), 'utf8')) as {
      entries: { idx: number }[];
    };
    const last = String(journal.entries.at(-1)!.idx).padStart(4, '0');
    const snapshot = JSON.parse(readFileSync(resolve(MIGRATIONS, `meta/${last}_snapshot.json`), 'utf8')) as {
      tables: Record<
        string,
        {
          checkConstraints: Record<string, { name: string; value: string }>;
          indexes: Record<string, { where?: string }>;
        }
      >;
    };
    const dialect = new PgDialect();
    for (const [name, table] of tablesOf(schema)) {
      const migrated = snapshot.tables[`public.${name}`];
      const { checks, indexes } = getTableConfig(table);
      const declared = Object.fromEntries(
        checks.map((check) => [check.name, { name: check.name, value: dialect.sqlToQuery(check.value).sql }]),
      );
      expect(declared, `the checks of ${name}`).toEqual(migrated?.checkConstraints);
      for (const { config } of indexes) {
        if (config.where)
          expect(dialect.sqlToQuery(config.where).sql, `the condition of ${config.name}`).toBe(
            migrated?.indexes[config.name!]?.where,
          );
      }
    }
  });
});
