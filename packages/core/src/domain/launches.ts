/**
 * Launches (docs/product.md §4.7): a customer asks for their boat to be put in the water in one of the
 * marina's 30-minute slots; each slot takes at most `slotCapacity` launches. This file is the contract the
 * app and the server share: what the API sends, the rules of every body, and the slots of a day computed
 * from the marina's opening hours in its own time zone.
 *
 * Slots are instants, not wall-clock labels: a slot is 30 real minutes from the opening instant, so on the
 * day the clocks change the crew's real time is what is split (decision 022). Local time ↔ instant goes
 * through `@date-fns/tz`, never hand-written offsets.
 */
import { TZDate } from '@date-fns/tz';
import * as yup from 'yup';
import { addDays, isCalendarYear, todayIn } from './calendar.ts';
import { eligibilityResponse } from './eligibility.ts';
import type { ClientSettings } from './marina.ts';
import { localDateIn, openingHoursOn, type OpeningSeason } from './opening-hours.ts';
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
import { formatInZone } from './zone-time.ts';
import { fieldLabels as L, fieldRuleMessages as m } from '../messages/field-rules.ts';

// --- States ------------------------------------------------------------------------------------------------

export type LaunchStatus =
  'pending' | 'confirmed' | 'waitlisted' | 'in_water' | 'ready_to_stow' | 'completed' | 'cancelled';
export const LAUNCH_STATUSES = [
  'pending',
  'confirmed',
  'waitlisted',
  'in_water',
  'ready_to_stow',
  'completed',
  'cancelled',
] as const satisfies readonly LaunchStatus[];

export const LAUNCH_STATUS_LABELS: Readonly<Record<LaunchStatus, string>> = {
  pending: 'Pendiente de confirmar',
  confirmed: 'Confirmada',
  waitlisted: 'En lista de espera',
  in_water: 'En el agua',
  ready_to_stow: 'Lista para subir',
  completed: 'Completada',
  cancelled: 'Cancelada',
};

/** Requests still in course: they count toward one per boat and `maxOpenPerAccount` (waiting ones too). */
export const OPEN_LAUNCH_STATUSES = [
  'pending',
  'confirmed',
  'waitlisted',
  'in_water',
  'ready_to_stow',
] as const satisfies readonly LaunchStatus[];
/** Requests that hold one of the slot's places (a pending one too, so staff can confirm it). */
export const PLACE_HOLDING_STATUSES = ['pending', 'confirmed'] as const satisfies readonly LaunchStatus[];

export function isOpenLaunchStatus(status: LaunchStatus): boolean {
  return (OPEN_LAUNCH_STATUSES as readonly LaunchStatus[]).includes(status);
}

/** Who made a change: the customer, the marina's staff, or the platform (promotion, expiry, a passed slot). */
export type LaunchActor = 'customer' | 'staff' | 'system';
export const LAUNCH_ACTORS = ['customer', 'staff', 'system'] as const satisfies readonly LaunchActor[];
export const LAUNCH_ACTOR_LABELS: Readonly<Record<LaunchActor, string>> = {
  customer: 'Tú',
  staff: 'El puerto',
  system: 'Automático',
};

/**
 * Every allowed change, by who may make it. Anything else is refused (`state_conflict`). A move
 * (reschedule) keeps the state, except a waiting entry moved to a free slot, which takes a place.
 */
export const LAUNCH_TRANSITIONS: Readonly<
  Record<LaunchActor, Readonly<Partial<Record<LaunchStatus, readonly LaunchStatus[]>>>>
> = {
  customer: {
    pending: ['cancelled'],
    confirmed: ['cancelled'],
    waitlisted: ['cancelled'],
    in_water: ['ready_to_stow'],
  },
  staff: {
    pending: ['confirmed', 'cancelled'],
    confirmed: ['in_water', 'cancelled'],
    waitlisted: ['cancelled'],
    in_water: ['completed'],
    ready_to_stow: ['completed'],
  },
  system: {
    // Expiry of an unanswered request, promotion from the waiting list, a waiting entry whose slot passed.
    pending: ['cancelled'],
    waitlisted: ['confirmed', 'pending', 'cancelled'],
  },
};

