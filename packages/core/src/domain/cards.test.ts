import { describe, expect, it } from 'vitest';
import {
  CARD_CODE,
  cardCheckUrl,
  cardCode,
  cardCodeValid,
  cardValidUntil,
  cardVerdict,
  earliestDay,
  formatCardNumber,
  newCardSecret,
  surnameInitial,
  type CardBoatFacts,
} from './cards.ts';
import {
  accountReasons,
  authorisedEligibility,
  eligibility,
  type AccountFacts,
  type AuthorisationFacts,
  type BoatFacts,
  type EligibilityContext,
  type IneligibilityCode,
} from './eligibility.ts';

// RFC 6238's test secret (ASCII "12345678901234567890"), so the codes below can be checked against the RFC.
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const at = (iso: string) => new Date(iso);

describe('the card code (RFC 6238, 60 s steps)', () => {
  it('is RFC 6238 TOTP with SHA-1 and 6 digits', () => {
    // RFC 6238 appendix B, T = 59 s with 30 s steps: counter 1, code 287082 (last 6 of 94287082). With 60 s
    // steps counter 1 starts at 60 s.
    expect(CARD_CODE).toEqual({ algorithm: 'SHA1', digits: 6, period: 60 });
    expect(cardCode(RFC_SECRET, new Date(60_000))).toBe('287082');
    expect(cardCode(RFC_SECRET, new Date(119_999))).toBe('287082');
  });

  it('passes the code of the current step and of the previous one, and nothing older or newer', () => {
    const secret = newCardSecret();
    const now = at('2026-11-25T10:00:30Z');
    const current = cardCode(secret, now);
    const previous = cardCode(secret, at('2026-11-25T09:59:30Z'));
    const twoBack = cardCode(secret, at('2026-11-25T09:58:30Z'));
    const next = cardCode(secret, at('2026-11-25T10:01:30Z'));
    expect(cardCodeValid(secret, current, now)).toBe(true);
    expect(cardCodeValid(secret, previous, now)).toBe(true);
    // Codes can repeat by chance (one in a million); these are compared only when they differ.
    if (twoBack !== current && twoBack !== previous) expect(cardCodeValid(secret, twoBack, now)).toBe(false);
    if (next !== current && next !== previous) expect(cardCodeValid(secret, next, now)).toBe(false);
  });

  it('stops a screenshot within two steps', () => {
    const shownAt = at('2026-11-25T10:00:00Z');
    const code = cardCode(RFC_SECRET, shownAt);
    expect(cardCodeValid(RFC_SECRET, code, at('2026-11-25T10:01:59Z'))).toBe(true);
    expect(cardCodeValid(RFC_SECRET, code, at('2026-11-25T10:02:00Z'))).toBe(false);
  });

  it('refuses a code of another secret, an empty code and anything but 6 digits', () => {
    const now = at('2026-11-25T10:00:30Z');
    const mine = newCardSecret();
    const other = newCardSecret();
    expect(mine).toMatch(/^[A-Z2-7]{32}$/);
    expect(mine).not.toBe(other);
    const code = cardCode(other, now);
    if (code !== cardCode(mine, now) && code !== cardCode(mine, at('2026-11-25T09:59:30Z')))
      expect(cardCodeValid(mine, code, now)).toBe(false);
    for (const bad of ['', '12345', '1234567', 'abcdef', ` ${cardCode(mine, now)}`])
      expect(cardCodeValid(mine, bad, now)).toBe(false);
  });

  it('builds the QR address and the printed number', () => {
    expect(cardCheckUrl('https://marina.example/', 'AbC_-0123456789abcdefg', '012345')).toBe(
      'https://marina.example/checkQR/AbC_-0123456789abcdefg?c=012345',
    );
    expect(formatCardNumber('12345678')).toBe('1234 5678');
    expect(surnameInitial(' álvarez Ruiz')).toBe('Á.');
    expect(surnameInitial('')).toBe('');
  });
});

