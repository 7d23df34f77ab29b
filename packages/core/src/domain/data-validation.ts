/**
 * `validar-datos` (docs/product.md §4.4): what the customer reviews and confirms, and the body that
 * confirms it. E-mail and phone are shown but changed on `micuenta` (a new one is proven with a code).
 */
import * as yup from 'yup';
import { BOAT_EXAMPLE, insuranceSchema, type insuranceResponse } from './boats.ts';
import { personOnFileProperties } from './accounts.ts';
import { paths } from './app-paths.ts';
import { isCalendarDate } from './calendar.ts';
import type { eligibilityReasonResponse } from './eligibility.ts';
import { firstNameRule, surnamesRule } from './account-rules.ts';
import { CalendarDay, Instant, Nullable, OrNull, Ref, Shared, Type, Uuid, type Static } from './response-schema.ts';
import type {} from './schema-meta.ts';
import { licenceNumberRule, licenceOnFileResponse, licenceTypeRule } from './licences.ts';
import { fieldLabels, fieldRuleMessages as m } from '../messages/field-rules.ts';

// Licences have their own module (licences.ts); what this one exported of them before, it still does.
export {
  LICENCE_TYPE_LABELS,
  LICENCE_TYPES,
  licenceNumberRule,
  licenceOnFileResponse,
  licenceResponse,
  licenceTypeRule,
  type Licence,
  type LicenceType,
} from './licences.ts';

/** `GET /data-validation` */
export const dataValidationStatusResponse = Shared(
  Type.Object(
    {
      due: Type.Boolean(),
      /** Why it is due (data validation, an expired document or licence); empty when not due. */
      reasons: Type.Array(Ref<typeof eligibilityReasonResponse>('EligibilityReason'), {
        description: 'Why it is due; empty when not',
      }),
      /** Instant of the last confirmation, or null. */
      validatedAt: Nullable(Instant()),
      /** The day it falls due again, when it has been confirmed. */
      nextDueOn: Nullable(CalendarDay(), { description: 'The day it falls due again' }),
      data: Type.Object({
        ...personOnFileProperties,
        documentExpiresOn: Nullable(CalendarDay()),
        licence: licenceOnFileResponse,
        boats: Type.Array(
          Type.Object({
            id: Uuid(),
            name: Type.String(),
            registration: Type.String(),
            insurance: OrNull(Ref<typeof insuranceResponse>('Insurance')),
          }),
        ),
      }),
    },
    {
      $id: 'DataValidationStatus',
      examples: [
        {
          due: true,
          reasons: [
            {
              code: 'data_validation_due',
              text: 'Datos pendientes de validar',
              fix: { label: 'Validar mis datos', to: paths.validarDatos },
            },
          ],
          validatedAt: '2025-11-20T10:00:00.000Z',
          nextDueOn: '2026-11-20',
          data: {
            firstName: 'Lucía',
            surnames: 'García Pons',
            email: 'lucia@correo.example',
            phone: '+34612345678',
            document: '12345678Z',
            documentExpiresOn: '2030-04-01',
            licence: { type: 'per', number: 'PER-55123', expiresOn: '2031-02-15' },
            boats: [
              { id: BOAT_EXAMPLE.id, name: 'Brisa', registration: '7ª-BA-1-23-19', insurance: BOAT_EXAMPLE.insurance },
            ],
          },
        },
      ],
    },
  ),
);
export type DataValidationStatus = Static<typeof dataValidationStatusResponse>;

/**
 * The most boats one confirmation lists (every boat of the account): far above any customer's, and a bound on
 * the items the rules check, so a body cannot make them check thousands (docs/product.md §7.8).
 */
export const BOATS_MAX = 100;

/** The last valid day of `what` (a label said inside the sentence: «tu documento de identidad»). */
const futureDay = (what: string, today: string) =>
  yup
    .string()
    .required(m.expiry_required({ what }))
    .test('date', m.expiry_invalid_date({ what }), (value) => value === undefined || isCalendarDate(value))
    .test(
      'not-past',
      m.expiry_past_renew({ what }),
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
      documentExpiresOn: futureDay(fieldLabels.your_identity_document, today),
      licence: yup
        .object({
          type: licenceTypeRule(),
          number: licenceNumberRule(),
          expiresOn: futureDay(fieldLabels.the_licence, today),
        })
        .noUnknown(true, m.unknown_field)
        .nullable()
        .default(null)
        .meta({ description: 'null when the person holds no nautical licence (someone else skippers).' }),
      boats: yup
        .array(
          insuranceSchema(today)
            .shape({
              boatId: yup.string().uuid(m.boat_not_yours).required(m.boat_missing),
            })
            .noUnknown(true, m.unknown_field),
        )
        .default([])
        .max(BOATS_MAX, m.too_many({ label: fieldLabels.boats, max: BOATS_MAX }))
        .meta({
          description: "Every boat of the account with its insurance as it stands; the boat's certificate stays.",
        }),
      confirm: yup.boolean().strict().oneOf([true], m.data_not_confirmed).required(m.data_not_confirmed),
    })
    .noUnknown(true, m.unknown_field);
}
export type DataValidationInput = yup.InferType<ReturnType<typeof dataValidationSchema>>;
