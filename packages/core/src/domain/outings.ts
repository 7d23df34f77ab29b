/**
 * Outings at sea (docs/product.md §4.9): once a boat's launch of the day is confirmed or it is in the water,
 * the person using it logs where it goes, who skippers it and when it will be back. This file is the
 * contract the app and the server share: states, what the API sends, the rules of every body (the route's
 * JSON schema is derived from the yup schemas here) and the time rules, written once.
 *
 * Calls (under /api/v1): `GET /outing-options` → OutingOptions; `GET /outings[?boatId=]` → OutingList;
 * `GET /outings/{id}` → Outing; `POST /outings` (outingSchema, Idempotency-Key) → 201 Outing;
 * `POST /outings/{id}/return` → Outing; `POST /outings/{id}/extend` (extendOutingSchema) → Outing.
 * Staff: `GET /staff/outings?state=&date=` → StaffOutingList; `POST /staff/outings/{id}/return` → StaffOuting.
 */
import * as yup from 'yup';
import { phoneRuleWith } from './account-rules.ts';
import { paths } from './app-paths.ts';
import type { BoatRole } from './authorisations.ts';
import { isOffsetDateTime, openingInstants, type SlotMarina } from './launches.ts';
import { localDateIn } from './opening-hours.ts';
import {
  CalendarDay,
  NextCursor,
  Nullable,
  OrNull,
  Ref,
  Shared,
  StringEnum,
  Type,
  Uuid,
  type SchemaOptions,
  type Static,
} from './response-schema.ts';
import type {} from './schema-meta.ts';
import type { eligibilityReasonResponse } from './eligibility.ts';
import { fieldLabels as L, fieldRuleMessages as m } from '../messages/field-rules.ts';

// --- States ------------------------------------------------------------------------------------------------

/**
 * - `at_sea`: logged, not back yet;
 * - `overdue`: still not back OUTING_OVERDUE_MINUTES after the expected return (the marina is alerted);
 *   an extension takes it back to `at_sea`;
 * - `returned`: back (marked by the customer, the skipper or the marina). Final.
 */
export type OutingState = 'at_sea' | 'overdue' | 'returned';
export const OUTING_STATES = ['at_sea', 'overdue', 'returned'] as const satisfies readonly OutingState[];
export const OUTING_STATE_LABELS: Readonly<Record<OutingState, string>> = {
  at_sea: 'En el mar',
  overdue: 'Sin noticias: retrasada',
  returned: 'De vuelta',
};
/** States of an outing still at sea: at most one per boat. */
export const OPEN_OUTING_STATES = ['at_sea', 'overdue'] as const satisfies readonly OutingState[];

export function isOpenOutingState(state: OutingState): boolean {
  return (OPEN_OUTING_STATES as readonly OutingState[]).includes(state);
}

/** Minutes after the expected return without a return before an outing is overdue. */
export const OUTING_OVERDUE_MINUTES = 30;
/** Where a marina allows overnight outings, the longest an outing may be planned for. */
export const OUTING_MAX_OVERNIGHT_HOURS = 72;
/** How far ahead of now a departure may be logged (a boat about to leave). */
export const OUTING_DEPARTURE_AHEAD_MINUTES = 60;
export const OUTING_MAX_PEOPLE = 30;
export const OUTING_DESTINATION_MAX = 200;

/** "He vuelto": the outings screen (`salidas`, where notifications link) opening the return of one outing. */
export function outingReturnLink(outingId: string): string {
  return `${paths.salidas}?volver=${encodeURIComponent(outingId)}`;
}

// --- What the API sends ------------------------------------------------------------------------------------

/** `skipper` in a body: the boat's owner, or the id of an authorisation of that boat. */
export const OWNER_SKIPPER = 'owner';

const offsetTime = (options: SchemaOptions = {}) =>
  Type.String({ format: 'date-time', description: "ISO 8601 with the marina's offset", ...options });
const nullableTime = (options: SchemaOptions = {}) =>
  Nullable(Type.String({ format: 'date-time' }), {
    description: "ISO 8601 with the marina's offset, or null",
    ...options,
  });
const boatRole = (options: SchemaOptions = {}) =>
  StringEnum(['owner', 'authorised'] as const satisfies readonly BoatRole[], options);

