import { describe, expect, it } from 'vitest';
import * as yup from 'yup';
import {
  boatSchema,
  CERTIFICATE_MAX_BYTES,
  certificateProblem,
  contractEndsOn,
  contractRequestSchema,
  insuranceSchema,
  sniffCertificateType,
} from './boats.ts';
import { addDays, daysBetween, isCalendarDate } from './calendar.ts';
import { formatDay } from './format-dates.ts';

const limits = { maxLengthM: 12, maxBeamM: 4 };
const today = '2026-11-23';

function errorsOf(schema: yup.AnySchema, value: unknown): Record<string, string> {
  try {
    schema.validateSync(value, { abortEarly: false });
    return {};
  } catch (error) {
    if (!(error instanceof yup.ValidationError)) throw error;
    return Object.fromEntries(error.inner.map((inner) => [inner.path ?? '', inner.message]));
  }
}

const newBoat = { name: 'Brisa', registration: '7ª-ba-1 23 19', lengthM: 6.5, beamM: 2.4 };
const insurance = { insurer: 'Mapfre', policyNumber: 'P-123', expiresOn: '2027-05-31' };

describe('contractEndsOn', () => {
  it('ends a year, a month or the season later, the last day included', () => {
    expect(contractEndsOn('annual', '2026-11-23')).toBe('2027-11-22');
    expect(contractEndsOn('monthly', '2026-11-23')).toBe('2026-12-22');
    expect(contractEndsOn('monthly', '2027-01-31')).toBe('2027-02-28');
    expect(contractEndsOn('monthly', '2027-01-01')).toBe('2027-01-31');
    expect(contractEndsOn('annual', '2028-02-29')).toBe('2029-02-28');
    expect(contractEndsOn('seasonal', '2026-04-01')).toBe('2026-10-31');
    expect(contractEndsOn('seasonal', '2026-11-23')).toBe('2027-10-31');
  });
});

describe('the insurance certificate', () => {
  const bytes = (...values: number[]) => new Uint8Array(values);

  it('is told by its first bytes, never by its name', () => {
    expect(sniffCertificateType(new TextEncoder().encode('%PDF-1.7\n'))).toBe('application/pdf');
    expect(sniffCertificateType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(sniffCertificateType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe('image/png');
    // An executable renamed "poliza.pdf" starts with MZ (Windows) or 0x7F ELF.
    expect(sniffCertificateType(new TextEncoder().encode('MZ\x90\x00'))).toBeUndefined();
    expect(sniffCertificateType(bytes(0x7f, 0x45, 0x4c, 0x46))).toBeUndefined();
    expect(sniffCertificateType(bytes())).toBeUndefined();
  });

  it('is at most 5 MB and not empty', () => {
    const pdf = new TextEncoder().encode('%PDF-1.4');
    expect(certificateProblem(pdf, CERTIFICATE_MAX_BYTES)).toBeUndefined();
    expect(certificateProblem(pdf, CERTIFICATE_MAX_BYTES + 1)).toBe('size');
    expect(certificateProblem(pdf, 0)).toBe('empty');
    expect(certificateProblem(new TextEncoder().encode('MZ'), 1000)).toBe('type');
  });
});

describe('boat and contract bodies', () => {
  it("normalises the registration and says the marina's size limits", () => {
    expect(boatSchema(limits).validateSync(newBoat).registration).toBe('7ª-BA-1-23-19');
    expect(errorsOf(boatSchema(limits), { ...newBoat, lengthM: 12.5, beamM: 4.01 })).toEqual({
      lengthM: 'El puerto admite como mucho 12 m.',
      beamM: 'El puerto admite como mucho 4 m.',
    });
    expect(errorsOf(boatSchema({ maxLengthM: 9.5, maxBeamM: 3 }), { ...newBoat, lengthM: 10 })).toEqual({
      lengthM: 'El puerto admite como mucho 9,5 m.',
    });
  });

  it('asks for a listed boat or a new one with its insurance, a plan, a start from today and the conditions', () => {
    const schema = contractRequestSchema(limits, today);
    expect(
      errorsOf(schema, { plan: 'annual', startsOn: today, acceptConditions: true, boat: newBoat, insurance }),
    ).toEqual({});
    expect(
      errorsOf(schema, {
        boatId: '1ef2d0c4-9b43-4f4e-9a51-5a43c3a1b2c3',
        plan: 'weekly',
        startsOn: '2026-11-22',
        acceptConditions: false,
      }),
    ).toEqual({
      plan: 'Elige una modalidad de contrato.',
      startsOn: 'Desde hoy (lunes 23 de noviembre) en adelante.',
      acceptConditions: 'Acepta las condiciones del contrato para enviarlo.',
    });
    expect(errorsOf(schema, { plan: 'annual', startsOn: today, acceptConditions: true })).toEqual({
      boatId: 'Elige un barco de la lista o escribe los datos del nuevo.',
    });
    expect(errorsOf(schema, { plan: 'annual', startsOn: today, acceptConditions: true, boat: newBoat })).toEqual({
      'insurance.insurer': 'Escribe la aseguradora.',
    });
    // A JSON `"true"` is not an acceptance.
    expect(
      errorsOf(schema, { plan: 'annual', startsOn: today, acceptConditions: 'true', boat: newBoat, insurance }),
    ).toHaveProperty('acceptConditions');
  });

  it('refuses a policy that has already ended and a day that does not exist', () => {
    expect(errorsOf(insuranceSchema(today), { ...insurance, expiresOn: '2026-11-22' })).toEqual({
      expiresOn: 'La póliza ya ha caducado; escribe la fecha de la póliza en vigor.',
    });
    expect(errorsOf(insuranceSchema(today), { ...insurance, expiresOn: '2027-02-30' })).toEqual({
      expiresOn: 'Elige una fecha válida.',
    });
    expect(errorsOf(insuranceSchema(today), { ...insurance, expiresOn: today })).toEqual({});
  });
});

describe('calendar days', () => {
  it('counts, adds and writes days', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2027-02-29')).toBe(false);
    expect(isCalendarDate('2027-2-1')).toBe(false);
    // Only CALENDAR_YEARS: the day after 9999-12-31 is the year 10000, and years under 1000 lose a digit.
    expect(['1900-01-01', '2999-12-31'].map(isCalendarDate)).toEqual([true, true]);
    expect(['1899-12-31', '3000-01-01', '9999-12-31', '0100-01-01'].map(isCalendarDate)).toEqual([
      false,
      false,
      false,
      false,
    ]);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
    expect(formatDay('2026-11-23', '2026-01-01')).toBe('lunes 23 de noviembre');
    expect(formatDay('2026-11-23', '2027-01-01')).toBe('lunes 23 de noviembre de 2026');
  });
});
