/**
 * Boats, their insurance and their storage contracts (docs/product.md §4.5, §4.6): what the API sends and
 * receives, and the rules of every body, written once for the forms and the server.
 */
import * as yup from 'yup';
import { addDays, isCalendarDate } from './calendar.ts';
import { formatDay } from './format-dates.ts';
import type { boatAuthorisationResponse, BoatRole } from './authorisations.ts';
import { eligibilityResponse } from './eligibility.ts';
import type { ClientSettings } from './marina.ts';
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
import { BOAT_STATES, CONTRACT_STATUSES, type BoatState, type ContractStatus } from './boat-states.ts';
import { fieldLabels as L, fieldRuleMessages as m } from '../messages/field-rules.ts';

// A boat's state and its contract's status have their own module (boat-states.ts), which the eligibility rule
// reads without importing this one; what this one exported of them before, it still does.
export { BOAT_STATES, CONTRACT_STATUSES, type BoatState, type ContractStatus } from './boat-states.ts';

export const BOAT_STATE_LABELS: Readonly<Record<BoatState, string>> = {
  in_rack: 'En el rack',
  in_water: 'En el agua',
  maintenance: 'En mantenimiento',
};

export type ContractPlan = 'annual' | 'seasonal' | 'monthly';
export const CONTRACT_PLANS = ['annual', 'seasonal', 'monthly'] as const satisfies readonly ContractPlan[];
export const CONTRACT_PLAN_LABELS: Readonly<Record<ContractPlan, string>> = {
  annual: 'Anual',
  seasonal: 'Temporada',
  monthly: 'Mensual',
};

export const CONTRACT_STATUS_LABELS: Readonly<Record<ContractStatus, string>> = {
  requested: 'Pendiente de aprobación',
  active: 'Activo',
  rejected: 'Rechazado',
  expired: 'Caducado',
  cancelled: 'Cancelado',
};

/**
 * The day a contract ends, from its plan and first day: a year, the season's end (31 October of the start's
 * year, or of the next year when it starts after it), or a month. The last day is included.
 */
export function contractEndsOn(plan: ContractPlan, startsOn: string): string {
  const [year, month, day] = startsOn.split('-').map(Number) as [number, number, number];
  if (plan === 'seasonal') return `${startsOn.slice(5) > '10-31' ? year + 1 : year}-10-31`;
  const months = plan === 'annual' ? 12 : 1;
  // The day before the same day `months` later; when that month has no such day (a 31st, 29 February),
  // the period runs to the month's last day.
  const end = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  if (day > lastDay)
    return new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth(), lastDay)).toISOString().slice(0, 10);
  end.setUTCDate(day);
  return addDays(end.toISOString().slice(0, 10), -1);
}

export type CertificateType = 'application/pdf' | 'image/jpeg' | 'image/png';
export const CERTIFICATE_TYPES = [
  'application/pdf',
  'image/jpeg',
  'image/png',
] as const satisfies readonly CertificateType[];
/** An insurance certificate on file (its bytes are at `GET /boats/{id}/insurance-certificate`). */
export const certificateInfoResponse = Type.Object({
  contentType: StringEnum(CERTIFICATE_TYPES),
  size: Type.Integer(),
  uploadedAt: Instant(),
});
export type CertificateInfo = Static<typeof certificateInfoResponse>;

export const insuranceResponse = Shared(
  Type.Object(
    {
      insurer: Type.String(),
      policyNumber: Type.String(),
      /** Last day covered (`YYYY-MM-DD`, the marina's calendar). */
      expiresOn: CalendarDay({ description: "Last day covered, the marina's calendar" }),
      certificate: OrNull(certificateInfoResponse),
    },
    { $id: 'Insurance' },
  ),
);
export type Insurance = Static<typeof insuranceResponse>;

export const CONTRACT_EXAMPLE = {
  id: '3f0c2a4e-8a51-4b8e-9d7c-1f6a2b3c4d5e',
  boatId: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d',
  plan: 'annual',
  status: 'requested',
  startsOn: '2026-12-01',
  endsOn: '2027-11-30',
  requestedAt: '2026-11-23T18:00:00.000Z',
  decidedAt: null,
  rejectionReason: null,
} as const;

export const contractProperties = {
  id: Uuid(),
  boatId: Uuid(),
  plan: StringEnum(CONTRACT_PLANS),
  status: StringEnum(CONTRACT_STATUSES),
  startsOn: CalendarDay(),
  endsOn: CalendarDay({ description: 'Last day included: contractEndsOn(plan, startsOn)' }),
  requestedAt: Instant(),
  decidedAt: Nullable(Instant()),
  /** Staff's words when they reject it. */
  rejectionReason: Nullable(Type.String()),
};

export const contractResponse = Shared(
  Type.Object(contractProperties, { $id: 'Contract', examples: [CONTRACT_EXAMPLE] }),
);
export type Contract = Static<typeof contractResponse>;

