import type { Boat } from '../../domain/boats.ts';
import { addDays, todayIn } from '../../domain/calendar.ts';
import { bareBoat } from '../../test/boats.ts';
import { answeringApi, testMarina } from '../../test/fixtures.tsx';

export const today = todayIn(testMarina.timeZone);

/** A boat ready to use: active contract, insurance in force. */
export function readyBoat(overrides: Partial<Boat> = {}): Boat {
  return bareBoat('11111111-1111-4111-8111-111111111111', 'Gaviota', '7ª-BA-1-23-19', {
    make: 'Beneteau',
    model: 'Flyer 6',
    engine: 'Yamaha 115',
    rackPosition: 'B-12',
    contract: {
      id: 'cccccccc-0000-4000-8000-0000000000c1',
      boatId: '11111111-1111-4111-8111-111111111111',
      plan: 'annual',
      status: 'active',
      startsOn: addDays(today, -30),
      endsOn: addDays(today, 334),
      requestedAt: '2026-01-01T10:00:00Z',
      decidedAt: '2026-01-02T10:00:00Z',
      rejectionReason: null,
    },
    ...overrides,
  });
}

/** A boat whose insurance has run out. */
export function uninsuredBoat(): Boat {
  const id = '22222222-2222-4222-8222-222222222222';
  return readyBoat({
    id,
    name: 'Albatros',
    registration: 'PM-1234-AB',
    rackPosition: null,
    insurance: { insurer: 'Allianz', policyNumber: 'POL-2', expiresOn: addDays(today, -1), certificate: null },
    eligibility: {
      eligible: false,
      reasons: [
        {
          code: 'insurance_expired',
          text: 'Seguro caducado',
          fix: { label: 'Renovar el seguro', to: `/misbarcos/${id}` },
        },
      ],
    },
  });
}

/** Signed in as Ana, answering per `METHOD path` (`GET boats`, `POST contracts`…): `answeringApi`. */
export const boatsApi = answeringApi;

/** A file whose first bytes say it is a PDF. */
export const pdfFile = (name = 'seguro.pdf', size?: number) => {
  const head = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x34]);
  const bytes = size ? new Uint8Array(size) : new Uint8Array(head.length);
  bytes.set(head);
  return new File([bytes], name, { type: 'application/pdf' });
};