export function canTransition(actor: LaunchActor, from: LaunchStatus, to: LaunchStatus): boolean {
  return LAUNCH_TRANSITIONS[actor][from]?.includes(to) ?? false;
}

// --- What the API sends ------------------------------------------------------------------------------------

/** An instant of a launch: ISO 8601 with the marina's offset. */
const offsetTime = (options: SchemaOptions = {}) =>
  Type.String({ format: 'date-time', description: "ISO 8601 with the marina's offset", ...options });
const launchStatus = StringEnum(LAUNCH_STATUSES);

/** One recorded change. Times are ISO 8601 with the marina's offset. */
export const launchHistoryEntryResponse = Type.Object({
  at: offsetTime(),
  by: StringEnum(LAUNCH_ACTORS),
  /** Null for the request itself. */
  from: OrNull(launchStatus),
  to: launchStatus,
  /** The slot at that moment: a move shows as an entry whose slot differs from the one before. */
  slotStart: offsetTime(),
  /** Staff's words (a cancellation, a rejection, a closure) or the platform's (an expiry). */
  reason: Nullable(Type.String()),
  /**
   * A customer's change made by someone other than the reader: their first name and surname (the boat's owner
   * reads what the person who asked did, or that person reads the owner's cancellation). Null for the reader's
   * own changes, staff's and the platform's (decision 033).
   */
  byName: Nullable(Type.String(), { description: "A customer's change by someone other than the reader: their name" }),
});
export type LaunchHistoryEntry = Static<typeof launchHistoryEntryResponse>;

/** What the customer may do with it now (the server decides; the screen only shows). */
export const launchActionsResponse = Type.Object({
  /** Move or cancel: open and before `changeableUntil`. */
  reschedule: Type.Boolean(),
  cancel: Type.Boolean(),
  /** "Listo para subir": the boat is in the water. */
  readyToStow: Type.Boolean(),
  /** "Añadir al calendario" (`GET /launches/{id}/calendar.ics`). */
  calendar: Type.Boolean(),
});
export type LaunchActions = Static<typeof launchActionsResponse>;

/**
 * Who asked for a launch the reader did not ask for themselves: the boat's owner sees the launches their
 * authorised persons asked for on the owner's boats (docs/product.md §4.7, decision 033).
 */
export const launchBookerResponse = Type.Object({
  /** First name and surname. */
  name: Type.String(),
  role: StringEnum(['authorised'] as const),
});
export type LaunchBooker = Static<typeof launchBookerResponse>;

const launchProperties = {
  id: Uuid(),
  boatId: Uuid(),
  boatName: Type.String(),
  status: launchStatus,
  /** The slot, ISO 8601 with the marina's offset. */
  slotStart: offsetTime(),
  slotEnd: offsetTime(),
  expectedReturn: offsetTime(),
  people: Type.Integer(),
  notes: Type.String(),
  /** Place in the slot's waiting list (1 is next); null unless waitlisted. */
  waitlistPosition: Nullable(Type.Integer(), { description: '1 is next; null unless waitlisted' }),
  /**
   * Place in the marina's queue of boats to lift back to the rack, in the order each said «listo para subir» (1 is
   * next); null unless `ready_to_stow`. Moves up as the boats ahead are lifted.
   */
  haulOutPosition: Nullable(Type.Integer(), {
    description: "Place in the marina's queue to lift (1 is next); null unless ready_to_stow",
  }),
  /** After this instant the customer must call the marina to move or cancel it (`changeCutoffMinutes`). */
  changeableUntil: offsetTime({
    description: 'After it (changeCutoffMinutes before the slot) the customer calls the marina',
  }),
  /** Staff's reason when they cancelled or rejected it, or the platform's when it ended on its own. */
  cancellationReason: Nullable(Type.String()),
  createdAt: offsetTime(),
  actions: launchActionsResponse,
  /** Every change, oldest first. */
  history: Type.Array(launchHistoryEntryResponse, { description: 'Every change, oldest first' }),
  /**
   * Null when the reader asked for it; otherwise who did (an authorised person, on a boat the reader owns). The
   * owner may then only cancel it and add it to a calendar: moving it and «listo para subir» stay the booker's.
   */
  bookedBy: OrNull(launchBookerResponse, {
    description:
      "Null when the reader asked for it; else who did (a person the reader authorised on the reader's boat: decision 033)",
  }),
};