export const outingSkipperResponse = Type.Object({
  kind: boatRole(),
  /** The authorisation's id when `kind` is `authorised`; null for the owner. */
  authorisationId: Nullable(Uuid()),
  firstName: Type.String(),
  surnames: Type.String(),
});
export type OutingSkipper = Static<typeof outingSkipperResponse>;

/** What the signed-in person may do with it now (the server decides; the screen only shows). */
export const outingActionsResponse = Type.Object(
  {
    /** "He vuelto": the person who logged it or its skipper, while it is at sea or overdue. */
    return: Type.Boolean(),
    /** "Ampliar la vuelta": the same people, same time. */
    extend: Type.Boolean(),
  },
  {
    description:
      'The person who logged it or its skipper, while it is at sea or overdue; an owner only reads the others',
  },
);
export type OutingActions = Static<typeof outingActionsResponse>;

const commonProperties = {
  id: Uuid(),
  boatId: Uuid(),
  boatName: Type.String(),
  state: StringEnum(OUTING_STATES),
  /** ISO 8601 with the marina's offset. */
  departure: offsetTime(),
  expectedReturn: offsetTime(),
  /** When it became overdue (null unless overdue now). */
  overdueSince: nullableTime({ description: 'When it became overdue; null unless overdue now' }),
  /** When the return was marked; null while at sea. */
  returnedAt: nullableTime(),
  /** Who marked the return: `customer` (the one who logged it or the skipper), `staff`; null while at sea. */
  returnedBy: OrNull(StringEnum(['customer', 'staff'] as const)),
  people: Type.Integer(),
  skipper: outingSkipperResponse,
  destination: Type.String(),
  /** E.164. */
  contactPhone: Type.String({ description: 'E.164' }),
  createdAt: offsetTime(),
};

export const outingResponse = Shared(
  Type.Object(
    {
      ...commonProperties,
      /** Who logged it; `self` when the signed-in person did. */
      loggedBy: Type.Object({ firstName: Type.String(), surnames: Type.String(), self: Type.Boolean() }),
      /**
       * The signed-in person's relation to the boat. An owner also sees, read-only, the outings their authorised
       * persons logged on their boats (decision 030).
       */
      role: boatRole({ description: "The signed-in person's relation to the boat" }),
      actions: outingActionsResponse,
    },
    { $id: 'Outing' },
  ),
);
export type Outing = Static<typeof outingResponse>;

/** `GET /outings` (`?boatId=` keeps one boat's): at sea first (soonest expected return first), then history (latest first). */
export const outingListResponse = Shared(
  Type.Object(
    {
      atSea: Type.Array(Ref<typeof outingResponse>('Outing'), {
        description:
          'At sea or overdue: overdue first, then soonest expected return; all on the first page, none on the following',
      }),
      history: Type.Array(Ref<typeof outingResponse>('Outing'), {
        description: 'Returned, latest departure first: one page of them',
      }),
      /** The cursor of the next page of history (`?cursor=`), null on the last; later pages carry no `atSea` (decision 042). */
      next: NextCursor(),
    },
    { $id: 'OutingList' },
  ),
);
export type OutingList = Static<typeof outingListResponse>;

/** Why an outing cannot be logged for a boat now, as the API's error code says it. */
export type OutingRefusalCode = 'boat_not_in_water' | 'boat_already_at_sea' | 'not_eligible';
const OUTING_REFUSAL_CODES = [
  'boat_not_in_water',
  'boat_already_at_sea',
  'not_eligible',
] as const satisfies readonly OutingRefusalCode[];

/** One skipper the form offers for a boat. */
export const outingSkipperOptionResponse = Type.Object({
  /** What the body sends as `skipper`: `owner` or an authorisation id. */
  skipper: Type.String({ description: '`owner` or an authorisation id: what the body sends' }),
  firstName: Type.String(),
  surnames: Type.String(),
  /** Last valid day of their licence; null when none is on file. */
  licenceExpiresOn: Nullable(CalendarDay()),
  /** False when they may not skipper today (no valid licence, authorisation not active today). */
  available: Type.Boolean(),
  /** Why not, short Spanish text; null when available. */
  reason: Nullable(Type.String()),
});
export type OutingSkipperOption = Static<typeof outingSkipperOptionResponse>;

