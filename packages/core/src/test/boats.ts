import type { Boat } from '../domain/boats.ts';
import { addDays, todayIn } from '../domain/calendar.ts';
import { testMarina } from './fixtures.tsx';

const today = todayIn(testMarina.timeZone);

/**
 * A bare boat of the person's own in its rack, insured, with no contract: what the boats', booking and
 * authorisation screens' fixtures start from, named, the rest given by `overrides`.
 */
export function bareBoat(id: string, name: string, registration: string, overrides: Partial<Boat> = {}): Boat {
  return {
    id,
    name,
    registration,
    make: '',
    model: '',
    lengthM: 6.5,
    beamM: 2.4,
    engine: '',
    state: 'in_rack',
    rackPosition: null,
    insurance: { insurer: 'Mapfre', policyNumber: 'POL-1', expiresOn: addDays(today, 200), certificate: null },
    contract: null,
    eligibility: { eligible: true, reasons: [] },
    role: 'owner',
    authorisation: null,
    ...overrides,
  };
}

/** Luis's authorisation for the person on a boat of his: active, from 10 days ago for 20 more days. */
export function lentByLuis(
  overrides: Partial<NonNullable<Boat['authorisation']>> = {},
): NonNullable<Boat['authorisation']> {
  return {
    id: 'bbbbbbbb-0000-4000-8000-0000000000b9',
    owner: { firstName: 'Luis', surnames: 'Pons' },
    validFrom: addDays(today, -10),
    validTo: addDays(today, 20),
    state: 'active',
    suspensionReason: null,
    licence: { type: 'per', number: 'PER-9', expiresOn: addDays(today, 400) },
    ...overrides,
  };
}