export const launchResponse = Shared(Type.Object(launchProperties, { $id: 'Launch' }));
export type Launch = Static<typeof launchResponse>;

/**
 * `GET /launches`: upcoming ones soonest first, then past ones latest first. The upcoming ones (few by
 * nature: open launches are capped) come whole on the first page, the past ones a page at a time; later
 * pages (`?cursor=next`) carry only past ones (decision 042).
 */
export const launchListResponse = Shared(
  Type.Object(
    {
      upcoming: Type.Array(Ref<typeof launchResponse>('Launch'), {
        description: 'Still in course, soonest first: all of them on the first page, none on the following',
      }),
      past: Type.Array(Ref<typeof launchResponse>('Launch'), {
        description: 'Completed or cancelled, latest first: one page of them',
      }),
      /** The cursor of the next page of past launches, null on the last. */
      next: NextCursor(),
    },
    { $id: 'LaunchList' },
  ),
);
export type LaunchList = Static<typeof launchListResponse>;

export type LaunchSlotState = 'free' | 'full' | 'closed' | 'past';
export const LAUNCH_SLOT_STATES = ['free', 'full', 'closed', 'past'] as const satisfies readonly LaunchSlotState[];
export const LAUNCH_SLOT_STATE_LABELS: Readonly<Record<LaunchSlotState, string>> = {
  free: 'Libre',
  full: 'Completo',
  closed: 'Cerrado',
  past: 'No disponible',
};

const slotProperties = {
  /** ISO 8601 with the marina's offset on that instant. */
  start: offsetTime(),
  end: offsetTime(),
  capacity: Type.Integer(),
  /** Places left (never below 0). */
  free: Type.Integer(),
  /** People on its waiting list. */
  waiting: Type.Integer(),
  /**
   * `past`: too soon to book (started, or within `minLeadMinutes`); `closed`: a staff closure covers it or it
   * is beyond `maxAdvanceDays`; `full`: no place (the waiting list is open); else `free`.
   */
  state: StringEnum(LAUNCH_SLOT_STATES),
  /** Why it is closed, when staff said (a closure's reason). */
  closedReason: Nullable(Type.String()),
};
export const launchSlotResponse = Type.Object(slotProperties);
export type LaunchSlot = Static<typeof launchSlotResponse>;

/** `GET /launch-slots?boatId=&date=` */
export const launchSlotDayResponse = Shared(
  Type.Object(
    {
      /** The marina's calendar day asked for. */
      date: CalendarDay(),
      timeZone: Type.String(),
      /** The day's hours in local time; null when the marina does not open. */
      hours: OrNull(Type.Object({ open: Type.String(), close: Type.String() })),
      /** May this boat be launched (the eligibility rule plus this feature's reasons). */
      eligibility: eligibilityResponse(),
      slots: Type.Array(launchSlotResponse),
    },
    { $id: 'LaunchSlotDay' },
  ),
);
export type LaunchSlotDay = Static<typeof launchSlotDayResponse>;

/**
 * A day at a glance, for the booking screen's strip of days (`GET /launch-days`): `closed` when the marina does
 * not open or every slot still to come is closed (a staff closure, or beyond `maxAdvanceDays`); `past` when it
 * opens but every slot is too soon now; `full` when every bookable slot is full (the waiting list is open);
 * `few` when the places left are few (`fewPlacesLeft`); else `free`.
 */
export type LaunchDayState = 'free' | 'few' | 'full' | 'closed' | 'past';
export const LAUNCH_DAY_STATES = ['free', 'few', 'full', 'closed', 'past'] as const satisfies readonly LaunchDayState[];

export const launchDayResponse = Type.Object({
  /** The marina's calendar day. */
  date: CalendarDay(),
  state: StringEnum(LAUNCH_DAY_STATES),
  /** The day's hours in local time; null when the marina does not open. */
  hours: OrNull(Type.Object({ open: Type.String(), close: Type.String() })),
  /** Places left over the day's bookable slots (those `free` or `full`). */
  free: Type.Integer({ description: "Places left over the day's bookable slots" }),
  /** Slots that may still be booked (free) or waited for (full). */
  bookable: Type.Integer({ description: 'Slots still bookable: free or full' }),
  /** A closed day's closure reason, once; null otherwise (and when no staff closure explains it). */
  closedReason: Nullable(Type.String()),
});
export type LaunchDay = Static<typeof launchDayResponse>;

