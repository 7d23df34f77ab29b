/**
 * Authorised persons (docs/product.md §4.8): people an owner lets use their boats. What the API sends and
 * receives, and the rules of every body, written once for the forms and the server.
 */
import * as yup from 'yup';
import { codeRuleWith, documentRuleWith, emailRuleWith, nameRule, phoneRuleWith } from './account-rules.ts';
import { isCalendarDate } from './calendar.ts';
import { formatDay } from './format-dates.ts';
import {
  LICENCE_TYPE_LABELS,
  LICENCE_TYPES,
  licenceNumberRule,
  licenceTypeRule,
  type Licence,
  type LicenceType,
  type licenceResponse,
} from './licences.ts';
import type { CodeChannel } from './platform.ts';
import {
  CalendarDay,
  Instant,
  Nullable,
  OrNull,
  Ref,
  StringEnum,
  Shared,
  Type,
  Uuid,
  type Static,
} from './response-schema.ts';
import type {} from './schema-meta.ts';
import { fieldLabels as L, fieldRuleMessages as m } from '../messages/field-rules.ts';

export { LICENCE_TYPE_LABELS, LICENCE_TYPES, type Licence, type LicenceType };

/**
 * - `pending`: added, waiting for the code the person received (gives no access yet);
 * - `active`: validated; gives access inside its period;
 * - `suspended`: by the owner, with an optional reason; no access until reactivated;
 * - `expired`: its last day (`validTo`) has passed; a reschedule with a later end makes it active again;
 * - `ended`: the account it was attached to was deleted; for good (decision 038: a new account, even with the
 *   same document, never inherits it; the owner adds the person again).
 */
export type AuthorisationState = 'pending' | 'active' | 'suspended' | 'expired' | 'ended';
export const AUTHORISATION_STATES = [
  'pending',
  'active',
  'suspended',
  'expired',
  'ended',
] as const satisfies readonly AuthorisationState[];
export const AUTHORISATION_STATE_LABELS: Readonly<Record<AuthorisationState, string>> = {
  pending: 'Pendiente de validar',
  active: 'Activa',
  suspended: 'Suspendida',
  expired: 'Caducada',
  ended: 'Terminada',
};

/** The states that count against `maxAuthorisedPerBoat` and against the same document twice on a boat. */
export const AUTHORISATION_HOLDING_STATES = ['pending', 'active'] as const satisfies readonly AuthorisationState[];

/** Whether an authorisation in this state holds a place on its boats (`AUTHORISATION_HOLDING_STATES`). */
export function holdsPlace(state: AuthorisationState): boolean {
  return (AUTHORISATION_HOLDING_STATES as readonly AuthorisationState[]).includes(state);
}

/** A boat an authorisation covers (only the owner's boats). */
export const authorisedBoatResponse = Type.Object({ id: Uuid(), name: Type.String() });
export type AuthorisedBoat = Static<typeof authorisedBoatResponse>;