// The card's verdict, read through the eligibility rule as the server does (docs/product.md §4.10, §4.13).
const context: EligibilityContext = {
  now: at('2026-11-25T10:00:00Z'),
  timeZone: 'Europe/Madrid',
  dataValidationDays: 365,
};
const account: AccountFacts = {
  status: 'active',
  dataValidatedAt: '2026-06-01T10:00:00Z',
  documentExpiresOn: '2030-01-01',
  licenceExpiresOn: '2030-01-01',
};
const boatFacts: BoatFacts = {
  id: 'b0a7b0a7-0000-4000-8000-000000000001',
  state: 'in_rack',
  insuranceExpiresOn: '2027-05-31',
  contract: { status: 'active', startsOn: '2026-01-01', endsOn: '2026-12-31' },
};
const authorisation: AuthorisationFacts = {
  state: 'active',
  validFrom: '2026-11-01',
  validTo: '2027-03-31',
  licenceExpiresOn: '2028-01-01',
};

const ownBoat = (
  accountChange: Partial<AccountFacts> = {},
  boatChange: Partial<BoatFacts> = {},
  name = 'Gaviota',
): CardBoatFacts => {
  const facts = { ...boatFacts, ...boatChange };
  return {
    id: facts.id,
    name,
    eligibility: eligibility({ ...account, ...accountChange }, facts, context),
    lastDay: null,
  };
};

const codes = (boats: CardBoatFacts[], accountChange: Partial<AccountFacts> = {}) =>
  cardVerdict(accountReasons({ ...account, ...accountChange }, context), boats).reasons.map((reason) => reason.code);