export const outingBoatOptionResponse = Type.Object({
  boatId: Uuid(),
  boatName: Type.String(),
  role: boatRole(),
  /** Its launch today that lets it go out (confirmed or in the water); null when none. */
  launchToday: OrNull(
    Type.Object({ id: Uuid(), status: StringEnum(['confirmed', 'in_water'] as const), slotStart: offsetTime() }),
  ),
  /** May an outing be logged for it now? When false, `refusals` says why. */
  canLog: Type.Boolean(),
  refusals: Type.Array(
    Type.Object({
      code: StringEnum(OUTING_REFUSAL_CODES),
      text: Type.String(),
      /** `not_eligible`'s reasons, each with its code (a pending contract waits, an expired insurance blocks). */
      reasons: Type.Array(Ref<typeof eligibilityReasonResponse>('EligibilityReason'), {
        description: "not_eligible: the rule's reasons, each with its code; empty for the other refusals",
      }),
    }),
  ),
  /**
   * Skippers the form offers: the owner and, for the owner, every active authorised person of the boat; for an
   * authorised person, the owner and themselves (they do not see the others the owner authorised).
   */
  skippers: Type.Array(outingSkipperOptionResponse),
});
export type OutingBoatOption = Static<typeof outingBoatOptionResponse>;

/** `GET /outing-options`: what the form `alta-salida` needs for each boat the person may use. */
export const outingOptionsResponse = Shared(
  Type.Object(
    {
      timeZone: Type.String(),
      /** The marina's calendar day (YYYY-MM-DD). */
      today: CalendarDay(),
      /** Today's closing, ISO with the marina's offset; null when the marina does not open today. */
      closesAt: nullableTime(),
      /** The marina's `allowOvernight` setting. */
      allowOvernight: Type.Boolean(),
      /** The account's mobile, to prefill `contactPhone`. */
      contactPhone: Type.String(),
      boats: Type.Array(outingBoatOptionResponse),
    },
    { $id: 'OutingOptions' },
  ),
);
export type OutingOptions = Static<typeof outingOptionsResponse>;

const staffPerson = () =>
  Type.Object({ id: Uuid(), firstName: Type.String(), surnames: Type.String(), phone: Type.String() });

/** An outing as staff see it: the boat's registration and owner, and every phone to call. */
export const staffOutingResponse = Shared(
  Type.Object(
    { ...commonProperties, boatRegistration: Type.String(), owner: staffPerson(), loggedBy: staffPerson() },
    { $id: 'StaffOuting' },
  ),
);
export type StaffOuting = Static<typeof staffOutingResponse>;

/**
 * `GET /staff/outings?state=&date=`: the day's outings (by departure, the marina's calendar; today by
 * default), overdue first, then at sea, then returned. An open outing of an earlier day is listed too
 * when no `date` is given, so nothing at sea is ever out of sight.
 */
export const staffOutingListResponse = Shared(
  Type.Object(
    {
      date: CalendarDay(),
      timeZone: Type.String(),
      outings: Type.Array(Ref<typeof staffOutingResponse>('StaffOuting'), {
        description: 'Overdue first, then at sea, then returned',
      }),
    },
    { $id: 'StaffOutingList' },
  ),
);
export type StaffOutingList = Static<typeof staffOutingListResponse>;

// --- Bodies ------------------------------------------------------------------------------------------------

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

const dateTime = (label: string) =>
  yup
    .string()
    .test('date-time', m.invalid_date_time({ label }), (value) => value === undefined || isOffsetDateTime(value))
    .meta({
      jsonSchema: { format: 'date-time' },
      description: 'ISO 8601 date-time with an offset, such as 2027-07-04T10:30:00+02:00.',
    });

const returnAfterDeparture = (value: { departure?: string; expectedReturn?: string }, context: yup.TestContext) => {
  if (!isOffsetDateTime(value.departure) || !isOffsetDateTime(value.expectedReturn)) return true;
  return Date.parse(value.expectedReturn) > Date.parse(value.departure)
    ? true
    : context.createError({ path: 'expectedReturn', message: m.return_before_departure });
};

