/**
 * What the boat forms hold and how it becomes a request body. Inputs hold text ("6,5" for metres, as a
 * Spanish reader writes them); the domain's schemas (`domain/boats.ts`) check the body the text becomes,
 * so the rules and their words are the server's own, and each error lands on the field it names.
 */
import type { AnyObjectSchema } from 'yup';
import { bodyRule, written } from '../../components/form/body-rule.ts';
import {
  CERTIFICATE_MESSAGES,
  type Boat,
  type BoatInput,
  type CertificateProblem,
  type CertificateType,
  type Insurance,
  type InsuranceInput,
} from '../../domain/boats.ts';

/** A file the person chose as the insurance certificate: usable, or refused in the browser (and why). */
export type CertificateChoice =
  | { name: string; file: File; type: CertificateType; problem?: undefined }
  | { name: string; file: null; problem: CertificateProblem };

export interface BoatFields {
  name: string;
  registration: string;
  make: string;
  model: string;
  lengthM: string;
  beamM: string;
  engine: string;
}

export type InsuranceFields = InsuranceInput;

export const emptyBoat: BoatFields = {
  name: '',
  registration: '',
  make: '',
  model: '',
  lengthM: '',
  beamM: '',
  engine: '',
};
export const emptyInsurance: InsuranceFields = { insurer: '', policyNumber: '', expiresOn: '' };

const decimal = new Intl.NumberFormat('es-ES', { maximumFractionDigits: 2 });

/** "6,5": metres as a Spanish reader writes them. */
export const formatMetres = (metres: number) => decimal.format(metres);

/** Text to metres: a comma or a point as the decimal mark; anything else fails the rule. */
function metres(text: string | undefined): number | undefined {
  const trimmed = text?.trim() ?? '';
  return trimmed === '' ? undefined : Number(trimmed.replace(',', '.'));
}

export function boatFieldsOf(boat: Boat): BoatFields {
  return {
    name: boat.name,
    registration: boat.registration,
    make: boat.make,
    model: boat.model,
    lengthM: formatMetres(boat.lengthM),
    beamM: formatMetres(boat.beamM),
    engine: boat.engine,
  };
}

export function insuranceFieldsOf(insurance: Insurance | null): InsuranceFields {
  return insurance
    ? { insurer: insurance.insurer, policyNumber: insurance.policyNumber, expiresOn: insurance.expiresOn }
    : emptyInsurance;
}

/** The boat's part of a body, before the rule casts it (numbers parsed, the registration upper-cased…). */
export function boatBody(fields: Partial<BoatFields>): Record<keyof BoatInput, unknown> {
  return {
    name: written(fields.name),
    registration: written(fields.registration),
    make: fields.make ?? '',
    model: fields.model ?? '',
    lengthM: metres(fields.lengthM),
    beamM: metres(fields.beamM),
    engine: fields.engine ?? '',
  };
}

/** The policy's part of a body: an empty field is "not written". */
export function insuranceBody(fields: Partial<InsuranceFields> | undefined): Record<keyof InsuranceInput, unknown> {
  return {
    insurer: written(fields?.insurer),
    policyNumber: written(fields?.policyNumber),
    expiresOn: written(fields?.expiresOn),
  };
}

/** The domain's rule for the body (`bodyRule`), plus the certificate refused in the browser, which no body carries. */
export function formSchema<Values>(
  rule: AnyObjectSchema,
  toBody: (values: Partial<Values> | undefined) => unknown,
): AnyObjectSchema {
  return bodyRule<Values>(rule, toBody).test('certificate', function certificate() {
    const choice = (this.originalValue as { certificate?: CertificateChoice | null } | undefined)?.certificate;
    return choice?.problem
      ? this.createError({ path: 'certificate', message: CERTIFICATE_MESSAGES[choice.problem] })
      : true;
  });
}
