/** Finding accounts by what a person types, always inside one marina. */
import { normalizeEmail } from '@marina/core/domain/contact.ts';
import { normalizeDocument } from '@marina/core/domain/identity-document.ts';
import { and, eq, ne } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { accounts, type AccountRow } from './accounts.schema.ts';

/** Sign-in and recovery take "e-mail or document": an `@` means e-mail. */
export function normalizeIdentifier(identifier: string): { kind: 'email' | 'document'; value: string } {
  return identifier.includes('@')
    ? { kind: 'email', value: normalizeEmail(identifier) }
    : { kind: 'document', value: normalizeDocument(identifier) };
}

/** The live (not deleted) account of this marina with that e-mail or document. */
export async function findAccountByIdentifier(
  db: Executor,
  clientId: number,
  identifier: string,
): Promise<AccountRow | undefined> {
  const { kind, value } = normalizeIdentifier(identifier);
  const [account] = await db
    .select()
    .from(accounts)
    .where(
      and(
        eq(accounts.clientId, clientId),
        kind === 'email' ? eq(accounts.email, value) : eq(accounts.document, value),
        ne(accounts.status, 'deleted'),
      ),
    )
    .limit(1);
  return account;
}

export async function findAccount(db: Executor, clientId: number, id: string): Promise<AccountRow | undefined> {
  const [account] = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.clientId, clientId), eq(accounts.id, id)))
    .limit(1);
  return account;
}
