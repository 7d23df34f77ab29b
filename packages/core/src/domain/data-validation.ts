/**
 * `validar-datos` (docs/product.md §4.4): what the customer reviews and confirms, and the body that
 * confirms it. E-mail and phone are shown but changed on `micuenta` (a new one is proven with a code).
 */
import * as yup from 'yup';
import type { Insurance } from './boats.ts';
import { insuranceSchema } from './boats.ts';
import { isCalendarDate } from './calendar.ts';
import type { EligibilityReason } from './eligibility.ts';
import { firstNameRule, surnamesRule } from './account-rules.ts';
import type {} from './schema-meta.ts';

export type LicenceType = 'per' | 'pnb' | 'patron_yate' | 'capitan_yate' | 'licencia_navegacion' | 'foreign';
export const LICENCE_TYPES = [
  'per',
  'pnb',
  'patron_yate',
  'capitan_yate',
  'licencia_navegacion',
  'foreign',
] as const satisfies readonly LicenceType[];
export const LICENCE_TYPE_LABELS: Readonly<Record<LicenceType, string>> = {
  per: 'Patrón de Embarcaciones de Recreo (PER)',
  pnb: 'Patrón de Navegación Básica (PNB)',
  patron_yate: 'Patrón de Yate',
  capitan_yate: 'Capitán de Yate',
  licencia_navegacion: 'Licencia de navegación',
  foreign: 'Titulación extranjera',
};

export interface Licence {
  type: LicenceType;
  number: string;
  expiresOn: string;
}

/** `GET /data-validation` */
export interface DataValidationStatus {
  due: boolean;
  /** Why it is due (data validation, an expired document or licence); empty when not due. */
  reasons: EligibilityReason[];
  /** Instant of the last confirmation, or null. */
  validatedAt: string | null;
  /** The day it falls due again, when it has been confirmed. */
  nextDueOn: string | null;
  data: {
    firstName: string;
    surnames: string;
    email: string;
    phone: string;
    document: string;
    documentExpiresOn: string | null;
    licence: Licence | null;
    boats: Array<{ id: string; name: string; registration: string; insurance: Insurance | null }>;
  };
}

/**
 * The most boats one confirmation lists (every boat of the account): far above any customer's, and a bound on
 * the items the rules check, so a body cannot make them check thousands (docs/product.md §7.8).
 */
export const BOATS_MAX = 100;

/** A licence's type, one of LICENCE_TYPES (shared with the authorised persons' form). */
export const licenceTypeRule = () =>
  yup
    .string()
    .oneOf(LICENCE_TYPES, 'Elige el tipo de titulación.')
    .required('Elige el tipo de titulación.') as yup.StringSchema<LicenceType>;

/** A licence's number, as printed on it. */
export const licenceNumberRule = () =>
  yup
    .string()
    .trim()
    .required('Escribe el número de la titulación.')
    .max(40, 'Número de la titulación: como mucho 40 caracteres.');

const futureDay = (label: string, today: string) =>
  yup
    .string()
    .required(`Escribe la fecha de caducidad de ${label}.`)
    .test(
      'date',
      `Caducidad de ${label}: elige una fecha válida.`,
      (value) => value === undefined || isCalendarDate(value),
    )
    .test(
      'not-past',
      `Caducidad de ${label}: ya ha caducado. Renuévalo antes de confirmar tus datos.`,
      (value) => value === undefined || !isCalendarDate(value) || value >= today,
    )
    .meta({
      jsonSchema: { format: 'date' },
      description: "Last valid day (YYYY-MM-DD): today or later in the marina's calendar.",
    });

/** `POST /data-validation`: everything reviewed, confirmed at once (nothing is half saved). */
export function dataValidationSchema(today: string) {
  return yup
    .object({
      firstName: firstNameRule,
      surnames: surnamesRule,
      documentExpiresOn: futureDay('tu documento de identidad', today),
      licence: yup
        .object({
          type: licenceTypeRule(),
          number: licenceNumberRule(),
          expiresOn: futureDay('la titulación', today),
        })
        .noUnknown(true, 'Campo desconocido: ${unknown}.')
        .nullable()
        .default(null)
        .meta({ description: 'null when the person holds no nautical licence (someone else skippers).' }),
      boats: yup
        .array(
          insuranceSchema(today)
            .shape({
              boatId: yup.string().uuid('Barco: no es uno de tus barcos.').required('Barco: falta indicar cuál.'),
            })
            .noUnknown(true, 'Campo desconocido: ${unknown}.'),
        )
        .default([])
        .max(BOATS_MAX, `Barcos: como mucho ${BOATS_MAX}.`)
        .meta({
          description: "Every boat of the account with its insurance as it stands; the boat's certificate stays.",
        }),
      confirm: yup
        .boolean()
        .strict()
        .oneOf([true], 'Marca que los datos son correctos para confirmarlos.')
        .required('Marca que los datos son correctos para confirmarlos.'),
    })
    .noUnknown(true, 'Campo desconocido: ${unknown}.');
}
export type DataValidationInput = yup.InferType<ReturnType<typeof dataValidationSchema>>;