describe('the card verdict', () => {
  it('is green for an owner who may use a boat', () => {
    expect(cardVerdict([], [ownBoat()])).toEqual({ valid: true, reasons: [] });
  });

  it('is green when one of the boats may be used, whatever the others', () => {
    expect(cardVerdict([], [ownBoat({}, { insuranceExpiresOn: null }), ownBoat()]).valid).toBe(true);
  });

  it.each<[IneligibilityCode, Partial<AccountFacts>, Partial<BoatFacts>]>([
    ['account_suspended', { status: 'suspended' }, {}],
    ['data_validation_due', { dataValidatedAt: null }, {}],
    ['identity_document_expired', { documentExpiresOn: '2026-11-24' }, {}],
    ['licence_expired', { licenceExpiresOn: '2026-11-24' }, {}],
    ['no_active_contract', {}, { contract: null }],
    ['contract_requested', {}, { contract: { status: 'requested', startsOn: '2026-12-01', endsOn: '2027-11-30' } }],
    ['contract_not_started', {}, { contract: { status: 'active', startsOn: '2026-12-01', endsOn: '2027-11-30' } }],
    ['contract_expired', {}, { contract: { status: 'active', startsOn: '2025-11-01', endsOn: '2026-11-24' } }],
    ['insurance_missing', {}, { insuranceExpiresOn: null }],
    ['insurance_expired', {}, { insuranceExpiresOn: '2026-11-24' }],
    ['boat_in_maintenance', {}, { state: 'maintenance' }],
  ])('is red for an owner with %s, with its text and fix as the rule gives them', (code, accountChange, boatChange) => {
    const boat = ownBoat(accountChange, boatChange);
    const verdict = cardVerdict(accountReasons({ ...account, ...accountChange }, context), [boat]);
    expect(verdict.valid).toBe(false);
    expect(verdict.reasons).toEqual([
      {
        ...boat.eligibility.reasons[0],
        boat: Object.keys(accountChange).length > 0 ? null : { id: boat.id, name: 'Gaviota' },
      },
    ]);
  });

  it('names the holder’s own reasons once and first, then every boat’s with the boat', () => {
    const verdict = cardVerdict(accountReasons({ ...account, status: 'suspended' }, context), [
      ownBoat({ status: 'suspended' }, { insuranceExpiresOn: null }, 'Gaviota'),
      {
        ...ownBoat({ status: 'suspended' }, { id: 'b0a7b0a7-0000-4000-8000-000000000002', contract: null }, 'Albatros'),
      },
    ]);
    expect(verdict.reasons.map((reason) => [reason.code, reason.boat?.name ?? null])).toEqual([
      ['account_suspended', null],
      ['insurance_missing', 'Gaviota'],
      ['no_active_contract', 'Albatros'],
    ]);
    expect(verdict.reasons[2]!.fix).toEqual({
      label: 'Solicitar contrato',
      to: '/alta-contrato?barco=b0a7b0a7-0000-4000-8000-000000000002',
    });
  });

  it('is red with no_boats (and the account’s reasons) for a holder without boats', () => {
    expect(codes([])).toEqual(['no_boats']);
    expect(codes([], { dataValidatedAt: null })).toEqual(['data_validation_due', 'no_boats']);
  });

  it.each<[IneligibilityCode, Partial<AuthorisationFacts>, Partial<AccountFacts>]>([
    ['authorisation_suspended', { state: 'suspended' }, {}],
    ['outside_authorised_period', { validFrom: '2026-12-01' }, {}],
    ['outside_authorised_period', { validTo: '2026-11-24' }, {}],
    ['outside_authorised_period', { state: 'expired' }, {}],
    ['authorised_licence_expired', { licenceExpiresOn: '2026-11-24' }, {}],
    ['owner_not_eligible', {}, { status: 'suspended' }],
  ])('is red for an authorised person with %s', (code, authorisationChange, ownerChange) => {
    const boat: CardBoatFacts = {
      id: boatFacts.id,
      name: 'Gaviota',
      eligibility: authorisedEligibility(
        account,
        { ...account, ...ownerChange },
        { ...authorisation, ...authorisationChange },
        boatFacts,
        context,
      ),
      lastDay: null,
    };
    const verdict = cardVerdict(accountReasons(account, context), [boat]);
    expect(verdict).toEqual({
      valid: false,
      reasons: [{ ...boat.eligibility.reasons[0], boat: { id: boatFacts.id, name: 'Gaviota' } }],
    });
  });

  it('is green for an authorised person with an active authorisation inside its period', () => {
    const eligible = authorisedEligibility(account, account, authorisation, boatFacts, context);
    expect(
      cardVerdict([], [{ id: boatFacts.id, name: 'Gaviota', eligibility: eligible, lastDay: '2027-03-31' }]).valid,
    ).toBe(true);
  });
});

describe('the card’s valid-until', () => {
  const green = cardVerdict([], [ownBoat()]);
  const usable = (lastDay: string | null): CardBoatFacts => ({ ...ownBoat(), lastDay });
  const unusable = (lastDay: string | null): CardBoatFacts => ({
    ...ownBoat({}, { insuranceExpiresOn: null }),
    lastDay,
  });

  it('is the latest end of the usable boats, capped by the holder’s own deadlines', () => {
    expect(cardValidUntil(green, null, [usable('2026-12-31'), usable('2027-05-31'), unusable('2030-01-01')])).toBe(
      '2027-05-31',
    );
    expect(cardValidUntil(green, '2027-01-15', [usable('2027-05-31')])).toBe('2027-01-15');
    expect(cardValidUntil(green, null, [usable(null), usable('2027-05-31')])).toBeNull();
  });

  it('is null for a red card', () => {
    expect(cardValidUntil(cardVerdict([], [unusable('2027-05-31')]), null, [unusable('2027-05-31')])).toBeNull();
  });

  it('takes the earliest day, ignoring the open ends', () => {
    expect(earliestDay(null, '2027-01-02', undefined, '2026-12-31')).toBe('2026-12-31');
    expect(earliestDay(null, undefined)).toBeNull();
  });
});
