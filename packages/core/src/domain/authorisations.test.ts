import { describe, expect, it } from 'vitest';
import { ValidationError } from 'yup';
import { authorisationSchema, licenceCoversPeriod, rescheduleSchema, suspensionSchema } from './authorisations.ts';
import {
  authorisedEligibility,
  type AccountFacts,
  type AuthorisationFacts,
  type BoatFacts,
  type EligibilityContext,
} from './eligibility.ts';

const today = '2026-11-25';
const BOAT = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';
const valid = {
  firstName: ' Marta ',
  surnames: 'Ruiz\tSoler',
  document: '12.345.678-z',
  phone: '612 345 678',
  email: ' Marta@Correo.ES ',
  licence: { type: 'per', number: ' PER-123 ', expiresOn: '2028-01-01' },
  boatIds: [BOAT],
  validFrom: today,
  validTo: '2027-06-30',
};

function messages(
  schema: { validateSync: (value: unknown, options: object) => unknown },
  value: unknown,
): Record<string, string> {
  try {
    schema.validateSync(value, { abortEarly: false });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return Object.fromEntries(error.inner.map((inner) => [inner.path ?? '', inner.message]));
  }
}

function allMessages(value: unknown): Record<string, string[]> {
  try {
    authorisationSchema(today).validateSync(value, { abortEarly: false });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const found: Record<string, string[]> = {};
    for (const inner of error.inner) (found[inner.path ?? ''] ??= []).push(inner.message);
    return found;
  }
}

describe('authorisation form', () => {
  it('normalises what the server stores, with the same document and phone checks as registration', () => {
    expect(authorisationSchema(today).validateSync(valid)).toEqual({
      firstName: 'Marta',
      surnames: 'Ruiz Soler',
      document: '12345678Z',
      phone: '+34612345678',
      email: 'marta@correo.es',
      licence: { type: 'per', number: 'PER-123', expiresOn: '2028-01-01' },
      boatIds: [BOAT],
      validFrom: today,
      validTo: '2027-06-30',
    });
    expect(authorisationSchema(today).validateSync({ ...valid, validTo: undefined }).validTo).toBeNull();
  });

  it('names every field it refuses, in Spanish', () => {
    expect(
      messages(authorisationSchema(today), {
        ...valid,
        document: '12345678A',
        phone: '912345678',
        boatIds: [],
        validFrom: '2026-11-24',
      }),
    ).toEqual({
      document: 'La letra no corresponde al número. Revísalo.',
      phone: 'Un móvil español empieza por 6 o 7.',
      boatIds: 'Elige al menos un barco.',
      validFrom: 'Elige hoy (miércoles 25 de noviembre) o un día posterior.',
    });
    const errors = allMessages({
      ...valid,
      firstName: '',
      document: '',
      licence: { type: 'x', number: '', expiresOn: '2026-11-24' },
    });
    expect(errors.firstName).toContain('Escribe el nombre.');
    expect(errors.document).toContain('Escribe el DNI, NIE o pasaporte de la persona.');
    expect(errors['licence.type']).toContain('Elige el tipo de titulación.');
    expect(errors['licence.number']).toContain('Escribe el número de la titulación.');
    expect(errors['licence.expiresOn']).toContain('La titulación ya ha caducado.');
  });

  it('refuses a licence that expires inside the period, and an end before the start', () => {
    expect(
      messages(authorisationSchema(today), { ...valid, licence: { ...valid.licence, expiresOn: '2027-06-29' } }),
    ).toEqual({
      'licence.expiresOn': 'La titulación caduca antes de que termine el periodo autorizado.',
    });
    expect(messages(authorisationSchema(today), { ...valid, validTo: '2026-11-24' })).toEqual({
      validTo: 'Debe ser el mismo día que «Desde» o posterior.',
    });
    expect(licenceCoversPeriod('2027-06-30', today, '2027-06-30')).toBe(true);
    expect(licenceCoversPeriod('2026-12-01', '2026-12-02', null)).toBe(false);
  });

  it('reschedules with a start in the past but an end from today on', () => {
    expect(rescheduleSchema(today).validateSync({ validFrom: '2026-01-01', validTo: null })).toEqual({
      validFrom: '2026-01-01',
      validTo: null,
    });
    expect(messages(rescheduleSchema(today), { validFrom: '2026-01-01', validTo: '2026-11-24' })).toEqual({
      validTo: 'Elige hoy (miércoles 25 de noviembre) o un día posterior.',
    });
  });

  it('takes an optional suspension reason on one line', () => {
    expect(suspensionSchema.validateSync({})).toEqual({ reason: '' });
    expect(suspensionSchema.validateSync({ reason: ' No\ncuida el barco ' })).toEqual({ reason: 'No cuida el barco' });
  });
});

