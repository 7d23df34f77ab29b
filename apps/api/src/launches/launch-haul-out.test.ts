/**
 * The marina's queue of boats to lift (decision 056): each «listo para subir» joins it behind every one before
 * it, and each launch's place moves up as the boats ahead are lifted. With a fixed clock: 1 June 2027 at 08:00
 * in Madrid, which stands still (every «listo para subir» at the same instant, the id no help with the order).
 * On PostgreSQL (TEST_DATABASE_URL) the burst runs on several connections at once.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { testClock } from '../test/accounts.ts';
import { eligibleOwner, launchBody, type Owner } from '../test/launches.ts';
import { signInStaff } from '../test/staff.ts';
import type { Agent } from '../test/test-agent.ts';
import type { TestDatabase } from '../test/test-database.ts';
import { expectProblem, useTestServer } from '../test/test-server.ts';
import { launches } from './launches.schema.ts';

let database: TestDatabase;
let app: FastifyInstance;
const staff: Record<number, Agent> = {};
const clock = testClock(Date.parse('2027-06-01T06:00:00Z'));
const TODAY = '2027-06-01';

useTestServer((server) => ({ database, app } = server), { clock: clock.now });

beforeAll(async () => {
  staff[901] = await signInStaff(app, 901);
  staff[903] = await signInStaff(app, 903);
});

interface InWater {
  who: Owner;
  id: string;
}

let booked = 0;
/** The next of today's bookable slots (10:00 to 19:30), so that no slot fills. */
const nextTime = () => {
  const minutes = 600 + (booked++ % 20) * 30;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
};

/** An owner whose launch, booked today through the API, staff have put in the water. */
async function inWater(clientId = 901, time = nextTime()): Promise<InWater> {
  const who = await eligibleOwner(app, database.db, clientId, { now: clock.now() });
  const response = await who.agent.post('/launches', launchBody(clientId, who.boatIds[0]!, TODAY, time));
  expect(response.statusCode, response.body).toBe(201);
  const id = response.json().id as string;
  const launched = await staff[clientId]!.post(`/staff/launches/${id}/in-water`);
  expect(launched.statusCode, launched.body).toBe(200);
  return { who, id };
}

