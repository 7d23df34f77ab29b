/**
 * The staff's launch calls, with a fixed clock (1 June 2027, 08:00 in Madrid): the day by slot, every allowed
 * and refused change, the customer told of each (in the app and by SMS at marina 901), closures, and the
 * pending requests of a marina that approves by hand.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { boats } from '../boats/boats.schema.ts';
import { notifications } from '../notifications/notifications.schema.ts';
import { outboxFor, testClock } from '../test/accounts.ts';
import { eligibleOwner, launchBody, slotAt, type Owner } from '../test/launches.ts';
import { signInStaff } from '../test/staff.ts';
import type { Agent } from '../test/test-agent.ts';
import { expectProblem, useTestServer } from '../test/test-server.ts';

let database: Database;
let app: FastifyInstance;
let staff: Agent;
const clock = testClock(Date.parse('2027-06-01T06:00:00Z'));
const DAY = '2027-06-02';

useTestServer((server) => ({ database, app } = server), { clock: clock.now });

beforeAll(async () => {
  staff = await signInStaff(app, 901);
});

const owner = () => eligibleOwner(app, database.db, 901, { now: clock.now() });

async function booked(who: Owner, time: string, overrides: Record<string, unknown> = {}) {
  const response = await who.agent.post('/launches', launchBody(901, who.boatIds[0]!, DAY, time, overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const toldTypes = async (who: Owner) =>
  (await database.db.select().from(notifications).where(eq(notifications.accountId, who.accountId)))
    .map((row) => row.type)
    .sort();

describe('the day by slot', () => {
  it('lists each slot with its launches, owners and boats, waiting entries last', async () => {
    const first = await owner();
    const launch = await booked(first, '09:00');
    const day = await staff.get(`/staff/launches?date=${DAY}`);
    expect(day.statusCode, day.body).toBe(200);
    const slot = day.json().slots.find((item: { start: string }) => item.start === '2027-06-02T09:00:00+02:00');
    expect(slot).toMatchObject({ capacity: 4, free: 3, state: 'free' });
    expect(slot.launches).toHaveLength(1);
    expect(slot.launches[0]).toMatchObject({
      id: launch.id,
      status: 'confirmed',
      owner: { id: first.accountId, phone: first.phone },
      rackPosition: null,
    });
    expect(slot.launches[0].boatRegistration).toMatch(/^7ª-BA-/);
    expect((await staff.get('/staff/launches')).json().date).toBe('2027-06-01');
  });
});

describe('the launch’s life', () => {
  it('goes confirmed → in the water → ready to stow → completed, recording who did what and telling the customer', async () => {
    const me = await owner();
    const launch = await booked(me, '10:00');
    expectProblem(await staff.post(`/staff/launches/${launch.id}/complete`), 409, 'state_conflict');
    expectProblem(await staff.post(`/staff/launches/${launch.id}/confirm`), 409, 'state_conflict');
    const inWater = await staff.post(`/staff/launches/${launch.id}/in-water`);
    expect(inWater.statusCode, inWater.body).toBe(200);
    expect(inWater.json().status).toBe('in_water');
    expect(
      (await database.db.select({ state: boats.state }).from(boats).where(eq(boats.id, me.boatIds[0]!)))[0]!.state,
    ).toBe('in_water');
    expectProblem(await me.agent.post(`/launches/${launch.id}/cancel`), 409, 'state_conflict');
    const ready = await me.agent.post(`/launches/${launch.id}/ready-to-stow`);
    expect(ready.statusCode, ready.body).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready_to_stow', actions: { readyToStow: false, cancel: false } });
    expectProblem(await me.agent.post(`/launches/${launch.id}/ready-to-stow`), 409, 'state_conflict');
    const done = await staff.post(`/staff/launches/${launch.id}/complete`);
    expect(done.statusCode, done.body).toBe(200);
    expect(
      (await database.db.select({ state: boats.state }).from(boats).where(eq(boats.id, me.boatIds[0]!)))[0]!.state,
    ).toBe('in_rack');
    const detail = (await me.agent.get(`/launches/${launch.id}`)).json();
    expect(
      detail.history.map(
        (entry: { from: string | null; to: string; by: string }) => `${entry.from}→${entry.to} (${entry.by})`,
      ),
    ).toEqual([
      'null→confirmed (customer)',
      'confirmed→in_water (staff)',
      'in_water→ready_to_stow (customer)',
      'ready_to_stow→completed (staff)',
    ]);
    expect((await me.agent.get('/launches')).json().past.map((item: { id: string }) => item.id)).toEqual([launch.id]);
    expect(await toldTypes(me)).toEqual(['boat_in_water', 'launch_completed']);
    const sms = (await outboxFor(app, me.phone)).map((message) => message.text);
    expect(sms.some((text) => text.startsWith('Marina de Pruebas SMS: ') && text.includes('ya está en el agua'))).toBe(
      true,
    );
    expectProblem(await staff.post(`/staff/launches/${launch.id}/cancel`, { reason: 'Tarde' }), 409, 'state_conflict');
  });

  it('cancels with a reason the customer reads, and refuses one without a reason', async () => {
    const me = await owner();
    const launch = await booked(me, '11:00');
    const noReason = await staff.post(`/staff/launches/${launch.id}/cancel`, {});
    expectProblem(noReason, 400, 'validation_failed');
    const cancelled = await staff.post(`/staff/launches/${launch.id}/cancel`, { reason: 'Avería de la grúa' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', cancellationReason: 'Avería de la grúa' });
    expect(cancelled.json().history.at(-1)).toMatchObject({
      by: 'staff',
      from: 'confirmed',
      to: 'cancelled',
      reason: 'Avería de la grúa',
    });
    const [told] = await database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.accountId, me.accountId), eq(notifications.type, 'launch_cancelled_by_marina')));
    expect(told!.body).toContain('Motivo: Avería de la grúa');
    expect((await outboxFor(app, me.phone)).some((message) => message.text.includes('Avería de la grúa'))).toBe(true);
  });

  it('refuses to confirm a pending launch whose boat is no longer eligible', async () => {
    expect((await staff.patch('/staff/settings', { manualApproval: true })).statusCode).toBe(200);
    try {
      const me = await owner();
      const launch = await booked(me, '12:00');
      expect(launch.status).toBe('pending');
      await database.db.update(boats).set({ insuranceExpiresOn: '2027-05-01' }).where(eq(boats.id, me.boatIds[0]!));
      const refused = await staff.post(`/staff/launches/${launch.id}/confirm`);
      expectProblem(refused, 422, 'not_eligible');
      expect(refused.json().errors.map((error: { code: string }) => error.code)).toEqual(['insurance_expired']);
      await database.db.update(boats).set({ insuranceExpiresOn: '2028-05-01' }).where(eq(boats.id, me.boatIds[0]!));
      const confirmed = await staff.post(`/staff/launches/${launch.id}/confirm`);
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(confirmed.json().status).toBe('confirmed');
      expect(await toldTypes(me)).toEqual(['launch_confirmed']);

      const other = await owner();
      const rejected = await staff.post(`/staff/launches/${(await booked(other, '12:00')).id}/reject`, {
        reason: 'Grúa en revisión',
      });
      expect(rejected.json()).toMatchObject({ status: 'cancelled', cancellationReason: 'Grúa en revisión' });
      expect(await toldTypes(other)).toEqual(['launch_cancelled_by_marina']);
    } finally {
      expect((await staff.patch('/staff/settings', { manualApproval: false })).statusCode).toBe(200);
    }
  });
});

describe('what each decision starts from', () => {
  it('rejects only a pending request, cancels a waiting entry, completes straight from the water, and refuses the rest', async () => {
    const me = await owner();
    const launch = await booked(me, '13:00');
    // A confirmed launch is cancelled, not rejected: a rejection answers a request staff have not accepted.
    expectProblem(
      await staff.post(`/staff/launches/${launch.id}/reject`, { reason: 'Grúa en revisión' }),
      409,
      'state_conflict',
    );
    expect((await me.agent.get(`/launches/${launch.id}`)).json().status).toBe('confirmed');
    expect(await toldTypes(me)).toEqual([]);
    expect((await staff.post(`/staff/launches/${launch.id}/in-water`)).statusCode).toBe(200);
    expectProblem(await staff.post(`/staff/launches/${launch.id}/in-water`), 409, 'state_conflict');
    const done = await staff.post(`/staff/launches/${launch.id}/complete`);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().history.map((entry: { to: string }) => entry.to)).toEqual([
      'confirmed',
      'in_water',
      'completed',
    ]);

    for (let index = 0; index < 4; index++) await booked(await owner(), '13:30');
    const waiting = await owner();
    const entry = await booked(waiting, '13:30', { waitlist: true });
    expect(entry.status).toBe('waitlisted');
    expectProblem(await staff.post(`/staff/launches/${entry.id}/in-water`), 409, 'state_conflict');
    expectProblem(await staff.post(`/staff/launches/${entry.id}/confirm`), 409, 'state_conflict');
    expectProblem(
      await staff.post(`/staff/launches/${entry.id}/reject`, { reason: 'Lista cerrada' }),
      409,
      'state_conflict',
    );
    const cancelled = await staff.post(`/staff/launches/${entry.id}/cancel`, { reason: 'Lista cerrada' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', cancellationReason: 'Lista cerrada' });
    expect(await toldTypes(waiting)).toEqual(['launch_cancelled_by_marina']);
  });

  it('answers 403 to a customer on every decision', async () => {
    const me = await owner();
    const launch = await booked(me, '16:30');
    for (const [path, body] of [
      ['confirm', undefined],
      ['reject', { reason: 'x' }],
      ['in-water', undefined],
      ['complete', undefined],
      ['cancel', { reason: 'x' }],
    ] as const) {
      expectProblem(await me.agent.post(`/staff/launches/${launch.id}/${path}`, body), 403, 'forbidden');
    }
    expect((await me.agent.get(`/launches/${launch.id}`)).json().status).toBe('confirmed');
  });
});

describe('closures', () => {
  it('cancels every launch and waiting entry inside it, tells each customer, and closes its slots', async () => {
    const inside = [await owner(), await owner(), await owner(), await owner()];
    for (const person of inside) await booked(person, '15:00');
    const waiting = await owner();
    await booked(waiting, '15:00', { waitlist: true });
    const outside = await owner();
    const kept = await booked(outside, '17:00');
    const closure = await staff.post('/staff/closures', {
      start: slotAt(901, DAY, '14:45'),
      end: slotAt(901, DAY, '16:00'),
      reason: 'Temporal de levante',
    });
    expect(closure.statusCode, closure.body).toBe(201);
    expect(closure.json()).toMatchObject({
      start: '2027-06-02T14:45:00+02:00',
      end: '2027-06-02T16:00:00+02:00',
      reason: 'Temporal de levante',
      cancelledLaunches: 5,
    });
    for (const person of [...inside, waiting]) {
      const [launch] = (await person.agent.get('/launches')).json().past;
      expect(launch).toMatchObject({ status: 'cancelled', cancellationReason: 'Temporal de levante' });
      expect(await toldTypes(person)).toEqual(['launch_cancelled_by_marina']);
    }
    expect((await outside.agent.get(`/launches/${kept.id}`)).json().status).toBe('confirmed');
    const grid = (await outside.agent.get(`/launch-slots?boatId=${outside.boatIds[0]}&date=${DAY}`)).json();
    const states = Object.fromEntries(
      grid.slots.map((slot: { start: string; state: string; closedReason: string | null }) => [
        slot.start.slice(11, 16),
        [slot.state, slot.closedReason],
      ]),
    );
    expect(states['14:30']).toEqual(['closed', 'Temporal de levante']);
    expect(states['15:30']).toEqual(['closed', 'Temporal de levante']);
    expect(states['16:00']).toEqual(['free', null]);
    const late = await owner();
    expectProblem(
      await late.agent.post('/launches', launchBody(901, late.boatIds[0]!, DAY, '15:00', { waitlist: true })),
      409,
      'slot_closed',
    );
    expectProblem(
      await outside.agent.post(`/launches/${kept.id}/reschedule`, { slotStart: slotAt(901, DAY, '15:30') }),
      409,
      'slot_closed',
    );
  });

  it('checks the range and the reason', async () => {
    const refused = await staff.post('/staff/closures', {
      start: slotAt(901, DAY, '16:00'),
      end: slotAt(901, DAY, '15:00'),
      reason: '',
    });
    expectProblem(refused, 400, 'validation_failed');
    expect(
      refused
        .json()
        .errors.map((error: { field: string }) => error.field)
        .sort(),
    ).toEqual(['end', 'reason']);
  });
});