/** `GET /authorisations/{id}`, an item of `GET /authorisations`: what the owner sees. */
export const authorisationResponse = Shared(
  Type.Object(
    {
      id: Uuid(),
      firstName: Type.String(),
      surnames: Type.String(),
      /**
       * Normalised identity document (DNI, NIE or passport). An account with it is attached only once it has also
       * proven the phone or e-mail below (decision 038): the document alone gives no one anything.
       */
      document: Type.String({
        description:
          'Normalised DNI, NIE or passport; an account with it is attached only once it proves this phone or e-mail (decision 038)',
      }),
      /** E.164 mobile. */
      phone: Type.String({ description: 'E.164' }),
      email: Type.String(),
      /** The person's nautical licence; `expiresOn` is its last valid day. */
      licence: Ref<typeof licenceResponse>('Licence'),
      boats: Type.Array(authorisedBoatResponse),
      /** First day of the period (`YYYY-MM-DD`, the marina's calendar). */
      validFrom: CalendarDay(),
      /** Last day of the period, included; null when open-ended. */
      validTo: Nullable(CalendarDay(), { description: 'Last day included; null when open-ended' }),
      state: StringEnum(AUTHORISATION_STATES),
      /** The owner's words when suspending; null when none was given or it is not suspended. */
      suspensionReason: Nullable(Type.String()),
      suspendedAt: Nullable(Instant()),
      createdAt: Instant(),
      validatedAt: Nullable(Instant()),
      /**
       * The person's account in the app it is attached to, by the name its holder registered with; null until an
       * account with this document proves this phone or e-mail (and once that account is deleted: `ended`).
       */
      account: OrNull(Type.Object({ firstName: Type.String(), surnames: Type.String() }), {
        description:
          'The account in the app it is attached to, by its holder’s name; null until one with this document proves this phone or e-mail, and once it is deleted',
      }),
      /** While `pending`: where the code went (masked) and when another may be asked for; null otherwise. */
      code: OrNull(
        Type.Object({
          channel: StringEnum(['sms', 'email'] as const satisfies readonly CodeChannel[]),
          destination: Type.String({ description: 'Masked phone (SMS) or e-mail' }),
          expiresAt: Instant(),
          resendAvailableAt: Instant(),
        }),
        { description: 'While pending: where the code went (masked) and when another may be asked for' },
      ),
    },
    {
      $id: 'Authorisation',
      description: 'A person the owner lets use some of their boats (docs/product.md §4.8)',
      examples: [
        {
          id: '7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6',
          firstName: 'Marta',
          surnames: 'Ruiz Soler',
          document: '12345678Z',
          phone: '+34612345678',
          email: 'marta@correo.es',
          licence: { type: 'per', number: 'PER-123', expiresOn: '2028-01-01' },
          boats: [{ id: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d', name: 'Brisa' }],
          validFrom: '2026-12-01',
          validTo: '2027-06-30',
          state: 'pending',
          suspensionReason: null,
          suspendedAt: null,
          createdAt: '2026-11-25T18:00:00.000Z',
          validatedAt: null,
          account: null,
          code: {
            channel: 'sms',
            destination: '+34 6•• ••• •78',
            expiresAt: '2026-11-25T18:10:00.000Z',
            resendAvailableAt: '2026-11-25T18:01:00.000Z',
          },
        },
      ],
    },
  ),
);
export type Authorisation = Static<typeof authorisationResponse>;

/** `GET /authorisations` (`?boatId=` keeps those covering that boat). */
export interface AuthorisationList {
  authorisations: Authorisation[];
}

/**
 * On a boat the signed-in person may use because someone authorised them (`Boat.authorisation`, only when
 * `Boat.role` is `authorised`).
 */
export const boatAuthorisationResponse = Shared(
  Type.Object(
    {
      id: Uuid(),
      /** Whose boat it is. */
      owner: Type.Object({ firstName: Type.String(), surnames: Type.String() }),
      validFrom: CalendarDay(),
      validTo: Nullable(CalendarDay()),
      state: StringEnum(AUTHORISATION_STATES),
      suspensionReason: Nullable(Type.String()),
      licence: Ref<typeof licenceResponse>('Licence'),
    },
    {
      $id: 'BoatAuthorisation',
      description: 'The authorisation that lets the signed-in person use someone else’s boat',
    },
  ),
);
export type BoatAuthorisation = Static<typeof boatAuthorisationResponse>;

/** `Boat.role`: the signed-in person's relation to the boat. */
export type BoatRole = 'owner' | 'authorised';

// --- Bodies ------------------------------------------------------------------------------------------------

const calendarDate = (label: string) =>
  yup
    .string()
    .test('date', m.invalid_date({ label }), (value) => value === undefined || value === null || isCalendarDate(value))
    .meta({ jsonSchema: { format: 'date' }, description: "A calendar day (YYYY-MM-DD) of the marina's calendar." });

const validToRule = () =>
  calendarDate(L.valid_to)
    .nullable()
    .default(null)
    .test('after-from', m.valid_to_before_from, function (value) {
      const from = (this.parent as { validFrom?: unknown }).validFrom;
      return value === null || value === undefined || !isCalendarDate(value) || !isCalendarDate(from) || value >= from;
    })
    .meta({
      description: 'Last day included (YYYY-MM-DD), not before `validFrom`; null for no end.',
      jsonSchema: { format: 'date' },
    });

/**
 * Does the licence cover the period? Its last valid day must be on or after the period's last day; an
 * open-ended period needs a licence valid on its first day (its expiry then ends the person's access:
 * the eligibility reason `authorised_licence_expired`).
 */
export function licenceCoversPeriod(licenceExpiresOn: string, validFrom: string, validTo: string | null): boolean {
  return licenceExpiresOn >= (validTo ?? validFrom);
}

export const LICENCE_PERIOD_MESSAGE = m.licence_before_period_end;

/**
 * `POST /authorisations`: the person, their licence, the owner's boats it covers and the period. The first
 * day is today or later; the licence must cover the period (licenceCoversPeriod).
 */
export function authorisationSchema(today: string) {
  return yup
    .object({
      firstName: nameRule(L.person_first_name),
      surnames: nameRule(L.person_surnames),
      document: documentRuleWith(m.person_document_required),
      phone: phoneRuleWith(m.person_phone_required),
      email: emailRuleWith(m.person_email_required),
      licence: yup
        .object({
          type: licenceTypeRule(),
          number: licenceNumberRule(),
          expiresOn: calendarDate(L.licence_expiry)
            .required(m.expiry_required({ what: L.the_licence }))
            .test(
              'not-past',
              m.licence_expired,
              (value) => value === undefined || !isCalendarDate(value) || value >= today,
            )
            .meta({
              description:
                "Last valid day (YYYY-MM-DD): today or later, and covering the period (see the object's rule).",
            }),
        })
        .noUnknown(true, m.unknown_field)
        .required(m.licence_required),
      boatIds: yup
        .array(yup.string().uuid(m.authorised_boats_from_list).required(m.authorised_boats_from_list))
        .required(m.authorised_boats_required)
        .min(1, m.authorised_boats_required)
        .max(50, m.too_many({ label: L.boats, max: 50 }))
        .meta({ description: 'Ids of boats of the signed-in owner (their own, not ones they are authorised on).' }),
      validFrom: calendarDate(L.valid_from)
        .required(m.valid_from_required)
        .test(
          'from-today',
          m.today_or_later({ label: L.valid_from, today: formatDay(today, today) }),
          (value) => value === undefined || !isCalendarDate(value) || value >= today,
        )
        .meta({
          description: "First day (YYYY-MM-DD): today or later in the marina's calendar.",
          jsonSchema: { format: 'date' },
        }),
      validTo: validToRule(),
    })
    .noUnknown(true, m.unknown_field)
    .test('licence-covers-period', LICENCE_PERIOD_MESSAGE, (value, context) => {
      const expiresOn = value.licence?.expiresOn;
      if (!isCalendarDate(expiresOn) || !isCalendarDate(value.validFrom)) return true;
      if (value.validTo !== null && value.validTo !== undefined && !isCalendarDate(value.validTo)) return true;
      return (
        licenceCoversPeriod(expiresOn, value.validFrom, value.validTo ?? null) ||
        context.createError({ path: 'licence.expiresOn', message: LICENCE_PERIOD_MESSAGE })
      );
    })
    .meta({
      description: "The licence's expiry must be on or after `validTo` (or `validFrom` when `validTo` is null).",
    });
}
export type AuthorisationInput = yup.InferType<ReturnType<typeof authorisationSchema>>;

/**
 * `POST /authorisations/{id}/reschedule`: a new period. The first day may stay in the past (an authorisation
 * already running); the last one is today or later. The server also checks the licence covers it.
 */
export function rescheduleSchema(today: string) {
  return yup
    .object({
      validFrom: calendarDate(L.valid_from)
        .required(m.valid_from_required)
        .meta({ jsonSchema: { format: 'date' } }),
      validTo: validToRule().test(
        'not-past',
        m.today_or_later({ label: L.valid_to, today: formatDay(today, today) }),
        (value) => value === null || value === undefined || !isCalendarDate(value) || value >= today,
      ),
    })
    .noUnknown(true, m.unknown_field);
}
export type RescheduleInput = yup.InferType<ReturnType<typeof rescheduleSchema>>;

/** `POST /authorisations/{id}/suspend`: the reason is optional (the person is told it). */
export const suspensionSchema = yup
  .object({
    reason: yup
      .string()
      .transform((value: unknown) => (typeof value === 'string' ? value.replace(/\s+/g, ' ') : value))
      .trim()
      .max(300, m.too_long({ label: L.reason, max: 300 }))
      .default(''),
  })
  .noUnknown(true, m.unknown_field);
export type SuspensionInput = yup.InferType<typeof suspensionSchema>;

/** `POST /authorisations/{id}/validate`: the code the person received, typed by the owner. */
export const authorisationCodeSchema = yup.object({
  code: codeRuleWith(m.authorised_code_required),
});
export type AuthorisationCodeInput = yup.InferType<typeof authorisationCodeSchema>;
