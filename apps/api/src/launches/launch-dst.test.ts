/**
 * Booking on the days the clocks change in 2027, with a fixed clock, at a Madrid marina (901) and the Canary
 * one (902): the grid, the booked slot and the stored instant agree with the marina's wall clock.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { launches } from './launches.schema.ts';
import { testClock } from '../test/accounts.ts';
import { eligibleOwner } from '../test/launches.ts';
import { useTestServer } from '../test/test-server.ts';

let database: Database;
let app: FastifyInstance;
const clock = testClock(Date.parse('2027-03-27T10:00:00Z'));

useTestServer((server) => ({ database, app } = server), { clock: clock.now });

async function bookFirstSlot(clientId: number, date: string) {
  const me = await eligibleOwner(app, database.db, clientId, { now: clock.now() });
  const grid = (await me.agent.get(`/launch-slots?boatId=${me.boatIds[0]}&date=${date}`)).json();
  const [first] = grid.slots;
  const response = await me.agent.post('/launches', {
    boatId: me.boatIds[0],
    slotStart: first.start,
    expectedReturn: grid.slots[4].end,
    people: 2,
  });
  expect(response.statusCode, response.body).toBe(201);
  const [row] = await database.db.select().from(launches).where(eq(launches.id, response.json().id));
  return { grid, launch: response.json(), stored: row!.slotStart.toISOString() };
}

describe('the 2027 clock changes', () => {
  it('spring forward, 28 March: winter hours from 09:00 local, an hour less behind UTC than the day before', async () => {
    const madrid = await bookFirstSlot(901, '2027-03-28');
    expect(madrid.grid.slots).toHaveLength(18);
    expect(madrid.launch).toMatchObject({
      slotStart: '2027-03-28T09:00:00+02:00',
      expectedReturn: '2027-03-28T11:30:00+02:00',
    });
    expect(madrid.stored).toBe('2027-03-28T07:00:00.000Z');
    const canary = await bookFirstSlot(902, '2027-03-28');
    expect(canary.launch.slotStart).toBe('2027-03-28T09:00:00+01:00');
    expect(canary.stored).toBe('2027-03-28T08:00:00.000Z');
    const dayAfter = await bookFirstSlot(902, '2027-03-29');
    expect(dayAfter.stored).toBe('2027-03-29T08:00:00.000Z');
  });

  it('fall back, 31 October: summer hours from 08:00 local, an hour more behind UTC', async () => {
    clock.advance(Date.parse('2027-10-30T10:00:00Z') - clock.now().getTime());
    const madrid = await bookFirstSlot(901, '2027-10-31');
    expect(madrid.grid.slots).toHaveLength(24);
    expect(madrid.launch.slotStart).toBe('2027-10-31T08:00:00+01:00');
    expect(madrid.stored).toBe('2027-10-31T07:00:00.000Z');
    const canary = await bookFirstSlot(902, '2027-10-31');
    expect(canary.launch.slotStart).toBe('2027-10-31T08:00:00+00:00');
    expect(canary.stored).toBe('2027-10-31T08:00:00.000Z');
    // The day after, winter hours: 09:00 local.
    expect((await bookFirstSlot(902, '2027-11-01')).launch.slotStart).toBe('2027-11-01T09:00:00+00:00');
  });
});