/** `GET /launch-days?boatId=&from=&to=`: every day from `from` to `to` (inclusive), in order. */
export const launchDaysResponse = Shared(
  Type.Object(
    {
      timeZone: Type.String(),
      from: CalendarDay(),
      to: CalendarDay(),
      days: Type.Array(launchDayResponse),
    },
    { $id: 'LaunchDays' },
  ),
);
export type LaunchDays = Static<typeof launchDaysResponse>;

/** The longest range `GET /launch-days` answers, in days (two months of a strip). */
export const LAUNCH_DAYS_MAX_RANGE = 62;

/**
 * Few places left out of several: at most a quarter of the capacity (and at least one). The same measure as a
 * slot's «casi lleno», applied to a whole day's bookable capacity.
 */
export function fewPlacesLeft(free: number, capacity: number): boolean {
  return capacity > 1 && free > 0 && free <= Math.max(1, Math.floor(capacity / 4));
}

/** A slot that may still be asked for: with places, or full with its waiting list open. */
export const isBookableSlot = (slot: Pick<LaunchSlot, 'state'>) => slot.state === 'free' || slot.state === 'full';

/** A day's state from its slots (as `launchSlots` gives them): what `GET /launch-days` says of each day. */
export function launchDaySummary(
  slots: readonly LaunchSlot[],
): Pick<LaunchDay, 'state' | 'free' | 'bookable' | 'closedReason'> {
  const bookable = slots.filter(isBookableSlot);
  const free = bookable.reduce((sum, slot) => sum + slot.free, 0);
  const capacity = bookable.reduce((sum, slot) => sum + slot.capacity, 0);
  const counts = { free, bookable: bookable.length };
  if (bookable.length === 0) {
    // Too-soon slots always come first: the day is over when its last slot is; else what is left is closed.
    const last = slots[slots.length - 1];
    if (last?.state === 'past') return { state: 'past', ...counts, closedReason: null };
    const reason = slots.find((slot) => slot.state === 'closed' && slot.closedReason !== null)?.closedReason;
    return { state: 'closed', ...counts, closedReason: reason ?? null };
  }
  const state: LaunchDayState = free === 0 ? 'full' : fewPlacesLeft(free, capacity) ? 'few' : 'free';
  return { state, ...counts, closedReason: null };
}

/** A launch as staff see it: who asked and the boat's registration and rack position. */
export const staffLaunchResponse = Shared(
  Type.Object(
    {
      ...launchProperties,
      owner: Type.Object({ id: Uuid(), firstName: Type.String(), surnames: Type.String(), phone: Type.String() }),
      boatRegistration: Type.String(),
      rackPosition: Nullable(Type.String()),
    },
    { $id: 'StaffLaunch' },
  ),
);
export type StaffLaunch = Static<typeof staffLaunchResponse>;

/**
 * `GET /staff/launches?date=`: the day by slot, each slot with its launches (waiting ones last, in order), and the
 * queue of boats to lift.
 */
export const staffLaunchDayResponse = Shared(
  Type.Object(
    {
      date: CalendarDay(),
      timeZone: Type.String(),
      slots: Type.Array(
        Type.Object({ ...slotProperties, launches: Type.Array(Ref<typeof staffLaunchResponse>('StaffLaunch')) }),
      ),
      /**
       * The boats waiting to be lifted now (whatever the day asked), in the order each said «listo para subir»:
       * the first is the next to lift.
       */
      haulOutQueue: Type.Array(Ref<typeof staffLaunchResponse>('StaffLaunch'), {
        description: 'The boats waiting to be lifted now, whatever the day: next first (haulOutPosition 1, 2, …)',
      }),
    },
    { $id: 'StaffLaunchDay' },
  ),
);
export type StaffLaunchDay = Static<typeof staffLaunchDayResponse>;

