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

/** JSON schema properties of personOnFile. */
export const personOnFileProperties = {
  firstName: { type: 'string' },
  surnames: { type: 'string' },
  email: { type: 'string' },
  phone: { type: 'string', description: 'E.164' },
  document: { type: 'string' },
} as const;

/** JSON schema properties of accountBasics, and their names (all required). */
export const accountProperties = {
  id: { type: 'string', format: 'uuid' },
  ...personOnFileProperties,
  status: { type: 'string', enum: ['registered', 'validated', 'active', 'suspended', 'deleted'] },
  dataValidatedAt: { type: ['string', 'null'], format: 'date-time' },
  dataValidationDue: { type: 'boolean' },
} as const;
export const accountRequired = [
  'id',
  'firstName',
  'surnames',
  'email',
  'phone',
  'document',
  'status',
  'dataValidatedAt',
  'dataValidationDue',
] as const;

/** JSON schema of AccountSummary, registered once (`$ref: 'AccountSummary#'`). */
export const accountSummarySchema = {
  $id: 'AccountSummary',
  type: 'object',
  properties: {
    ...accountProperties,
    emailVerified: {
      type: 'boolean',
      description: 'A code or link sent to the e-mail came back; until then it recovers nothing',
    },
  },
  required: [...accountRequired, 'emailVerified'],
} as const;

export const sessionInfoSchema = {
  $id: 'SessionInfo',
  type: 'object',
  properties: {
    account: { $ref: 'AccountSummary#' },
    unreadNotifications: { type: 'integer', minimum: 0 },
  },
  required: ['account', 'unreadNotifications'],
} as const;
