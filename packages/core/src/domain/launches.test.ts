import { describe, expect, it } from 'vitest';
import * as yup from 'yup';
import {
  canTransition,
  cancelSchema,
  closureSchema,
  fewPlacesLeft,
  instantAt,
  isOffsetDateTime,
  launchDaySummary,
  launchRequestSchema,
  launchSlots,
  rescheduleSchema,
  returnAfterClosing,
  slotRefusal,
  slotTimesOn,
  type SlotRules,
} from './launches.ts';
import type { OpeningSeason } from './opening-hours.ts';
import { describeSlot } from './format-dates.ts';
import { formatInZone, localTimeIn } from './zone-time.ts';

/** The product rule: 08:00–20:00 April to October, 09:00–18:00 November to March. */
const seasons: OpeningSeason[] = [
  { from: '04-01', to: '10-31', open: '08:00', close: '20:00' },
  { from: '11-01', to: '03-31', open: '09:00', close: '18:00' },
];
const madrid: SlotRules = {
  timeZone: 'Europe/Madrid',
  openingHours: seasons,
  slotCapacity: 4,
  minLeadMinutes: 120,
  maxAdvanceDays: 30,
};
const canary: SlotRules = { ...madrid, timeZone: 'Atlantic/Canary' };

const starts = (rules: SlotRules, date: string) =>
  slotTimesOn(rules, date).map((slot) => formatInZone(slot.start, rules.timeZone));
const utc = (rules: SlotRules, date: string) => slotTimesOn(rules, date).map((slot) => slot.start.toISOString());

function errorsOf(schema: yup.AnySchema, value: unknown): Record<string, string> {
  try {
    schema.validateSync(value, { abortEarly: false });
    return {};
  } catch (error) {
    if (!(error instanceof yup.ValidationError)) throw error;
    const found = error.inner.length > 0 ? error.inner : [error];
    return Object.fromEntries(found.map((inner) => [inner.path ?? '', inner.message]));
  }
}

describe('slots of a day across the 2027 clock changes', () => {
  it('Madrid, spring forward (28 March 2027): the same local hours, one hour earlier in UTC than the day before', () => {
    expect(starts(madrid, '2027-03-27')[0]).toBe('2027-03-27T09:00:00+01:00');
    expect(utc(madrid, '2027-03-27')[0]).toBe('2027-03-27T08:00:00.000Z');
    const day = starts(madrid, '2027-03-28');
    expect(day).toHaveLength(18);
    expect(day[0]).toBe('2027-03-28T09:00:00+02:00');
    expect(day.at(-1)).toBe('2027-03-28T17:30:00+02:00');
    expect(utc(madrid, '2027-03-28')[0]).toBe('2027-03-28T07:00:00.000Z');
    expect(formatInZone(slotTimesOn(madrid, '2027-03-28').at(-1)!.end, madrid.timeZone)).toBe(
      '2027-03-28T18:00:00+02:00',
    );
  });

  it('Madrid, fall back (31 October 2027): summer hours still, one hour later in UTC than the day before', () => {
    expect(utc(madrid, '2027-10-30')[0]).toBe('2027-10-30T06:00:00.000Z');
    const day = starts(madrid, '2027-10-31');
    expect(day).toHaveLength(24);
    expect(day[0]).toBe('2027-10-31T08:00:00+01:00');
    expect(utc(madrid, '2027-10-31')[0]).toBe('2027-10-31T07:00:00.000Z');
    expect(starts(madrid, '2027-11-01')[0]).toBe('2027-11-01T09:00:00+01:00');
  });

  it('Canary Islands, both days: an hour behind Madrid all along', () => {
    expect(utc(canary, '2027-03-27')[0]).toBe('2027-03-27T09:00:00.000Z');
    expect(starts(canary, '2027-03-28')[0]).toBe('2027-03-28T09:00:00+01:00');
    expect(utc(canary, '2027-03-28')[0]).toBe('2027-03-28T08:00:00.000Z');
    expect(utc(canary, '2027-10-30')[0]).toBe('2027-10-30T07:00:00.000Z');
    expect(starts(canary, '2027-10-31')[0]).toBe('2027-10-31T08:00:00+00:00');
    expect(utc(canary, '2027-10-31')[0]).toBe('2027-10-31T08:00:00.000Z');
  });

  it('splits real time when the hours span the change: an hour fewer in spring, an hour more in autumn', () => {
    const night = (rules: SlotRules): SlotRules => ({
      ...rules,
      openingHours: [{ from: '01-01', to: '12-31', open: '00:00', close: '06:00' }],
    });
    const spring = starts(night(madrid), '2027-03-28');
    expect(spring).toHaveLength(10);
    expect(spring.slice(3, 5)).toEqual(['2027-03-28T01:30:00+01:00', '2027-03-28T03:00:00+02:00']);
    const autumn = starts(night(madrid), '2027-10-31');
    expect(autumn).toHaveLength(14);
    expect(autumn.slice(4, 8)).toEqual([
      '2027-10-31T02:00:00+02:00',
      '2027-10-31T02:30:00+02:00',
      '2027-10-31T02:00:00+01:00',
      '2027-10-31T02:30:00+01:00',
    ]);
    // The Canaries change at 01:00 local: the same shape one hour earlier on the wall clock.
    expect(starts(night(canary), '2027-03-28').slice(1, 3)).toEqual([
      '2027-03-28T00:30:00+00:00',
      '2027-03-28T02:00:00+01:00',
    ]);
    expect(starts(night(canary), '2027-10-31')).toHaveLength(14);
  });

  it("converts wall-clock times and back in the marina's zone", () => {
    expect(instantAt('2027-03-28', '09:00', 'Europe/Madrid').toISOString()).toBe('2027-03-28T07:00:00.000Z');
    expect(instantAt('2027-03-28', '09:00', 'Atlantic/Canary').toISOString()).toBe('2027-03-28T08:00:00.000Z');
    expect(localTimeIn(new Date('2027-10-31T07:00:00Z'), 'Europe/Madrid')).toBe('08:00');
    expect(localTimeIn(new Date('2027-10-31T07:00:00Z'), 'Atlantic/Canary')).toBe('07:00');
    expect(describeSlot(new Date('2027-03-28T07:00:00Z'), 'Europe/Madrid', new Date('2027-03-01T00:00:00Z'))).toBe(
      'domingo 28 de marzo a las 09:00',
    );
  });
});

