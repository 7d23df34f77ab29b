/**
 * Where each account's personal data lives, so that deleting an account (DELETE /me) erases all of it. Every
 * module registers its tables next to their schema (`<module>.schema.ts`); `personal-data.test.ts` fails
 * when a table with an account or a contact column is neither registered nor listed there as holding none.
 * The erasure itself is `account-erasure.ts`, which loads every schema file first.
 */
import { getTableName } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Tx } from './database.ts';

/** What an erasure may need besides the account. */
export interface ErasureContext {
  now: Date;
  /**
   * Gives the places freed in these slots of the marina (rows locked by the caller) to who waits for them, as a
   * cancellation does (launch-places.ts): passed in, because the launches' schema cannot import the code built on it.
   */
  promoteWaiting: (tx: Tx, clientId: number, starts: readonly Date[]) => Promise<void>;
}

/** Rows found through the account they belong to: deleted, or kept with their personal values replaced. */
export interface ByAccountColumn<T extends PgTable> {
  table: T;
  accountColumn: PgColumn;
  erase: 'delete' | { anonymise: (now: Date) => PgUpdateSetSource<T> };
}

/** Rows that name their account in some other way (a key, a scope): the module erases them itself. */
interface ByOwnQuery<T extends PgTable> {
  table: T;
  erase: (tx: Tx, accountId: string, context: ErasureContext) => Promise<unknown>;
}

export type PersonalData<T extends PgTable = PgTable> = ByAccountColumn<T> | ByOwnQuery<T>;

const registry: PersonalData[] = [];

export function registerPersonalData<T extends PgTable>(entry: PersonalData<T>): void {
  if (registry.some((known) => known.table === entry.table))
    throw new Error(`${getTableName(entry.table)} is registered twice`);
  registry.push(entry as unknown as PersonalData);
}

/** What is registered, in registration order: complete once every schema file is loaded (`account-erasure.ts`). */
export function personalDataTables(): readonly PersonalData[] {
  return registry;
}
