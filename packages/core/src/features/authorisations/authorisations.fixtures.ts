import type { Authorisation } from '../../domain/authorisations.ts';
import type { Boat } from '../../domain/boats.ts';
import { addDays, todayIn } from '../../domain/calendar.ts';
import { bareBoat, lentByLuis } from '../../test/boats.ts';
import { testMarina } from '../../test/fixtures.tsx';

export const today = todayIn(testMarina.timeZone);

export const GAVIOTA = '11111111-1111-4111-8111-111111111111';
export const BRISA = '33333333-3333-4333-8333-333333333333';
export const LENT = '55555555-5555-4555-8555-555555555555';

/** Ana's own Gaviota and Brisa, and Marea, which Luis lets her use. */
export const boats = (): Boat[] => [
  bareBoat(GAVIOTA, 'Gaviota', '7ª-BA-1-23-19'),
  bareBoat(BRISA, 'Brisa', '7ª-BA-9-99-20'),
  bareBoat(LENT, 'Marea', '7ª-PM-5-55-21', {
    role: 'authorised',
    authorisation: lentByLuis(),
  }),
];

export function person(overrides: Partial<Authorisation> = {}): Authorisation {
  return {
    id: 'aaaaaaaa-0000-4000-8000-000000000001',
    firstName: 'Marta',
    surnames: 'Vidal Roig',
    document: '12345678Z',
    phone: '+34612000111',
    email: 'marta@correo.es',
    licence: { type: 'pnb', number: 'PNB-123', expiresOn: addDays(today, 300) },
    boats: [{ id: GAVIOTA, name: 'Gaviota' }],
    validFrom: today,
    validTo: addDays(today, 60),
    state: 'active',
    suspensionReason: null,
    suspendedAt: null,
    createdAt: '2026-11-20T10:00:00Z',
    validatedAt: '2026-11-20T10:05:00Z',
    account: { firstName: 'Marta', surnames: 'Vidal Roig' },
    code: null,
    ...overrides,
  };
}

/** One person in each state, on one boat or the other. */
export const people = (): Authorisation[] => [
  person(),
  person({
    id: 'aaaaaaaa-0000-4000-8000-000000000002',
    firstName: 'Jordi',
    surnames: 'Mas',
    boats: [{ id: BRISA, name: 'Brisa' }],
    state: 'pending',
    validatedAt: null,
    account: null,
    validTo: null,
    code: {
      channel: 'sms',
      destination: '+34 6•• ••• •22',
      expiresAt: new Date(Date.now() + 600_000).toISOString(),
      resendAvailableAt: new Date(Date.now() + 60_000).toISOString(),
    },
  }),
  person({
    id: 'aaaaaaaa-0000-4000-8000-000000000003',
    firstName: 'Pau',
    surnames: 'Ferrer',
    boats: [
      { id: GAVIOTA, name: 'Gaviota' },
      { id: BRISA, name: 'Brisa' },
    ],
    state: 'suspended',
    suspensionReason: 'Dejó el barco sin amarrar',
  }),
  person({
    id: 'aaaaaaaa-0000-4000-8000-000000000004',
    firstName: 'Eva',
    surnames: 'Soler',
    validFrom: addDays(today, -90),
    validTo: addDays(today, -1),
    state: 'expired',
  }),
];