async function ready({ who, id }: InWater) {
  const response = await who.agent.post(`/launches/${id}/ready-to-stow`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const placeOf = async ({ who, id }: InWater) => (await who.agent.get(`/launches/${id}`)).json().haulOutPosition;

/** Every launch waiting to be lifted at the marina, back in the rack: each test starts with an empty queue. */
async function emptyQueue(clientId: number) {
  const waiting = await database.db
    .select({ id: launches.id })
    .from(launches)
    .where(and(eq(launches.clientId, clientId), eq(launches.status, 'ready_to_stow')));
  for (const { id } of waiting)
    expect((await staff[clientId]!.post(`/staff/launches/${id}/complete`)).statusCode).toBe(200);
}

describe('the queue to lift', () => {
  it('gives three boats their places in the order each said it was ready, and moves them up as one is lifted', async () => {
    await emptyQueue(901);
    // Booked in one order (ids random), readied in another.
    const [first, second, third] = [await inWater(), await inWater(), await inWater()] as const;
    expect((await first.who.agent.get(`/launches/${first.id}`)).json()).toMatchObject({
      status: 'in_water',
      haulOutPosition: null,
    });
    expect(await ready(third)).toMatchObject({ status: 'ready_to_stow', haulOutPosition: 1 });
    expect(await ready(first)).toMatchObject({ haulOutPosition: 2 });
    expect(await ready(second)).toMatchObject({ haulOutPosition: 3 });
    expect([await placeOf(third), await placeOf(first), await placeOf(second)]).toEqual([1, 2, 3]);
    const list = (await first.who.agent.get('/launches')).json();
    expect(list.upcoming).toEqual([expect.objectContaining({ id: first.id, haulOutPosition: 2 })]);

    // Staff's day gives the queue in that order.
    const day = (await staff[901]!.get(`/staff/launches?date=${TODAY}`)).json();
    expect(
      day.haulOutQueue.map((launch: { id: string; haulOutPosition: number }) => [launch.id, launch.haulOutPosition]),
    ).toEqual([
      [third.id, 1],
      [first.id, 2],
      [second.id, 3],
    ]);
    // Asked for another day, the queue is still the one of now.
    expect((await staff[901]!.get('/staff/launches?date=2027-06-05')).json().haulOutQueue).toHaveLength(3);

    // The first is lifted: the others move up; the lifted one has no place any more.
    expect((await staff[901]!.post(`/staff/launches/${third.id}/complete`)).statusCode).toBe(200);
    expect([await placeOf(first), await placeOf(second)]).toEqual([1, 2]);
    expect((await third.who.agent.get(`/launches/${third.id}`)).json()).toMatchObject({
      status: 'completed',
      haulOutPosition: null,
    });
    // One lifted straight from the water (never readied) moves nobody.
    const fourth = await inWater();
    expect((await staff[901]!.post(`/staff/launches/${fourth.id}/complete`)).statusCode).toBe(200);
    expect([await placeOf(first), await placeOf(second)]).toEqual([1, 2]);
    // A boat readied now goes behind them.
    const fifth = await inWater();
    expect(await ready(fifth)).toMatchObject({ haulOutPosition: 3 });
  });

  it('counts only the marina’s own queue', async () => {
    await emptyQueue(901);
    await emptyQueue(903);
    const here = await inWater(901);
    const elsewhere = [await inWater(903), await inWater(903)];
    for (const launch of elsewhere) await ready(launch);
    expect(await ready(here)).toMatchObject({ haulOutPosition: 1 });
    expect([await placeOf(elsewhere[0]!), await placeOf(elsewhere[1]!)]).toEqual([1, 2]);
    expect((await staff[901]!.get(`/staff/launches?date=${TODAY}`)).json().haulOutQueue).toEqual([
      expect.objectContaining({ id: here.id, haulOutPosition: 1 }),
    ]);
    // Another account, or another marina, still does not see the launch at all.
    expectProblem(await elsewhere[0]!.who.agent.get(`/launches/${here.id}`), 404, 'not_found');
    const neighbour = await eligibleOwner(app, database.db, 901, { now: clock.now() });
    expectProblem(await neighbour.agent.get(`/launches/${here.id}`), 404, 'not_found');
  });

  it('gives 120 boats readied at the same moment the places 1 to 120, once each, in the order they were taken', async () => {
    await emptyQueue(901);
    const count = 120;
    // 30 owners, 4 boats each, launched by staff today: in the water, rows as staff's decision leaves them.
    const boats: InWater[] = [];
    for (let index = 0; index < count / 4; index++) {
      const who = await eligibleOwner(app, database.db, 901, { boatCount: 4, now: clock.now() });
      const rows = await database.db
        .insert(launches)
        .values(
          who.boatIds.map((boatId, slot) => ({
            clientId: 901,
            accountId: who.accountId,
            boatId,
            status: 'in_water' as const,
            slotStart: new Date(Date.parse('2027-06-01T06:00:00Z') + ((index * 4 + slot) % 8) * 1800_000),
            expectedReturn: new Date(Date.parse('2027-06-01T12:00:00Z')),
            people: 2,
            createdAt: clock.now(),
            updatedAt: clock.now(),
          })),
        )
        .returning({ id: launches.id });
      boats.push(...rows.map((row) => ({ who, id: row.id })));
    }
    const responses = await Promise.all(boats.map(({ who, id }) => who.agent.post(`/launches/${id}/ready-to-stow`)));
    for (const response of responses) expect(response.statusCode, response.body).toBe(200);
    const places = responses.map((response) => response.json().haulOutPosition as number);
    expect([...places].sort((a, b) => a - b)).toEqual(Array.from({ length: count }, (_, index) => index + 1));
    // Each keeps the place it was given: no one joined ahead of one already waiting.
    expect(await Promise.all(boats.map(placeOf))).toEqual(places);
    // The order of the queue is the order of the ready times the statements wrote.
    const rows = await database.db
      .select({ id: launches.id, readyAt: launches.readyAt })
      .from(launches)
      .where(and(eq(launches.clientId, 901), eq(launches.status, 'ready_to_stow')));
    const byTime = [...rows].sort((a, b) => a.readyAt!.getTime() - b.readyAt!.getTime()).map((row) => row.id);
    expect(byTime).toEqual(
      boats
        .map((boat, index) => ({ id: boat.id, place: places[index]! }))
        .sort((a, b) => a.place - b.place)
        .map((boat) => boat.id),
    );
    const queue = (await staff[901]!.get(`/staff/launches?date=${TODAY}`)).json().haulOutQueue;
    expect(queue.map((launch: { id: string }) => launch.id)).toEqual(byTime);
  });
});
