import { describe, expect, it } from 'vitest';
import {
  accountEligibility,
  eligibility,
  isDataValidationDue,
  launchEligibility,
  nextValidationDueOn,
  type AccountFacts,
  type BoatFacts,
  type EligibilityContext,
  type IneligibilityCode,
} from './eligibility.ts';

// 23 November 2026 at 00:30 in Madrid is still 22 November in UTC: every "today" below is Madrid's.
const madridEarly = new Date('2026-11-22T23:30:00Z');
const context: EligibilityContext = { now: madridEarly, timeZone: 'Europe/Madrid', dataValidationDays: 365 };

const account: AccountFacts = {
  status: 'active',
  dataValidatedAt: '2026-06-01T10:00:00Z',
  documentExpiresOn: '2030-01-01',
  licenceExpiresOn: '2030-01-01',
};

const boat: BoatFacts = {
  id: 'b0a7b0a7-0000-4000-8000-000000000001',
  state: 'in_rack',
  insuranceExpiresOn: '2027-05-31',
  contract: { status: 'active', startsOn: '2026-01-01', endsOn: '2026-12-31' },
};

const codesOf = (account_: AccountFacts, boat_: BoatFacts, context_ = context): IneligibilityCode[] =>
  eligibility(account_, boat_, context_).reasons.map((reason) => reason.code);

describe('eligibility', () => {
  it('lets an active account with validated data use a boat in its rack under an active contract and insurance', () => {
    expect(eligibility(account, boat, context)).toEqual({ eligible: true, reasons: [] });
  });

  it.each<[IneligibilityCode, Partial<AccountFacts>, Partial<BoatFacts>]>([
    ['account_suspended', { status: 'suspended' }, {}],
    ['data_validation_due', { dataValidatedAt: null }, {}],
    ['identity_document_expired', { documentExpiresOn: '2026-11-22' }, {}],
    ['licence_expired', { licenceExpiresOn: '2026-01-31' }, {}],
    ['no_active_contract', {}, { contract: null }],
    ['no_active_contract', {}, { contract: { status: 'rejected', startsOn: '2026-12-01', endsOn: '2027-11-30' } }],
    ['no_active_contract', {}, { contract: { status: 'cancelled', startsOn: '2026-01-01', endsOn: '2026-12-31' } }],
    ['contract_requested', {}, { contract: { status: 'requested', startsOn: '2026-12-01', endsOn: '2027-11-30' } }],
    ['contract_not_started', {}, { contract: { status: 'active', startsOn: '2026-11-24', endsOn: '2027-11-23' } }],
    ['contract_expired', {}, { contract: { status: 'expired', startsOn: '2025-11-01', endsOn: '2026-10-31' } }],
    ['contract_expired', {}, { contract: { status: 'active', startsOn: '2025-11-01', endsOn: '2026-11-22' } }],
    ['insurance_missing', {}, { insuranceExpiresOn: null }],
    ['insurance_expired', {}, { insuranceExpiresOn: '2026-11-22' }],
    ['boat_in_maintenance', {}, { state: 'maintenance' }],
  ])('refuses with %s', (code, accountChange, boatChange) => {
    const verdict = eligibility({ ...account, ...accountChange }, { ...boat, ...boatChange }, context);
    expect(verdict.eligible).toBe(false);
    expect(verdict.reasons.map((reason) => reason.code)).toEqual([code]);
    expect(verdict.reasons[0]!.text).toMatch(/^[A-ZÁÉÍÓÚ]/);
  });

  it('gives every reason at once, account first, each with a fix where the customer has one', () => {
    const verdict = eligibility(
      { ...account, dataValidatedAt: null },
      { ...boat, insuranceExpiresOn: '2026-01-01', state: 'maintenance', contract: null },
      context,
    );
    expect(verdict.reasons).toEqual([
      {
        code: 'data_validation_due',
        text: 'Datos pendientes de validar',
        fix: { label: 'Validar mis datos', to: '/validar-datos' },
      },
      {
        code: 'no_active_contract',
        text: 'Sin contrato',
        fix: { label: 'Solicitar contrato', to: `/alta-contrato?barco=${boat.id}` },
      },
      {
        code: 'insurance_expired',
        text: 'Seguro caducado',
        fix: { label: 'Renovar el seguro', to: `/misbarcos/${boat.id}` },
      },
      { code: 'boat_in_maintenance', text: 'Barco en mantenimiento', fix: null },
    ]);
  });

  it("counts a policy, a document, a licence and a contract as valid through their last day, in the marina's calendar", () => {
    // 23 November in Madrid (22 November in UTC): expiring "today" is still valid.
    const lastDay = '2026-11-23';
    expect(
      codesOf(
        { ...account, documentExpiresOn: lastDay, licenceExpiresOn: lastDay },
        { ...boat, insuranceExpiresOn: lastDay, contract: { status: 'active', startsOn: lastDay, endsOn: lastDay } },
      ),
    ).toEqual([]);
    // The same facts one day later, and at the same instant for a marina whose day has not turned yet.
    const nextDay = { ...context, now: new Date('2026-11-23T23:30:00Z') };
    expect(
      codesOf({ ...account, documentExpiresOn: lastDay }, { ...boat, insuranceExpiresOn: lastDay }, nextDay),
    ).toEqual(['identity_document_expired', 'insurance_expired']);
    const canary = { ...context, timeZone: 'Atlantic/Canary' };
    expect(codesOf(account, { ...boat, insuranceExpiresOn: '2026-11-22' }, canary)).toEqual([]);
  });
});