export const BOAT_EXAMPLE = {
  id: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d',
  name: 'Brisa',
  registration: '7ª-BA-1-23-19',
  make: 'Quicksilver',
  model: 'Activ 605',
  lengthM: 6.1,
  beamM: 2.4,
  engine: 'Mercury 115 CV',
  state: 'in_rack',
  rackPosition: 'B-12',
  insurance: {
    insurer: 'Mapfre',
    policyNumber: 'POL-1234',
    expiresOn: '2027-05-31',
    certificate: { contentType: 'application/pdf', size: 48213, uploadedAt: '2026-06-01T09:30:00.000Z' },
  },
  contract: { ...CONTRACT_EXAMPLE, status: 'active', decidedAt: '2026-11-24T08:00:00.000Z' },
  eligibility: { eligible: true, reasons: [] },
  role: 'owner',
  authorisation: null,
} as const;

export const boatProperties = {
  id: Uuid(),
  name: Type.String(),
  registration: Type.String(),
  make: Type.String(),
  model: Type.String(),
  lengthM: Type.Number(),
  beamM: Type.Number(),
  engine: Type.String(),
  state: StringEnum(BOAT_STATES),
  /** Where it sits in the racks, set by staff ("B-12"); null until then. */
  rackPosition: Nullable(Type.String()),
  insurance: OrNull(Ref<typeof insuranceResponse>('Insurance')),
  /** The contract that governs it now: the active one, else the latest request or the latest ended one. */
  contract: OrNull(Ref<typeof contractResponse>('Contract'), {
    description: 'The active contract, else the open request, else the latest that ended',
  }),
  /** May it be used today, and if not why (docs/product.md §4.13); for an authorised person, by them. */
  eligibility: eligibilityResponse({ description: 'May it be used today, and if not why' }),
  /** `owner`: the signed-in person's own boat; `authorised`: someone authorised them on it (docs/product.md §4.8). */
  role: StringEnum(['owner', 'authorised'] as const satisfies readonly BoatRole[], {
    description: "`authorised`: someone else's boat the person may use (docs/product.md §4.8)",
  }),
  /** The authorisation that lets them use it, when `role` is `authorised`; null for the owner. */
  authorisation: OrNull(Ref<typeof boatAuthorisationResponse>('BoatAuthorisation'), {
    description: 'When `role` is `authorised`: the authorisation; else null',
  }),
};

export const boatResponse = Shared(Type.Object(boatProperties, { $id: 'Boat', examples: [BOAT_EXAMPLE] }));
export type Boat = Static<typeof boatResponse>;

/** `GET /boats` */
export interface BoatList {
  boats: Boat[];
}

/** `GET /contracts` */
export interface ContractList {
  contracts: Contract[];
}

// --- The insurance certificate ---------------------------------------------------------------------------

export const CERTIFICATE_MAX_BYTES = 5 * 1024 * 1024;

/**
 * What a file is, from its first bytes (never its name or the type a browser guessed): a PDF starts with
 * `%PDF-`, a JPEG with FF D8 FF, a PNG with its 8-byte signature. Anything else is refused.
 */
export function sniffCertificateType(head: Uint8Array): CertificateType | undefined {
  const starts = (signature: readonly number[]) => signature.every((byte, index) => head[index] === byte);
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  return undefined;
}

export type CertificateProblem = 'type' | 'size' | 'empty';

export function certificateProblem(head: Uint8Array, size: number): CertificateProblem | undefined {
  if (size === 0) return 'empty';
  if (size > CERTIFICATE_MAX_BYTES) return 'size';
  return sniffCertificateType(head) ? undefined : 'type';
}

export const CERTIFICATE_MESSAGES: Readonly<Record<CertificateProblem, string>> = {
  empty: m.certificate_empty,
  size: m.certificate_too_large({ megabytes: CERTIFICATE_MAX_BYTES / (1024 * 1024) }),
  type: m.certificate_type,
};

// --- Bodies ------------------------------------------------------------------------------------------------

const oneLine = (label: string, max: number) =>
  yup
    .string()
    .transform((value: unknown) => (typeof value === 'string' ? value.replace(/\s+/g, ' ') : value))
    .trim()
    .max(max, m.too_long({ label, max }));

const calendarDate = (label: string) =>
  yup
    .string()
    .test('date', m.invalid_date({ label }), (value) => value === undefined || isCalendarDate(value))
    .meta({ jsonSchema: { format: 'date' }, description: "A calendar day (YYYY-MM-DD) of the marina's calendar." });

/** Spanish registrations look like "7ª-BA-1-23-19" or "PM-1234-AB"; foreign ones vary, so letters, digits and separators. */
export const registrationRule = yup
  .string()
  .transform((value: unknown) => (typeof value === 'string' ? value.trim().toUpperCase().replace(/\s+/g, '-') : value))
  .required(m.registration_required)
  .max(30, m.too_long({ label: L.registration, max: 30 }))
  .matches(/^[0-9A-ZÑª]+(?:[-/][0-9A-ZÑª]+)*$/, m.registration_format)
  .meta({ description: 'Upper-cased; spaces become dashes.' });