describe('which slots may be booked, with a fixed clock', () => {
  // 09:30 in Madrid on the spring-forward day.
  const now = new Date('2027-03-28T07:30:00Z');

  it('refuses a time that is no slot, a slot too soon, too far ahead or under a closure', () => {
    expect(slotRefusal(madrid, new Date('2027-03-28T09:30:00Z'), now, [])).toBeUndefined(); // 11:30+02:00
    expect(slotRefusal(madrid, new Date('2027-03-28T09:00:00Z'), now, [])).toBe('slot_too_soon'); // 11:00: under 120 min
    expect(slotRefusal(madrid, new Date('2027-03-28T09:15:00Z'), now, [])).toBe('slot_invalid');
    expect(slotRefusal(madrid, new Date('2027-03-28T16:00:00Z'), now, [])).toBe('slot_invalid'); // 18:00 is closing
    expect(slotRefusal(madrid, new Date('2027-03-28T06:00:00Z'), now, [])).toBe('slot_invalid'); // 08:00 before opening in winter
    expect(slotRefusal(madrid, instantAt('2027-04-27', '08:00', madrid.timeZone), now, [])).toBeUndefined();
    expect(slotRefusal(madrid, instantAt('2027-04-28', '08:00', madrid.timeZone), now, [])).toBe('slot_too_far');
    const storm = {
      start: new Date('2027-03-28T12:00:00Z'),
      end: new Date('2027-03-28T13:15:00Z'),
      reason: 'Temporal',
    };
    expect(slotRefusal(madrid, new Date('2027-03-28T11:30:00Z'), now, [storm])).toBeUndefined(); // ends as the storm starts
    expect(slotRefusal(madrid, new Date('2027-03-28T13:00:00Z'), now, [storm])).toBe('slot_closed');
    expect(slotRefusal(madrid, new Date('2027-03-28T13:30:00Z'), now, [storm])).toBeUndefined();
  });

  it('gives each slot of the grid its places, waiting count and state', () => {
    const storm = {
      start: new Date('2027-03-28T14:00:00Z'),
      end: new Date('2027-03-28T15:00:00Z'),
      reason: 'Temporal',
    };
    const slots = launchSlots(
      madrid,
      '2027-03-28',
      now,
      [
        { start: new Date('2027-03-28T09:30:00Z'), held: 4, waiting: 2 },
        { start: new Date('2027-03-28T10:00:00Z'), held: 3, waiting: 0 },
      ],
      [storm],
    );
    const byStart = Object.fromEntries(slots.map((slot) => [slot.start, slot]));
    expect(byStart['2027-03-28T11:00:00+02:00']).toMatchObject({ state: 'past', free: 4 });
    expect(byStart['2027-03-28T11:30:00+02:00']).toEqual({
      start: '2027-03-28T11:30:00+02:00',
      end: '2027-03-28T12:00:00+02:00',
      capacity: 4,
      free: 0,
      waiting: 2,
      state: 'full',
      closedReason: null,
    });
    expect(byStart['2027-03-28T12:00:00+02:00']).toMatchObject({ state: 'free', free: 1 });
    expect(byStart['2027-03-28T16:00:00+02:00']).toMatchObject({ state: 'closed', closedReason: 'Temporal' });
    expect(byStart['2027-03-28T17:00:00+02:00']).toMatchObject({ state: 'free', free: 4 });
  });

  it('wants the return the same day, by closing', () => {
    const slot = new Date('2027-03-28T09:30:00Z');
    expect(returnAfterClosing(madrid, slot, new Date('2027-03-28T16:00:00Z'))).toBe(false); // 18:00 exactly
    expect(returnAfterClosing(madrid, slot, new Date('2027-03-28T16:30:00Z'))).toBe(true);
    expect(returnAfterClosing(canary, slot, new Date('2027-03-28T17:00:00Z'))).toBe(false); // 18:00 in the Canaries
  });
});

