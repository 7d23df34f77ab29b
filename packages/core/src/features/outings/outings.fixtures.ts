import { vi } from 'vitest';
import { instantAt } from '../../domain/launches.ts';
import { formatInZone } from '../../domain/zone-time.ts';
import type { Outing, OutingBoatOption, OutingOptions } from '../../domain/outings.ts';
import { testMarina } from '../../test/fixtures.tsx';

const zone = testMarina.timeZone;

export const BOAT_ID = '11111111-1111-4111-8111-111111111111';
export const OTHER_ID = '22222222-2222-4222-8222-222222222222';
export const AT_SEA_ID = '33333333-3333-4333-8333-333333333333';
export const AUTHORISATION_ID = '44444444-4444-4444-8444-444444444444';

/** An instant of a local day and time in the marina's zone, as the API writes it. */
export const at = (date: string, time: string) => formatInZone(instantAt(date, time, zone), zone);

/** The day the tests live in (a Wednesday of summer), at 10:07 in the marina: the forms' times never depend on when the suite runs. */
export const today = '2026-07-15';
export function atTenPastTen() {
  // Only the clock: timers stay real, so the screens' loads and the user's events run as usual.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(instantAt(today, '10:07', zone));
}

export function outing(overrides: Partial<Outing> = {}): Outing {
  return {
    id: 'eeeeeeee-0000-4000-8000-000000000001',
    boatId: BOAT_ID,
    boatName: 'Gaviota',
    state: 'at_sea',
    departure: at(today, '10:00'),
    expectedReturn: at(today, '14:00'),
    overdueSince: null,
    returnedAt: null,
    returnedBy: null,
    people: 3,
    skipper: { kind: 'owner', authorisationId: null, firstName: 'Ana', surnames: 'García' },
    destination: 'Cala Blava',
    contactPhone: '+34612345678',
    loggedBy: { firstName: 'Ana', surnames: 'García', self: true },
    role: 'owner',
    actions: { return: true, extend: true },
    createdAt: at(today, '09:55'),
    ...overrides,
  };
}

/** Two past outings of Gaviota and one of Albatros, latest first. */
export const history = (): Outing[] => [
  outing({
    id: 'ffffffff-0000-4000-8000-000000000003',
    state: 'returned',
    departure: at('2026-11-20', '09:00'),
    expectedReturn: at('2026-11-20', '13:00'),
    returnedAt: at('2026-11-20', '12:40'),
    returnedBy: 'customer',
    actions: { return: false, extend: false },
  }),
  outing({
    id: 'ffffffff-0000-4000-8000-000000000002',
    boatId: OTHER_ID,
    boatName: 'Albatros',
    state: 'returned',
    departure: at('2026-11-12', '10:00'),
    expectedReturn: at('2026-11-12', '12:00'),
    returnedAt: at('2026-11-12', '12:10'),
    returnedBy: 'staff',
    actions: { return: false, extend: false },
  }),
  outing({
    id: 'ffffffff-0000-4000-8000-000000000001',
    state: 'returned',
    departure: at('2026-11-02', '11:00'),
    expectedReturn: at('2026-11-02', '15:00'),
    returnedAt: at('2026-11-02', '14:30'),
    returnedBy: 'customer',
    destination: 'Isla de Cabrera',
    actions: { return: false, extend: false },
  }),
];

function boat(overrides: Partial<OutingBoatOption>): OutingBoatOption {
  return {
    boatId: BOAT_ID,
    boatName: 'Gaviota',
    role: 'owner',
    launchToday: { id: 'dddddddd-0000-4000-8000-000000000001', status: 'in_water', slotStart: at(today, '09:00') },
    canLog: true,
    refusals: [],
    skippers: [
      {
        skipper: 'owner',
        firstName: 'Ana',
        surnames: 'García',
        licenceExpiresOn: '2030-01-01',
        available: true,
        reason: null,
      },
      {
        skipper: AUTHORISATION_ID,
        firstName: 'Luis',
        surnames: 'Pons',
        licenceExpiresOn: '2029-05-01',
        available: true,
        reason: null,
      },
      {
        skipper: '55555555-5555-4555-8555-555555555555',
        firstName: 'Marta',
        surnames: 'Vidal',
        licenceExpiresOn: '2025-01-01',
        available: false,
        reason: 'Titulación caducada',
      },
    ],
    ...overrides,
  };
}

/**
 * Gaviota may go out (in the water); Albatros has no launch today; Brisa is already at sea. The marina closes
 * at `closesAt` (20:00 today unless given).
 */
export function options(overrides: Partial<OutingOptions> = {}): OutingOptions {
  return {
    timeZone: zone,
    today,
    closesAt: at(today, '20:00'),
    allowOvernight: false,
    contactPhone: '+34612345678',
    boats: [
      boat({}),
      boat({
        boatId: OTHER_ID,
        boatName: 'Albatros',
        launchToday: null,
        canLog: false,
        refusals: [
          { code: 'boat_not_in_water', text: 'No tiene hoy una bajada confirmada ni está en el agua', reasons: [] },
        ],
      }),
      boat({
        boatId: AT_SEA_ID,
        boatName: 'Brisa',
        canLog: false,
        refusals: [{ code: 'boat_already_at_sea', text: 'Ya está en el mar', reasons: [] }],
      }),
    ],
    ...overrides,
  };
}
