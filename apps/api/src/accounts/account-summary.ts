/** What the API tells about an account (AccountSummary, SessionInfo in `@marina/core/domain/accounts.ts`). */
import type { AccountSummary, SessionInfo } from '@marina/core/domain/accounts.ts';
import type { Licence } from '@marina/core/domain/data-validation.ts';
import { isDataValidationDue, type AccountFacts, type EligibilityContext } from '@marina/core/domain/eligibility.ts';
import type { ClientRecord } from '../clients/client-directory.ts';
import type { Executor } from '../db/database.ts';
import type { AccountRow } from './accounts.schema.ts';
import { unreadCount } from '../notifications/notifications.ts';

/** What the eligibility rule (`@marina/core/domain/eligibility.ts`) reads of an account row. */
export function accountFacts(account: AccountRow): AccountFacts {
  return {
    status: account.status,
    dataValidatedAt: account.dataValidatedAt?.toISOString() ?? null,
    documentExpiresOn: account.documentExpiresOn,
    licenceExpiresOn: account.licenceExpiresOn,
  };
}

/** The rule's context at this marina now: its calendar days and its `dataValidationDays`. */
export function eligibilityContext(client: ClientRecord, now: Date): EligibilityContext {
  return { now, timeZone: client.timeZone, dataValidationDays: client.settings.dataValidationDays };
}

/** The person on file as every account view tells them (AccountSummary, StaffCustomer, validar-datos): '' where none. */
export function personOnFile(account: AccountRow) {
  return {
    firstName: account.firstName,
    surnames: account.surnames,
    email: account.email ?? '',
    phone: account.phone ?? '',
    document: account.document ?? '',
  };
}

/** The licence on file, or null unless all of it is. */
export function licenceOnFile({ licenceType, licenceNumber, licenceExpiresOn }: AccountRow): Licence | null {
  return licenceType && licenceNumber && licenceExpiresOn
    ? { type: licenceType, number: licenceNumber, expiresOn: licenceExpiresOn }
    : null;
}

/** What AccountSummary and the staff's StaffCustomer both tell of an account (`accountProperties`). */
export function accountBasics(account: AccountRow, client: ClientRecord, now: Date) {
  const facts = accountFacts(account);
  return {
    id: account.id,
    ...personOnFile(account),
    status: account.status,
    dataValidatedAt: facts.dataValidatedAt,
    dataValidationDue: isDataValidationDue(facts, eligibilityContext(client, now)),
  };
}

export function toAccountSummary(account: AccountRow, client: ClientRecord, now: Date): AccountSummary {
  return { ...accountBasics(account, client, now), emailVerified: account.emailVerifiedAt !== null };
}

export async function sessionInfo(
  db: Executor,
  account: AccountRow,
  client: ClientRecord,
  now: Date,
): Promise<SessionInfo> {
  return { account: toAccountSummary(account, client, now), unreadNotifications: await unreadCount(db, account.id) };
}
