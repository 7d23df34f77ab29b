/**
 * Nautical licences (docs/product.md §4.4, §4.8): their types, the answer that shows one and the rules of the
 * fields that take one. Here, apart from `validar-datos` (data-validation.ts) and the authorised persons
 * (authorisations.ts), because both use them and neither should import the other.
 */
import * as yup from 'yup';
import { CalendarDay, OrNull, Shared, StringEnum, Type, type Static } from './response-schema.ts';
import { fieldLabels, fieldRuleMessages as m } from '../messages/field-rules.ts';

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

const licenceProperties = {
  type: StringEnum(LICENCE_TYPES),
  number: Type.String(),
  expiresOn: CalendarDay(),
};

/** A nautical licence (`$ref: 'Licence#'`); `expiresOn` is its last valid day. */
export const licenceResponse = Shared(
  Type.Object({ ...licenceProperties, expiresOn: CalendarDay({ description: 'Last valid day' }) }, { $id: 'Licence' }),
);
export type Licence = Static<typeof licenceResponse>;

/** A licence on file, or null unless all of it is (DataValidationStatus, StaffCustomer). */
export const licenceOnFileResponse = OrNull(Type.Object(licenceProperties));

/** A licence's type, one of LICENCE_TYPES (shared with the authorised persons' form). */
export const licenceTypeRule = () =>
  yup
    .string()
    .oneOf(LICENCE_TYPES, m.licence_type_required)
    .required(m.licence_type_required) as yup.StringSchema<LicenceType>;

/** A licence's number, as printed on it. */
export const licenceNumberRule = () =>
  yup
    .string()
    .trim()
    .required(m.licence_number_required)
    .max(40, m.too_long({ label: fieldLabels.licence_number, max: 40 }));