const metres = (label: string, maximum: number, limitName: string) =>
  yup
    .number()
    .typeError(m.metres_not_number({ label }))
    .required(m.metres_required({ label }))
    .moreThan(0, m.metres_not_positive({ label }))
    .max(maximum, m.metres_too_large({ label, max: maximum }))
    .meta({ description: `Metres, at most the marina's ${limitName}.` });

export type BoatLimits = Pick<ClientSettings, 'maxLengthM' | 'maxBeamM'>;

/** Each field of a boat, against the marina's size limits (the form says the limit). */
function boatFields(limits: BoatLimits) {
  return {
    name: oneLine(L.boat_name, 60).required(m.boat_name_required),
    registration: registrationRule,
    make: oneLine(L.make, 60),
    model: oneLine(L.model, 60),
    lengthM: metres(L.length, limits.maxLengthM, 'maxLengthM'),
    beamM: metres(L.beam, limits.maxBeamM, 'maxBeamM'),
    engine: oneLine(L.engine, 80),
  };
}

/** A boat's own data; make, model and engine may be left blank. */
export function boatSchema(limits: BoatLimits) {
  const fields = boatFields(limits);
  return yup
    .object({
      ...fields,
      make: fields.make.default(''),
      model: fields.model.default(''),
      engine: fields.engine.default(''),
    })
    .noUnknown(true, m.unknown_field);
}
export type BoatInput = yup.InferType<ReturnType<typeof boatSchema>>;

/** `PATCH /boats/{id}`: any of the boat's own fields; what it does not name stays as it is (no blanks filled in). */
export function boatPatchSchema(limits: BoatLimits) {
  return yup.object(boatFields(limits)).noUnknown(true, m.unknown_field).partial();
}

/**
 * A policy's data (the certificate goes separately, as the body of `PUT …/insurance-certificate`). A policy
 * that has already ended is not a renewal.
 */
export function insuranceSchema(today: string) {
  return yup
    .object({
      insurer: oneLine(L.insurer, 80).required(m.insurer_required),
      policyNumber: oneLine(L.policy_number, 40).required(m.policy_number_required),
      expiresOn: calendarDate(L.insurance_expiry)
        .required(m.insurance_expiry_required)
        .test(
          'not-past',
          m.insurance_expired,
          (value) => value === undefined || !isCalendarDate(value) || value >= today,
        )
        .meta({ description: "Last day covered (YYYY-MM-DD): today or later in the marina's calendar." }),
    })
    .noUnknown(true, m.unknown_field);
}
export type InsuranceInput = yup.InferType<ReturnType<typeof insuranceSchema>>;

/**
 * `POST /contracts`: a listed boat (`boatId`) or a new one (`boat`, and its `insurance`), the plan, the
 * first day (today or later, the marina's calendar) and the conditions accepted.
 */
export function contractRequestSchema(limits: BoatLimits, today: string) {
  return yup
    .object({
      boatId: yup
        .string()
        .uuid(m.choose_from_list({ label: L.boat }))
        .optional(),
      boat: boatSchema(limits).default(undefined).optional(),
      insurance: insuranceSchema(today).default(undefined).optional(),
      plan: yup
        .string()
        .oneOf(CONTRACT_PLANS, m.contract_plan_required)
        .required(m.contract_plan_required) as yup.StringSchema<ContractPlan>,
      startsOn: calendarDate(L.contract_start)
        .required(m.contract_start_required)
        .test(
          'from-today',
          m.contract_start_from_today({ today: formatDay(today, today) }),
          (value) => value === undefined || !isCalendarDate(value) || value >= today,
        )
        .meta({ description: "First day (YYYY-MM-DD): today or later in the marina's calendar." }),
      acceptConditions: yup
        .boolean()
        .strict()
        .oneOf([true], m.contract_conditions_not_accepted)
        .required(m.contract_conditions_not_accepted),
    })
    .noUnknown(true, m.unknown_field)
    .test('one-boat', m.contract_boat_or_new_boat, (value, context) => {
      if ((value.boatId === undefined) === (value.boat === undefined)) {
        return context.createError({ path: 'boatId', message: m.contract_boat_or_new_boat });
      }
      if (value.boat !== undefined && value.insurance === undefined) {
        return context.createError({ path: 'insurance.insurer', message: m.insurer_required });
      }
      return true;
    })
    .meta({
      description: 'Either `boatId` (a listed boat of the account) or `boat` with its `insurance` (a new one).',
    });
}
export type ContractRequestInput = yup.InferType<ReturnType<typeof contractRequestSchema>>;

/** Staff: `POST /staff/contracts/{id}/reject`. */
export const contractRejectionSchema = yup
  .object({ reason: oneLine(L.reason, 300).required(m.rejection_reason_required) })
  .noUnknown(true, m.unknown_field);

/** Staff: `PATCH /staff/boats/{id}`. */
export const staffBoatPatchSchema = yup
  .object({
    state: yup.string().oneOf(BOAT_STATES, m.boat_state_invalid) as yup.StringSchema<BoatState | undefined>,
    rackPosition: oneLine(L.rack_position, 20).nullable(),
  })
  .noUnknown(true, m.unknown_field);