/** `POST /staff/closures` answers with the closure and how many requests it ended. */
export const closureResponse = Shared(
  Type.Object(
    {
      id: Uuid(),
      start: offsetTime(),
      end: offsetTime(),
      reason: Type.String(),
      createdAt: offsetTime(),
      cancelledLaunches: Type.Integer({ description: 'Launches and waiting entries it cancelled' }),
    },
    { $id: 'Closure' },
  ),
);
export type Closure = Static<typeof closureResponse>;

// --- Bodies ------------------------------------------------------------------------------------------------

const OFFSET_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/;

/** An ISO 8601 date-time that says its offset (a bare local time is ambiguous on the day the clocks change), in `CALENDAR_YEARS`. */
export function isOffsetDateTime(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    OFFSET_DATE_TIME.test(value) &&
    isCalendarYear(Number(value.slice(0, 4))) &&
    !Number.isNaN(Date.parse(value))
  );
}

const dateTime = (label: string, required: string) =>
  yup
    .string()
    .required(required)
    .test('date-time', m.invalid_date_time({ label }), (value) => value === undefined || isOffsetDateTime(value))
    .meta({
      jsonSchema: { format: 'date-time' },
      description: 'ISO 8601 date-time with an offset, such as 2027-03-28T08:00:00+02:00.',
    });

const reasonRule = (label: string, required: string) =>
  yup
    .string()
    .transform((value: unknown) => (typeof value === 'string' ? value.replace(/\s+/g, ' ') : value))
    .trim()
    .required(required)
    .max(300, m.too_long({ label, max: 300 }));

export const LAUNCH_MAX_PEOPLE = 30;
export const LAUNCH_NOTES_MAX = 500;

const laterThanSlot = (value: { slotStart?: string; expectedReturn?: string }, context: yup.TestContext) => {
  if (!isOffsetDateTime(value.slotStart) || !isOffsetDateTime(value.expectedReturn)) return true;
  return Date.parse(value.expectedReturn) > Date.parse(value.slotStart)
    ? true
    : context.createError({ path: 'expectedReturn', message: m.return_before_slot });
};

/** `POST /launches` */
export const launchRequestSchema = yup
  .object({
    boatId: yup
      .string()
      .required(m.boat_required)
      .uuid(m.choose_from_list({ label: L.boat })),
    slotStart: dateTime(L.slot_start, m.slot_start_required).meta({
      description: "The slot's start, ISO 8601 with an offset (as `GET /launch-slots` gives it).",
      jsonSchema: { format: 'date-time' },
    }),
    expectedReturn: dateTime(L.expected_return, m.expected_return_required).meta({
      description: 'When the boat will be back at the dock: the same day, after the slot, before closing.',
      jsonSchema: { format: 'date-time' },
    }),
    people: yup
      .number()
      .typeError(m.people_not_number)
      .required(m.launch_people_required)
      .integer(m.people_not_integer)
      .min(1, m.people_too_few({ min: 1 }))
      .max(LAUNCH_MAX_PEOPLE, m.too_many({ label: L.people, max: LAUNCH_MAX_PEOPLE })),
    notes: yup
      .string()
      .trim()
      .max(LAUNCH_NOTES_MAX, m.too_long({ label: L.notes, max: LAUNCH_NOTES_MAX }))
      .default(''),
    waitlist: yup
      .boolean()
      .typeError(m.waitlist_not_boolean)
      .default(false)
      .meta({ description: "True to join a full slot's waiting list; without it a full slot is 409 `slot_full`." }),
  })
  .noUnknown(true, m.unknown_field)
  .test('return-after-slot', laterThanSlot)
  .meta({ description: '`expectedReturn` must come after `slotStart`.' });
export type LaunchRequestInput = yup.InferType<typeof launchRequestSchema>;

/** `POST /launches/{id}/reschedule`: another slot; the return keeps its length when not given. */
export const rescheduleSchema = yup
  .object({
    slotStart: dateTime(L.slot_start, m.new_slot_start_required),
    expectedReturn: yup
      .string()
      .test(
        'date-time',
        m.invalid_date_time({ label: L.expected_return }),
        (value) => value === undefined || isOffsetDateTime(value),
      )
      .meta({
        jsonSchema: { format: 'date-time' },
        description: 'Optional: by default the return keeps its time after the slot.',
      }),
  })
  .noUnknown(true, m.unknown_field)
  .test('return-after-slot', laterThanSlot)
  .meta({ description: '`expectedReturn`, when given, must come after `slotStart`.' });