describe('launch eligibility', () => {
  it("adds the launch's own reason to the rule: a boat already in the water cannot be launched", () => {
    const inWater = { ...boat, state: 'in_water' as const };
    expect(eligibility(account, inWater, context)).toEqual({ eligible: true, reasons: [] });
    expect(launchEligibility(account, inWater, context)).toEqual({
      eligible: false,
      reasons: [{ code: 'boat_in_water', text: 'El barco ya está en el agua', fix: null }],
    });
    expect(launchEligibility(account, boat, context)).toEqual({ eligible: true, reasons: [] });
  });

  it('keeps every reason of the rule, account first', () => {
    const verdict = launchEligibility(
      { ...account, status: 'suspended' },
      { ...boat, state: 'in_water', insuranceExpiresOn: null },
      context,
    );
    expect(verdict.reasons.map((reason) => reason.code)).toEqual([
      'account_suspended',
      'insurance_missing',
      'boat_in_water',
    ]);
  });
});

describe('data validation due', () => {
  it('is due exactly when dataValidationDays calendar days have passed, not a day before', () => {
    // Confirmed on 23 November 2025, Madrid time (late evening, already 23 Nov in Madrid, 22 Nov 23:15 UTC).
    const confirmed = { ...account, dataValidatedAt: '2025-11-22T23:15:00Z' };
    const dayBefore = { ...context, now: new Date('2026-11-22T12:00:00Z') };
    const dueDay = { ...context, now: new Date('2026-11-22T23:30:00Z') };
    expect(isDataValidationDue(confirmed, dayBefore)).toBe(false);
    expect(isDataValidationDue(confirmed, dueDay)).toBe(true);
    expect(nextValidationDueOn('2025-11-23', 365)).toBe('2026-11-23');
  });

  it('is due when never confirmed, or when a document on file has expired', () => {
    expect(isDataValidationDue({ ...account, dataValidatedAt: null }, context)).toBe(true);
    expect(isDataValidationDue({ ...account, documentExpiresOn: '2026-11-01' }, context)).toBe(true);
    expect(isDataValidationDue({ ...account, licenceExpiresOn: '2026-11-01' }, context)).toBe(true);
    expect(isDataValidationDue(account, context)).toBe(false);
    expect(isDataValidationDue({ ...account, status: 'suspended' }, context)).toBe(false);
  });

  it("follows the marina's own dataValidationDays", () => {
    expect(isDataValidationDue(account, { ...context, dataValidationDays: 30 })).toBe(true);
    expect(
      accountEligibility({ ...account, status: 'suspended' }, context).reasons.map((reason) => reason.code),
    ).toEqual(['account_suspended']);
  });
});
