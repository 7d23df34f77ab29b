/**
 * Deleting an account (DELETE /me) erases its personal data from every table registered for it
 * (`personal-data.ts`). The registry fills as each module's schema file loads: this file loads them all
 * (`schema.ts`), so no table is left out for want of a module the caller happened not to import.
 */
import './schema.ts';
import { eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from './database.ts';
import { personalDataTables, type ByAccountColumn, type ErasureContext } from './personal-data.ts';

/**
 * Erases every registered row of the account, in the caller's transaction. Newest registration first: a
 * schema file registers after the tables it imports (references), so rows go before what they point to,
 * and the account row itself (registered first) is anonymised last.
 */
export async function eraseAccountData(tx: Tx, accountId: string, context: ErasureContext): Promise<void> {
  const { now } = context;
  for (const entry of [...personalDataTables()].reverse()) {
    if (typeof entry.erase === 'function') {
      await entry.erase(tx, accountId, context);
      continue;
    }
    const { table, accountColumn, erase } = entry as ByAccountColumn<PgTable>;
    if (erase === 'delete') await tx.delete(table).where(eq(accountColumn, accountId));
    else await tx.update(table).set(erase.anonymise(now)).where(eq(accountColumn, accountId));
  }
}