export type RescheduleInput = yup.InferType<typeof rescheduleSchema>;

/** Staff: `POST /staff/launches/{id}/cancel` and `…/reject`. */
export const cancelSchema = yup
  .object({ reason: reasonRule(L.reason, m.cancel_reason_required) })
  .noUnknown(true, m.unknown_field);
export type CancelInput = yup.InferType<typeof cancelSchema>;

/** The longest a closure may last. */
const CLOSURE_MAX_DAYS = 31;

/** Staff: `POST /staff/closures`: a time range (at most CLOSURE_MAX_DAYS days) and why. */
export const closureSchema = yup
  .object({
    start: dateTime(L.closure_start, m.closure_start_required),
    end: dateTime(L.closure_end, m.closure_end_required),
    reason: reasonRule(L.closure_reason, m.closure_reason_required),
  })
  .noUnknown(true, m.unknown_field)
  .test('end-after-start', (value, context) => {
    if (!isOffsetDateTime(value.start) || !isOffsetDateTime(value.end)) return true;
    const length = Date.parse(value.end) - Date.parse(value.start);
    if (length <= 0) return context.createError({ path: 'end', message: m.closure_end_before_start });
    if (length > CLOSURE_MAX_DAYS * 86_400_000)
      return context.createError({ path: 'end', message: m.closure_too_long({ days: CLOSURE_MAX_DAYS }) });
    return true;
  })
  .meta({ description: '`end` comes after `start`, at most 31 days later.' });
export type ClosureInput = yup.InferType<typeof closureSchema>;

// --- Time in the marina's zone -----------------------------------------------------------------------------

export const SLOT_MINUTES = 30;
const MINUTE = 60_000;
/** A slot's length in milliseconds, for the arithmetic on instants (here and in the API). */
export const SLOT_MS = SLOT_MINUTES * MINUTE;

/**
 * The instant a local wall-clock time (`YYYY-MM-DD`, `HH:MM`) names in a zone. A time the clocks skip
 * (spring forward) moves forward by the gap; a time that happens twice (fall back) is the later one.
 */
export function instantAt(localDate: string, time: string, timeZone: string): Date {
  const [year, month, day] = localDate.split('-').map(Number) as [number, number, number];
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return new Date(new TZDate(year, month - 1, day, hours, minutes, timeZone).getTime());
}

export interface SlotTime {
  start: Date;
  end: Date;
}

/** What the slots of a day read of a marina. */
export interface SlotMarina {
  timeZone: string;
  openingHours: readonly OpeningSeason[];
}

const openingTimes = new WeakMap<readonly OpeningSeason[], Map<string, { start: number; end: number } | null>>();

/**
 * The day's opening and closing instants, or undefined when the marina does not open that day. Remembered
 * per marina's hours (the same array for as long as its settings stand) and day: every booking and every grid
 * asks for the same few days.
 */
export function openingInstants(marina: SlotMarina, localDate: string): SlotTime | undefined {
  let days = openingTimes.get(marina.openingHours);
  if (!days) {
    days = new Map();
    openingTimes.set(marina.openingHours, days);
  }
  const key = `${marina.timeZone} ${localDate}`;
  let found = days.get(key);
  if (found === undefined) {
    const hours = openingHoursOn(marina.openingHours, localDate);
    const start = hours && instantAt(localDate, hours.open, marina.timeZone).getTime();
    const end = hours && instantAt(localDate, hours.close, marina.timeZone).getTime();
    found = start !== undefined && end !== undefined && end > start ? { start, end } : null;
    if (days.size >= 2_000) days.clear();
    days.set(key, found);
  }
  return found ? { start: new Date(found.start), end: new Date(found.end) } : undefined;
}