describe('a day at a glance', () => {
  // 09:00 in Madrid on 1 June 2027: slots before 11:00 are too soon today.
  const now = new Date('2027-06-01T07:00:00Z');
  const at = (date: string, time: string) => instantAt(date, time, madrid.timeZone);
  const dayOf = (
    date: string,
    occupancy: Parameters<typeof launchSlots>[3] = [],
    closures: Parameters<typeof launchSlots>[4] = [],
    rules: SlotRules = madrid,
  ) => launchDaySummary(launchSlots(rules, date, now, occupancy, closures));
  /** Every slot of 2 June (24 of them, 96 places) with `held` places taken. */
  const everySlot = (held: number) =>
    slotTimesOn(madrid, '2027-06-02').map((slot) => ({ start: slot.start, held, waiting: 0 }));

  it('counts a quarter of the capacity (at least one place, of several) as few', () => {
    expect(fewPlacesLeft(1, 4)).toBe(true);
    expect(fewPlacesLeft(2, 4)).toBe(false);
    expect(fewPlacesLeft(1, 1)).toBe(false);
    expect(fewPlacesLeft(0, 4)).toBe(false);
    expect(fewPlacesLeft(24, 96)).toBe(true);
    expect(fewPlacesLeft(25, 96)).toBe(false);
  });

  it('is free with many places, few with a quarter left, full with none', () => {
    expect(dayOf('2027-06-02')).toEqual({ state: 'free', free: 96, bookable: 24, closedReason: null });
    expect(dayOf('2027-06-02', everySlot(3))).toEqual({ state: 'few', free: 24, bookable: 24, closedReason: null });
    expect(dayOf('2027-06-02', everySlot(4))).toEqual({ state: 'full', free: 0, bookable: 24, closedReason: null });
  });

  it('counts only the slots still bookable: today, those after the lead time', () => {
    // 11:00 to 20:00: 18 slots.
    expect(dayOf('2027-06-01')).toEqual({ state: 'free', free: 72, bookable: 18, closedReason: null });
    const late = launchSlots(madrid, '2027-06-01', new Date('2027-06-01T17:00:00Z'), [], []);
    expect(launchDaySummary(late)).toEqual({ state: 'past', free: 0, bookable: 0, closedReason: null });
  });

  it('is closed under a closure over the whole day, saying its reason once, and beyond the days ahead', () => {
    const storm = { start: at('2027-06-02', '00:00'), end: at('2027-06-03', '00:00'), reason: 'Temporal' };
    expect(dayOf('2027-06-02', [], [storm])).toEqual({
      state: 'closed',
      free: 0,
      bookable: 0,
      closedReason: 'Temporal',
    });
    expect(dayOf('2027-07-02')).toEqual({ state: 'closed', free: 0, bookable: 0, closedReason: null });
    // A closure over part of the day leaves the rest bookable, and says nothing of it.
    const morning = { start: at('2027-06-02', '08:00'), end: at('2027-06-02', '12:00'), reason: 'Regata' };
    expect(dayOf('2027-06-02', [], [morning])).toEqual({ state: 'free', free: 64, bookable: 16, closedReason: null });
  });

  it('is closed today when what is left of it is closed', () => {
    const afternoon = { start: at('2027-06-01', '10:00'), end: at('2027-06-01', '21:00'), reason: 'Temporal' };
    expect(dayOf('2027-06-01', [], [afternoon])).toEqual({
      state: 'closed',
      free: 0,
      bookable: 0,
      closedReason: 'Temporal',
    });
  });

  it('is closed, with no reason, on a day the marina does not open', () => {
    const summerOnly: SlotRules = {
      ...madrid,
      openingHours: [{ from: '06-03', to: '10-31', open: '08:00', close: '20:00' }],
    };
    expect(dayOf('2027-06-02', [], [], summerOnly)).toEqual({
      state: 'closed',
      free: 0,
      bookable: 0,
      closedReason: null,
    });
  });
});

