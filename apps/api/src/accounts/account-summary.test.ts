import { addDays, todayIn } from '@marina/core/domain/calendar.ts';
import { withDefaultSettings } from '@marina/core/domain/marina.ts';
import { describe, expect, it } from 'vitest';
import type { ClientRecord } from '../clients/client-directory.ts';
import type { AccountRow } from './accounts.schema.ts';
import { toAccountSummary } from './account-summary.ts';

const client: ClientRecord = {
  id: 41,
  app: 'demo',
  title: 'Marina',
  timeZone: 'Europe/Madrid',
  openingHours: [],
  settings: withDefaultSettings({ dataValidationDays: 365 }),
  sendsSms: true,
};
const DAY = 24 * 60 * 60 * 1000;
// Noon in Madrid, so that whole days back are the same hour of other calendar days.
const now = new Date('2026-06-15T10:00:00Z');

function account(overrides: Partial<AccountRow>): AccountRow {
  return {
    id: 'a',
    clientId: 41,
    status: 'active',
    role: 'customer',
    firstName: 'Nuria',
    surnames: 'Puig',
    email: null,
    phone: null,
    document: null,
    passwordHash: null,
    dataValidatedAt: null,
    validationDueToldFor: null,
    documentExpiresOn: null,
    licenceType: null,
    licenceNumber: null,
    licenceExpiresOn: null,
    emailVerifiedAt: null,
    phoneVerifiedAt: null,
    privacyAcceptedAt: null,
    termsAcceptedAt: null,
    activatedAt: null,
    deletedAt: null,
    createdAt: now,
    updatedAt: now,
    ...overrides,
  };
}
const due = (overrides: Partial<AccountRow>) => toAccountSummary(account(overrides), client, now).dataValidationDue;

describe('dataValidationDue (the core rule, in the marina’s calendar)', () => {
  it('falls due on the day dataValidationDays calendar days after the confirmation', () => {
    expect(due({ dataValidatedAt: new Date(now.getTime() - 364 * DAY) })).toBe(false);
    expect(due({ dataValidatedAt: new Date(now.getTime() - 365 * DAY) })).toBe(true);
    // Late in the evening 364 days ago, Madrid time (the next UTC day): still 364 calendar days.
    expect(due({ dataValidatedAt: new Date('2025-06-16T21:30:00Z') })).toBe(false);
    expect(due({ dataValidatedAt: null })).toBe(true);
  });

  it('is due when the identity document or the licence on file has expired', () => {
    const today = todayIn('Europe/Madrid', now);
    const recently = new Date(now.getTime() - DAY);
    expect(due({ dataValidatedAt: recently, documentExpiresOn: today, licenceExpiresOn: today })).toBe(false);
    expect(due({ dataValidatedAt: recently, documentExpiresOn: addDays(today, -1) })).toBe(true);
    expect(due({ dataValidatedAt: recently, licenceExpiresOn: addDays(today, -1) })).toBe(true);
  });
});
