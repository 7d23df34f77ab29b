import { globSync } from 'node:fs';
import { resolve } from 'node:path';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from './schema.ts';

const SRC = resolve(import.meta.dirname, '..');

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
      for (const [name, table] of own) expect(gathered.get(name), `${name} of ${file} is exported by db/schema.ts`).toBe(table);
    }
  });
});
