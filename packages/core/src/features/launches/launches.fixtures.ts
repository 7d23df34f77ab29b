import type { Boat } from '../../domain/boats.ts';
import { addDays, todayIn } from '../../domain/calendar.ts';
import {
  launchDaySummary,
  SLOT_MS,
  slotTimesOn,
  type Launch,
  type LaunchDay,
  type LaunchDays,
  type LaunchSlot,
  type LaunchSlotDay,
} from '../../domain/launches.ts';
import { formatInZone } from '../../domain/zone-time.ts';
import { bareBoat } from '../../test/boats.ts';
import { testMarina } from '../../test/fixtures.tsx';

const zone = testMarina.timeZone;
export const today = todayIn(zone);
export const tomorrow = addDays(today, 1);

export const BOAT_ID = '11111111-1111-4111-8111-111111111111';
export const BLOCKED_ID = '22222222-2222-4222-8222-222222222222';
export const BUSY_ID = '33333333-3333-4333-8333-333333333333';

/** Gaviota may go; Albatros's insurance ran out; Brisa already has a launch open. */
export const boats = (): Boat[] => [
  bareBoat(BOAT_ID, 'Gaviota', '7ª-BA-1-23-19'),
  bareBoat(BLOCKED_ID, 'Albatros', 'PM-1234-AB', {
    eligibility: {
      eligible: false,
      reasons: [
        {
          code: 'insurance_expired',
          text: 'Seguro caducado',
          fix: { label: 'Renovar el seguro', to: `/misbarcos/${BLOCKED_ID}` },
        },
      ],
    },
  }),
  bareBoat(BUSY_ID, 'Brisa', '7ª-BA-9-99-20'),
];

/** Tomorrow's slots in the marina's zone (08:00 to 20:00 every 30 min), in the given states by index. */
export function slotDay(date = tomorrow, states: Partial<Record<number, Partial<LaunchSlot>>> = {}): LaunchSlotDay {
  return {
    date,
    timeZone: zone,
    hours: { open: '08:00', close: '20:00' },
    eligibility: { eligible: true, reasons: [] },
    slots: slotTimesOn(testMarina, date).map((slot, index) => ({
      start: formatInZone(slot.start, zone),
      end: formatInZone(slot.end, zone),
      capacity: 4,
      free: 4,
      waiting: 0,
      state: 'free',
      closedReason: null,
      ...states[index],
    })),
  };
}

/**
 * `GET /launch-days` for a week from `from`, each day summed up from its slots as the server does; `slots`
 * gives a day's slots their states by index (see `slotDay`).
 */
export function launchDays(
  from = today,
  length = 7,
  slots: Record<string, Partial<Record<number, Partial<LaunchSlot>>>> = {},
): LaunchDays {
  const dates = Array.from({ length }, (_, index) => addDays(from, index));
  return {
    timeZone: zone,
    from,
    to: dates[dates.length - 1]!,
    days: dates.map((date) => {
      const day = slotDay(date, slots[date]);
      return { date, hours: day.hours, ...launchDaySummary(day.slots) };
    }),
  };
}

/** The instant a local time of a day names in the marina's zone, as the API writes it. */
export const at = (date: string, time: string) =>
  slotDay(date).slots.find((slot) => slot.start.slice(11, 16) === time)!.start;

export function launch(overrides: Partial<Launch> = {}): Launch {
  const slotStart = overrides.slotStart ?? at(tomorrow, '10:00');
  return {
    id: 'dddddddd-0000-4000-8000-000000000001',
    boatId: BUSY_ID,
    boatName: 'Brisa',
    status: 'confirmed',
    slotStart,
    slotEnd: new Date(Date.parse(slotStart) + SLOT_MS).toISOString(),
    expectedReturn: at(tomorrow, '14:00'),
    people: 3,
    notes: '',
    waitlistPosition: null,
    haulOutPosition: null,
    changeableUntil: new Date(Date.parse(slotStart) - 60 * 60_000).toISOString(),
    cancellationReason: null,
    createdAt: '2026-11-20T10:00:00+01:00',
    actions: { reschedule: true, cancel: true, readyToStow: false, calendar: true },
    history: [
      {
        at: '2026-11-20T10:00:00+01:00',
        by: 'customer',
        from: null,
        to: 'confirmed',
        slotStart,
        reason: null,
        byName: null,
      },
    ],
    bookedBy: null,
    ...overrides,
  };
}

/** The strip's range for the test marina: today to `maxAdvanceDays` ahead. */
export const stripTo = addDays(today, Math.min(testMarina.settings.maxAdvanceDays, 61));

/**
 * The strip's days, every one free but those given; today has no slot left (late in the day), so the strip
 * chooses tomorrow by itself and the tests need only tomorrow's slots.
 */
export function stripDays(states: Record<string, Partial<LaunchDay>> = {}): LaunchDays {
  const days: LaunchDay[] = [];
  for (let date = today; date <= stripTo; date = addDays(date, 1))
    days.push({
      date,
      state: 'free',
      hours: { open: '08:00', close: '20:00' },
      free: 96,
      bookable: 24,
      closedReason: null,
      ...(date === today ? { state: 'past', free: 0, bookable: 0 } : {}),
      ...states[date],
    });
  return { timeZone: zone, from: today, to: stripTo, days };
}

export const daysPath = (boatId: string) => `GET launch-days?boatId=${boatId}&from=${today}&to=${stripTo}`;