/** Every whole slot (`SLOT_MINUTES` long) between opening and closing on a local date, in real time. */
export function slotTimesOn(marina: SlotMarina, localDate: string): SlotTime[] {
  const day = openingInstants(marina, localDate);
  if (!day) return [];
  const slots: SlotTime[] = [];
  for (let start = day.start.getTime(); start + SLOT_MS <= day.end.getTime(); start += SLOT_MS) {
    slots.push({ start: new Date(start), end: new Date(start + SLOT_MS) });
  }
  return slots;
}

/** A staff closure: no launch between `start` (included) and `end` (excluded). */
export interface ClosureRange {
  start: Date;
  end: Date;
  reason: string;
}

/** The closure that covers any part of a slot, if one does. */
export function closureOver(slot: SlotTime, closures: readonly ClosureRange[]): ClosureRange | undefined {
  return closures.find((closure) => closure.start < slot.end && closure.end > slot.start);
}

export type SlotRules = SlotMarina & Pick<ClientSettings, 'slotCapacity' | 'minLeadMinutes' | 'maxAdvanceDays'>;

/** Why no one may book a slot now, as the error code the API sends; undefined when it may be booked. */
export type SlotRefusal = 'slot_invalid' | 'slot_closed' | 'slot_too_soon' | 'slot_too_far';

/**
 * Whether an instant starts one of the marina's slots, and whether it may be booked at `now`: within
 * `minLeadMinutes` is too soon, a local day beyond today + `maxAdvanceDays` too far, a closure closed.
 */
export function slotRefusal(
  rules: SlotRules,
  start: Date,
  now: Date,
  closures: readonly ClosureRange[],
): SlotRefusal | undefined {
  const localDate = localDateIn(start, rules.timeZone);
  const day = openingInstants(rules, localDate);
  // One of the day's slots (see slotTimesOn): a whole number of slots after opening, ending by closing.
  const offset = day ? start.getTime() - day.start.getTime() : -1;
  if (!day || offset < 0 || offset % SLOT_MS !== 0 || start.getTime() + SLOT_MS > day.end.getTime())
    return 'slot_invalid';
  const slot = { start, end: new Date(start.getTime() + SLOT_MS) };
  if (start.getTime() < now.getTime() + rules.minLeadMinutes * MINUTE) return 'slot_too_soon';
  if (localDate > addDays(todayIn(rules.timeZone, now), rules.maxAdvanceDays)) return 'slot_too_far';
  if (closureOver(slot, closures)) return 'slot_closed';
  return undefined;
}

/** The expected return: after the slot starts and no later than closing on the slot's own local day. */
export function returnAfterClosing(marina: SlotMarina, slotStart: Date, expectedReturn: Date): boolean {
  const day = openingInstants(marina, localDateIn(slotStart, marina.timeZone));
  return !day || expectedReturn.getTime() > day.end.getTime();
}

/** Places held and people waiting in one slot (by its start instant). */
export interface SlotOccupancy {
  start: Date;
  held: number;
  waiting: number;
}

/** The day's slots as the grid shows them. */
export function launchSlots(
  rules: SlotRules,
  localDate: string,
  now: Date,
  occupancy: readonly SlotOccupancy[],
  closures: readonly ClosureRange[],
): LaunchSlot[] {
  return slotTimesOn(rules, localDate).map((slot) => {
    const found = occupancy.find((entry) => entry.start.getTime() === slot.start.getTime());
    const held = found?.held ?? 0;
    const free = Math.max(0, rules.slotCapacity - held);
    const refusal = slotRefusal(rules, slot.start, now, closures);
    const closure = closureOver(slot, closures);
    const state: LaunchSlotState =
      refusal === 'slot_too_soon'
        ? 'past'
        : refusal === 'slot_closed' || refusal === 'slot_too_far'
          ? 'closed'
          : free === 0
            ? 'full'
            : 'free';
    return {
      start: formatInZone(slot.start, rules.timeZone),
      end: formatInZone(slot.end, rules.timeZone),
      capacity: rules.slotCapacity,
      free,
      waiting: found?.waiting ?? 0,
      state,
      closedReason: state === 'closed' ? (closure?.reason ?? null) : null,
    };
  });
}

/** The instant a customer's changes stop: `changeCutoffMinutes` before the slot. */
export function changeableUntil(slotStart: Date, changeCutoffMinutes: number): Date {
  return new Date(slotStart.getTime() - changeCutoffMinutes * MINUTE);
}
