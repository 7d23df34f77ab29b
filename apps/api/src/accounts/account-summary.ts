/** What the API tells about an account (AccountSummary, SessionInfo in `@marina/core/domain/accounts.ts`). */
import type { AccountSummary, SessionInfo } from '@marina/core/domain/accounts.ts';
import type { ClientRecord } from '../clients/client-directory.ts';
import type { Executor } from '../db/database.ts';
import type { AccountRow } from '../db/schema.ts';
import { unreadCount } from '../notifications/notifications.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Due when never validated, or validated longer ago than the marina's `dataValidationDays`. */
export function isDataValidationDue(account: Pick<AccountRow, 'dataValidatedAt'>, client: ClientRecord, now: Date): boolean {
  if (!account.dataValidatedAt) return true;
  return now.getTime() - account.dataValidatedAt.getTime() > client.settings.dataValidationDays * DAY_MS;
}

export function toAccountSummary(account: AccountRow, client: ClientRecord, now: Date): AccountSummary {
  return {
    id: account.id,
    firstName: account.firstName,
    surnames: account.surnames,
    email: account.email ?? '',
    phone: account.phone ?? '',
    document: account.document ?? '',
    status: account.status,
    dataValidatedAt: account.dataValidatedAt?.toISOString() ?? null,
    dataValidationDue: isDataValidationDue(account, client, now),
    emailVerified: account.emailVerifiedAt !== null,
  };
}

export async function sessionInfo(db: Executor, account: AccountRow, client: ClientRecord, now: Date): Promise<SessionInfo> {
  return { account: toAccountSummary(account, client, now), unreadNotifications: await unreadCount(db, account.id) };
}

/** JSON schema of AccountSummary, registered once (`$ref: 'AccountSummary#'`). */
export const accountSummarySchema = {
  $id: 'AccountSummary',
  type: 'object',
  properties: {
    id: { type: 'string', format: 'uuid' },
    firstName: { type: 'string' },
    surnames: { type: 'string' },
    email: { type: 'string' },
    phone: { type: 'string', description: 'E.164' },
    document: { type: 'string' },
    status: { type: 'string', enum: ['registered', 'validated', 'active', 'suspended', 'deleted'] },
    dataValidatedAt: { type: ['string', 'null'], format: 'date-time' },
    dataValidationDue: { type: 'boolean' },
    emailVerified: { type: 'boolean', description: 'A code or link sent to the e-mail came back; until then it recovers nothing' },
  },
  required: ['id', 'firstName', 'surnames', 'email', 'phone', 'document', 'status', 'dataValidatedAt', 'dataValidationDue', 'emailVerified'],
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