describe('transitions', () => {
  it('lets each actor make only their own changes', () => {
    expect(canTransition('customer', 'confirmed', 'cancelled')).toBe(true);
    expect(canTransition('customer', 'in_water', 'ready_to_stow')).toBe(true);
    expect(canTransition('customer', 'confirmed', 'ready_to_stow')).toBe(false);
    expect(canTransition('customer', 'pending', 'confirmed')).toBe(false);
    expect(canTransition('customer', 'in_water', 'cancelled')).toBe(false);
    expect(canTransition('staff', 'pending', 'confirmed')).toBe(true);
    expect(canTransition('staff', 'confirmed', 'in_water')).toBe(true);
    expect(canTransition('staff', 'ready_to_stow', 'completed')).toBe(true);
    expect(canTransition('staff', 'completed', 'cancelled')).toBe(false);
    expect(canTransition('staff', 'cancelled', 'confirmed')).toBe(false);
    expect(canTransition('system', 'waitlisted', 'confirmed')).toBe(true);
    expect(canTransition('system', 'confirmed', 'cancelled')).toBe(false);
  });
});

describe('bodies', () => {
  const request = {
    boatId: 'b0a7b0a7-0000-4000-8000-000000000001',
    slotStart: '2027-03-28T11:30:00+02:00',
    expectedReturn: '2027-03-28T17:00:00+02:00',
    people: 3,
  };

  it('accepts a request, filling notes and waitlist', () => {
    expect(launchRequestSchema.validateSync(request)).toEqual({ ...request, notes: '', waitlist: false });
  });

  it('names the field in every message', () => {
    expect(errorsOf(launchRequestSchema, {})).toEqual({
      boatId: 'Elige el barco.',
      slotStart: 'Elige la hora de bajada.',
      expectedReturn: 'Elige la hora de vuelta prevista.',
      people: 'Escribe cuántas personas irán a bordo.',
    });
    expect(
      errorsOf(launchRequestSchema, {
        ...request,
        boatId: 'x',
        slotStart: '2027-03-28T11:30:00',
        people: 0,
        notes: 'a'.repeat(501),
      }),
    ).toEqual({
      boatId: 'Elige uno de la lista.',
      slotStart: 'No es una fecha y hora válida.',
      people: 'Al menos 1.',
      notes: 'Como mucho 500 caracteres.',
    });
    expect(errorsOf(launchRequestSchema, { ...request, expectedReturn: '2027-03-28T11:30:00+02:00' })).toEqual({
      expectedReturn: 'Debe ser posterior a la hora de bajada.',
    });
  });

  it('wants an offset on every date-time', () => {
    expect(isOffsetDateTime('2027-03-28T09:30:00Z')).toBe(true);
    expect(isOffsetDateTime('2027-03-28T11:30+02:00')).toBe(true);
    expect(isOffsetDateTime('2027-03-28T11:30:00')).toBe(false);
    expect(isOffsetDateTime('mañana')).toBe(false);
  });

  it('checks a move, a staff cancellation and a closure', () => {
    expect(errorsOf(rescheduleSchema, {})).toEqual({ slotStart: 'Elige la nueva hora de bajada.' });
    expect(rescheduleSchema.validateSync({ slotStart: request.slotStart })).toEqual({ slotStart: request.slotStart });
    expect(errorsOf(cancelSchema, { reason: '  ' })).toEqual({ reason: 'Escribe el motivo.' });
    expect(cancelSchema.validateSync({ reason: ' Mal   tiempo ' })).toEqual({ reason: 'Mal tiempo' });
    expect(
      errorsOf(closureSchema, {
        start: '2027-03-28T12:00:00+02:00',
        end: '2027-03-28T11:00:00+02:00',
        reason: 'Temporal',
      }),
    ).toEqual({
      end: 'Debe ser posterior al inicio del cierre.',
    });
    expect(errorsOf(closureSchema, {})).toEqual({
      start: 'Escribe cuándo empieza el cierre.',
      end: 'Escribe cuándo termina el cierre.',
      reason: 'Escribe el motivo del cierre (por ejemplo, temporal).',
    });
  });
});
