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

  it('serves every foreign key with an index led by its columns, or says why none is needed', () => {
    // A foreign key without an index makes every read by it (a boat's contracts) and every cascade from its
    // parent (deleting a boat) scan the whole table: a booking read its boat's contracts that way, at ~0.5 ms
    // of the database's CPU a booking at a thousand boats (docs/benchmarks.md). An index costs each write on
    // the table, so the keys below go without one, each for the reason given.
    const unindexed: Record<string, string> = {
      client_id: 'a marina is never deleted, and every read by marina goes by another index led by client_id or by id',
      'authorisations.verification_id':
        'deleting a code (used, or by the daily sweep) checks authorisations, a few rows per account',
      'closures.created_by': 'set null when a staff account is erased: rare, on a table of a few rows a marina',
      'contracts.decided_by': 'set null when a staff account is erased: rare',
      'insurance_certificates.uploaded_by': 'set null when an account is erased: rare',
      'launch_events.actor_account_id':
        'set null when an account is erased: rare; an index would cost every launch change (a booking) a write',
      'launches.boat_id':
        'read by boat through launches_one_open_per_boat (open launches); every status only when a boat or an authorisation is erased: rare',
      'outbox.account_id': 'set null when an account is erased: rare',
      'push_messages.account_id':
        'read and deleted by id (a push waits minutes at most); erased with the account: rare',
      'setting_changes.account_id': 'set null when a staff account is erased: rare',
    };
    const missing: string[] = [];
    for (const [name, table] of tablesOf(schema)) {
      const { foreignKeys, indexes, primaryKeys, uniqueConstraints, columns } = getTableConfig(table);
      const leads: string[][] = [
        ...indexes
          .filter(({ config }) => !config.where)
          .map(({ config }) => config.columns.map((column) => ('name' in column ? (column.name ?? '') : ''))),
        ...primaryKeys.map((key) => key.columns.map((column) => column.name)),
        ...uniqueConstraints.map((key) => key.columns.map((column) => column.name)),
        ...columns.filter((column) => column.primary || column.isUnique).map((column) => [column.name]),
      ];
      for (const key of foreignKeys) {
        const keyColumns = key.reference().columns.map((column) => column.name);
        const served = leads.some(
          (lead) =>
            lead.length >= keyColumns.length &&
            keyColumns.every((column) => lead.slice(0, keyColumns.length).includes(column)),
        );
        const named = `${name}.${keyColumns.join(',')}`;
        if (!served && !(named in unindexed) && !(keyColumns.join(',') in unindexed)) missing.push(named);
      }
    }
    expect(missing, 'foreign keys with no index led by their columns').toEqual([]);
  });
});