/** `POST /outings` (the form `alta-salida`). */
export const outingSchema = yup
  .object({
    boatId: yup
      .string()
      .required(m.boat_required)
      .uuid(m.choose_from_list({ label: L.boat })),
    departure: dateTime(L.departure).meta({
      description: 'When it leaves; now when not given. Today (the marina’s calendar), at most an hour ahead of now.',
      jsonSchema: { format: 'date-time' },
    }),
    expectedReturn: dateTime(L.expected_return)
      .required(m.expected_return_required)
      .meta({
        description:
          'Later than the departure and than now; the same day by closing, unless the marina allows overnight outings ' +
          `(then at most ${OUTING_MAX_OVERNIGHT_HOURS} hours after the departure).`,
        jsonSchema: { format: 'date-time' },
      }),
    people: yup
      .number()
      .typeError(m.people_not_number)
      .required(m.outing_people_required)
      .integer(m.people_not_integer)
      .min(1, m.people_too_few({ min: 1 }))
      .max(OUTING_MAX_PEOPLE, m.too_many({ label: L.people, max: OUTING_MAX_PEOPLE })),
    skipper: yup
      .string()
      .required(m.skipper_required)
      .test(
        'skipper',
        m.choose_from_list({ label: L.skipper }),
        (value) => value === undefined || value === OWNER_SKIPPER || UUID.test(value),
      )
      .meta({ description: '`owner`, or the id of an active authorisation of the boat whose licence is valid today.' }),
    destination: yup
      .string()
      .transform((value: unknown) => (typeof value === 'string' ? value.replace(/\s+/g, ' ') : value))
      .trim()
      .required(m.destination_required)
      .max(OUTING_DESTINATION_MAX, m.too_long({ label: L.destination, max: OUTING_DESTINATION_MAX })),
    contactPhone: phoneRuleWith(m.contact_phone_required),
  })
  .noUnknown(true, m.unknown_field)
  .test('return-after-departure', returnAfterDeparture)
  .meta({ description: '`expectedReturn` must come after `departure`.' });
export type OutingInput = yup.InferType<typeof outingSchema>;

/** `POST /outings/{id}/extend`: a later expected return, under the same limits. */
export const extendOutingSchema = yup
  .object({
    expectedReturn: dateTime(L.new_expected_return)
      .required(m.new_expected_return_required)
      .meta({
        description: 'Later than the current expected return and than now; same limits as when logging.',
        jsonSchema: { format: 'date-time' },
      }),
  })
  .noUnknown(true, m.unknown_field);
export type ExtendOutingInput = yup.InferType<typeof extendOutingSchema>;

// --- Time rules --------------------------------------------------------------------------------------------

const MINUTE = 60_000;

/** The instant an outing becomes overdue: OUTING_OVERDUE_MINUTES after its expected return. */
export function overdueAt(expectedReturn: Date): Date {
  return new Date(expectedReturn.getTime() + OUTING_OVERDUE_MINUTES * MINUTE);
}

/** Is an outing still at sea overdue at `now`? */
export function isOverdue(expectedReturn: Date, now: Date): boolean {
  return now.getTime() >= overdueAt(expectedReturn).getTime();
}

export type OutingMarina = SlotMarina & { allowOvernight: boolean };

/** Why a return time is refused, as the API's error code; undefined when it is fine. */
export type ReturnRefusal = 'return_in_past' | 'return_after_closing' | 'outing_too_long';

/**
 * The expected return's limits: later than `now`; without overnight, the departure's local day and no later
 * than that day's closing (a day the marina does not open has no valid return); with overnight, at most
 * OUTING_MAX_OVERNIGHT_HOURS after the departure.
 */
export function returnRefusal(
  marina: OutingMarina,
  departure: Date,
  expectedReturn: Date,
  now: Date,
): ReturnRefusal | undefined {
  if (expectedReturn.getTime() <= now.getTime()) return 'return_in_past';
  if (marina.allowOvernight) {
    return expectedReturn.getTime() - departure.getTime() > OUTING_MAX_OVERNIGHT_HOURS * 60 * MINUTE
      ? 'outing_too_long'
      : undefined;
  }
  const day = localDateIn(departure, marina.timeZone);
  const hours = openingInstants(marina, day);
  if (!hours || localDateIn(expectedReturn, marina.timeZone) !== day || expectedReturn.getTime() > hours.end.getTime())
    return 'return_after_closing';
  return undefined;
}

/** A departure is today (the marina's calendar) and at most OUTING_DEPARTURE_AHEAD_MINUTES ahead of `now`. */
export function departureValid(timeZone: string, departure: Date, now: Date): boolean {
  return (
    localDateIn(departure, timeZone) === localDateIn(now, timeZone) &&
    departure.getTime() <= now.getTime() + OUTING_DEPARTURE_AHEAD_MINUTES * MINUTE
  );
}