describe('authorised eligibility', () => {
  const context: EligibilityContext = {
    now: new Date('2026-11-25T10:00:00Z'),
    timeZone: 'Europe/Madrid',
    dataValidationDays: 365,
  };
  const account: AccountFacts = {
    status: 'active',
    dataValidatedAt: '2026-06-01T10:00:00Z',
    documentExpiresOn: null,
    licenceExpiresOn: null,
  };
  const boat: BoatFacts = {
    id: BOAT,
    state: 'in_rack',
    insuranceExpiresOn: '2027-05-31',
    contract: { status: 'active', startsOn: '2026-01-01', endsOn: '2026-12-31' },
  };
  const authorisation: AuthorisationFacts = {
    state: 'active',
    validFrom: '2026-11-01',
    validTo: '2026-12-31',
    licenceExpiresOn: '2027-01-01',
  };
  const codes = (changes: {
    person?: Partial<AccountFacts>;
    owner?: Partial<AccountFacts>;
    authorisation?: Partial<AuthorisationFacts>;
    boat?: Partial<BoatFacts>;
  }) =>
    authorisedEligibility(
      { ...account, ...changes.person },
      { ...account, ...changes.owner },
      { ...authorisation, ...changes.authorisation },
      { ...boat, ...changes.boat },
      context,
    ).reasons.map((reason) => reason.code);

  it('lets an active authorisation inside its period use the boat', () => {
    expect(codes({})).toEqual([]);
  });

  it.each([
    ['authorisation_suspended', { authorisation: { state: 'suspended' as const } }],
    ['outside_authorised_period', { authorisation: { validFrom: '2026-11-26' } }],
    ['outside_authorised_period', { authorisation: { validTo: '2026-11-24' } }],
    ['outside_authorised_period', { authorisation: { state: 'expired' as const } }],
    ['authorised_licence_expired', { authorisation: { licenceExpiresOn: '2026-11-24' } }],
    ['owner_not_eligible', { owner: { status: 'suspended' as const } }],
    ['owner_not_eligible', { owner: { dataValidatedAt: null } }],
    ['insurance_expired', { boat: { insuranceExpiresOn: '2026-11-24' } }],
    ['no_active_contract', { boat: { contract: null } }],
    ['account_suspended', { person: { status: 'suspended' as const } }],
  ])('refuses with %s', (code, changes) => {
    expect(codes(changes)).toEqual([code]);
  });

  it("ignores the owner's own licence and the person's account licence: the authorisation's licence counts", () => {
    expect(codes({ owner: { licenceExpiresOn: '2026-01-01' }, person: { licenceExpiresOn: '2026-01-01' } })).toEqual(
      [],
    );
  });

  it("gives the person no fix for the boat's reasons (they are the owner's to fix)", () => {
    const verdict = authorisedEligibility(
      account,
      account,
      authorisation,
      { ...boat, insuranceExpiresOn: null },
      context,
    );
    expect(verdict.reasons).toEqual([{ code: 'insurance_missing', text: 'Sin seguro', fix: null }]);
  });
});
