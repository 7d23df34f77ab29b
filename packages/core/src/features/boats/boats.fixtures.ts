import { vi } from 'vitest';
import { ApiError } from '../../api/api-error.ts';
import type { ApiClient } from '../../api/client.ts';
import type { Boat } from '../../domain/boats.ts';
import { addDays, todayIn } from '../../domain/calendar.ts';
import { signedInApi, testMarina } from '../../test/fixtures.tsx';

export const today = todayIn(testMarina.timeZone);

/** A boat ready to use: active contract, insurance in force. */
export function readyBoat(overrides: Partial<Boat> = {}): Boat {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    name: 'Gaviota',
    registration: '7ª-BA-1-23-19',
    make: 'Beneteau',
    model: 'Flyer 6',
    lengthM: 6.5,
    beamM: 2.4,
    engine: 'Yamaha 115',
    state: 'in_rack',
    rackPosition: 'B-12',
    insurance: { insurer: 'Mapfre', policyNumber: 'POL-1', expiresOn: addDays(today, 200), certificate: null },
    contract: {
      id: 'c1',
      boatId: '11111111-1111-4111-8111-111111111111',
      plan: 'annual',
      status: 'active',
      startsOn: addDays(today, -30),
      endsOn: addDays(today, 334),
      requestedAt: '2026-01-01T10:00:00Z',
      decidedAt: '2026-01-02T10:00:00Z',
      rejectionReason: null,
    },
    eligibility: { eligible: true, reasons: [] },
    ...overrides,
  };
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
      reasons: [{ code: 'insurance_expired', text: 'Seguro caducado', fix: { label: 'Renovar el seguro', to: `/misbarcos/${id}` } }],
    },
  });
}

type Answer = (body?: unknown) => unknown;

/**
 * Signed in as Ana, the marina's rules at `client`, and the answers given per `METHOD path` (`GET boats`,
 * `POST contracts`…); an answer may throw. Every call is recorded.
 */
export function boatsApi(answers: Record<string, Answer>) {
  const base = signedInApi();
  const answer = (key: string, body?: unknown) => {
    const found = answers[key];
    if (!found) throw new ApiError('not_found', { status: 404 });
    return found(body);
  };
  const get = vi.fn(async (path: string) => {
    if (path === 'session') return base.get(path);
    if (path === 'client') return testMarina;
    return answer(`GET ${path}`);
  });
  const send = vi.fn(async (method: string, path: string, body?: unknown) => answer(`${method.toUpperCase()} ${path}`, body));
  const create = vi.fn(async (path: string, body: unknown, _options: { idempotencyKey: string }) => answer(`POST ${path}`, body));
  const api: ApiClient = { get: get as ApiClient['get'], send: send as ApiClient['send'], create: create as ApiClient['create'] };
  return { api, get, send, create };
}

/** A file whose first bytes say it is a PDF. */
export const pdfFile = (name = 'seguro.pdf', size?: number) => {
  const head = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x34]);
  const bytes = size ? new Uint8Array(size) : new Uint8Array(head.length);
  bytes.set(head);
  return new File([bytes], name, { type: 'application/pdf' });
};
