/**
 * Contracts under bursts: 100 requests fired at once. On PostgreSQL (TEST_DATABASE_URL) they run on several
 * connections, so a check-then-write in two steps would let more than one through; the partial unique index
 * and the conditional UPDATE must let exactly one.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { boats, contracts } from './boats.schema.ts';
import { notifications } from '../notifications/notifications.schema.ts';
import { newBoatContract, requestNewBoat } from '../test/boats.ts';
import { registerAccount } from '../test/accounts.ts';
import { signInStaff } from '../test/staff.ts';
import type { Agent } from '../test/test-agent.ts';
import { useTestServer } from '../test/test-server.ts';

let database: Database;
let app: FastifyInstance;
let staff: Agent;

useTestServer((server) => ({ database, app } = server));

beforeAll(async () => {
  staff = await signInStaff(app, 901);
});

/** Fires `count` requests at once and answers how many got each status. */
async function burst(count: number, fire: (index: number) => Promise<LightMyRequestResponse>) {
  const responses = await Promise.all(Array.from({ length: count }, (_, index) => fire(index)));
  const statuses: Record<number, number> = {};
  for (const response of responses) statuses[response.statusCode] = (statuses[response.statusCode] ?? 0) + 1;
  return { responses, statuses };
}

/** A boat of the account with no open contract (its first request was rejected). */
async function boatWithoutOpenContract(agent: Agent): Promise<string> {
  const first = await requestNewBoat(agent);
  expect((await staff.post(`/staff/contracts/${first.id}/reject`, { reason: 'Sin hueco' })).statusCode).toBe(200);
  return first.boatId;
}

function listedBoatBody(boatId: string) {
  const { boat: _boat, insurance: _insurance, ...rest } = newBoatContract(901);
  return { ...rest, boatId };
}

const openContracts = (boatId: string) =>
  database.db
    .select()
    .from(contracts)
    .where(and(eq(contracts.boatId, boatId), eq(contracts.status, 'requested')));

describe('contracts under bursts', () => {
  it('approves a contract exactly once out of 100 parallel approvals', async () => {
    const { agent, accountId } = await registerAccount(app, 901);
    const contract = await requestNewBoat(agent);
    const { statuses, responses } = await burst(100, () => staff.post(`/staff/contracts/${contract.id}/approve`));
    expect(statuses).toEqual({ 200: 1, 409: 99 });
    expect(
      responses
        .filter((response) => response.statusCode === 409)
        .every((response) => response.json().code === 'state_conflict'),
    ).toBe(true);
    const told = await database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.accountId, accountId), eq(notifications.type, 'contract_approved')));
    expect(told).toHaveLength(1);
  });

  it('creates exactly one contract out of 100 parallel requests for one boat with distinct keys', async () => {
    const { agent } = await registerAccount(app, 901);
    const boatId = await boatWithoutOpenContract(agent);
    const body = listedBoatBody(boatId);
    const { statuses, responses } = await burst(100, () =>
      agent.post('/contracts', body, { idempotencyKey: randomUUID() }),
    );
    expect(statuses).toEqual({ 201: 1, 409: 99 });
    expect(
      responses
        .filter((response) => response.statusCode === 409)
        .every((response) => response.json().code === 'contract_already_open'),
    ).toBe(true);
    expect(await openContracts(boatId)).toHaveLength(1);
  });

  it('creates one contract out of 100 parallel identical requests with the same key', async () => {
    const { agent } = await registerAccount(app, 901);
    const boatId = await boatWithoutOpenContract(agent);
    const body = listedBoatBody(boatId);
    const key = randomUUID();
    const { statuses, responses } = await burst(100, () => agent.post('/contracts', body, { idempotencyKey: key }));
    // The first creates it; the others replay its answer, or are told it is still running.
    expect((statuses[201] ?? 0) + (statuses[409] ?? 0)).toBe(100);
    expect(statuses[201]).toBeGreaterThanOrEqual(1);
    const created = new Set(
      responses.filter((response) => response.statusCode === 201).map((response) => response.json().id),
    );
    expect(created.size).toBe(1);
    expect(
      responses
        .filter((response) => response.statusCode === 409)
        .every((response) => response.json().code === 'idempotency_in_progress'),
    ).toBe(true);
    expect(await openContracts(boatId)).toHaveLength(1);
  });

  it('lists a new boat’s registration exactly once out of 100 parallel requests', async () => {
    const { agent } = await registerAccount(app, 901);
    const boat = newBoatContract(901).boat;
    const { statuses } = await burst(100, () =>
      agent.post('/contracts', newBoatContract(901, { boat }), { idempotencyKey: randomUUID() }),
    );
    expect(statuses).toEqual({ 201: 1, 409: 99 });
    expect(
      await database.db
        .select()
        .from(boats)
        .where(and(eq(boats.clientId, 901), eq(boats.registration, boat.registration))),
    ).toHaveLength(1);
  });
});
