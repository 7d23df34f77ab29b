/**
 * What the boat forms hold and how it becomes a request body. Inputs hold text ("6,5" for metres, as a
 * Spanish reader writes them); the domain's schemas (`domain/boats.ts`) check the body the text becomes,
 * so the rules and their words are the server's own, and each error lands on the field it names.
 */
import type { AnyObjectSchema } from 'yup';
import { CERTIFICATE_MESSAGES, type Boat, type BoatInput, type CertificateProblem, type CertificateType, type Insurance, type InsuranceInput } from '../../domain/boats.ts';

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

export const emptyBoat: BoatFields = { name: '', registration: '', make: '', model: '', lengthM: '', beamM: '', engine: '' };
export const emptyInsurance: InsuranceFields = { insurer: '', policyNumber: '', expiresOn: '' };

const decimal = new Intl.NumberFormat('es-ES', { maximumFractionDigits: 2 });

/** "6,5": metres as a Spanish reader writes them. */
export const formatMetres = (metres: number) => decimal.format(metres);

// Formik hands the schema an empty input as `undefined`; the submit, as ''. Both are "not written".

/** Text to metres: a comma or a point as the decimal mark; anything else fails the rule. */
function metres(text: string | undefined): number | undefined {
  const trimmed = text?.trim() ?? '';
  return trimmed === '' ? undefined : Number(trimmed.replace(',', '.'));
}

const blankToUndefined = (text: string | undefined) => (text?.trim() ? text : undefined);

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
  return insurance ? { insurer: insurance.insurer, policyNumber: insurance.policyNumber, expiresOn: insurance.expiresOn } : emptyInsurance;
}

/** The boat's part of a body, before the rule casts it (numbers parsed, the registration upper-cased…). */
export function boatBody(fields: Partial<BoatFields>): Record<keyof BoatInput, unknown> {
  return {
    name: blankToUndefined(fields.name),
    registration: blankToUndefined(fields.registration),
    make: fields.make ?? '',
    model: fields.model ?? '',
    lengthM: metres(fields.lengthM),
    beamM: metres(fields.beamM),
    engine: fields.engine ?? '',
  };
}

/** The policy's part of a body: an empty field is "not written". */
export function insuranceBody(fields: Partial<InsuranceFields> | undefined): Record<keyof InsuranceInput, unknown> {
  return { insurer: blankToUndefined(fields?.insurer), policyNumber: blankToUndefined(fields?.policyNumber), expiresOn: blankToUndefined(fields?.expiresOn) };
}

/**
 * A form's schema: the domain's rule for the body, checked on the body the form's values become, plus
 * the certificate refused in the browser (not part of any body: it goes up on its own afterwards).
 */
export function formSchema<Values extends object>(
  body: AnyObjectSchema,
  toBody: (values: Values) => unknown,
): AnyObjectSchema {
  return body
    .transform((_value: unknown, original: Values) => toBody(original))
    .test('certificate', function certificate() {
      const choice = (this.originalValue as { certificate?: CertificateChoice | null } | undefined)?.certificate;
      return choice?.problem ? this.createError({ path: 'certificate', message: CERTIFICATE_MESSAGES[choice.problem] }) : true;
    });
}
