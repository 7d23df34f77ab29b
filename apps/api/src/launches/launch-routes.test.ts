/**
 * A customer's launches through the API, with a fixed clock: 1 June 2027 at 08:00 in Madrid (marina 901,
 * summer hours 08:00–20:00, 4 places a slot, 120 minutes' lead, 30 days ahead, changes until 60 minutes before).
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { DEMO_ACCOUNT, DEMO_LAUNCH_BOAT } from '../db/seed.ts';
import { passwordHasher } from '../accounts/passwords.ts';
import { accounts } from '../accounts/accounts.schema.ts';
import { boats, contracts } from '../boats/boats.schema.ts';
import { launches, launchSlots } from './launches.schema.ts';
import { notifications } from '../notifications/notifications.schema.ts';
import { idempotencyKeys } from '../security/security.schema.ts';
import { outboxFor, STRONG_PASSWORD, testClock } from '../test/accounts.ts';
import { eligibleOwner, launchBody, slotAt, type Owner } from '../test/launches.ts';
import { signInStaff } from '../test/staff.ts';
import { createAgent } from '../test/test-agent.ts';
import { expectProblem, useTestServer } from '../test/test-server.ts';

let database: Database;
let app: FastifyInstance;
const clock = testClock(Date.parse('2027-06-01T06:00:00Z'));
const DAY = '2027-06-02';

useTestServer((server) => ({ database, app } = server), { clock: clock.now });

const owner = (boatCount = 1) => eligibleOwner(app, database.db, 901, { boatCount, now: clock.now() });

async function book(who: Owner, time: string, overrides: Record<string, unknown> = {}, boatIndex = 0) {
  return who.agent.post('/launches', launchBody(901, who.boatIds[boatIndex]!, DAY, time, overrides));
}

async function booked(who: Owner, time: string, overrides: Record<string, unknown> = {}, boatIndex = 0) {
  const response = await book(who, time, overrides, boatIndex);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** Fills a slot with `count` other owners' launches. */
async function fill(time: string, count = 4) {
  for (let index = 0; index < count; index++) await booked(await owner(), time);
}

describe('the slot grid', () => {
  it('gives the day’s 30-minute slots in the marina’s time, their places, and the boat’s verdict', async () => {
    const me = await owner();
    await fill('10:00', 2);
    const response = await me.agent.get(`/launch-slots?boatId=${me.boatIds[0]}&date=${DAY}`);
    expect(response.statusCode, response.body).toBe(200);
    const day = response.json();
    expect(day).toMatchObject({
      date: DAY,
      timeZone: 'Europe/Madrid',
      hours: { open: '08:00', close: '20:00' },
      eligibility: { eligible: true, reasons: [] },
    });
    expect(day.slots).toHaveLength(24);
    expect(day.slots[0]).toEqual({
      start: '2027-06-02T08:00:00+02:00',
      end: '2027-06-02T08:30:00+02:00',
      capacity: 4,
      free: 4,
      waiting: 0,
      state: 'free',
      closedReason: null,
    });
    // Two booked here, one by the demo owner (seeded for tomorrow at 10:00).
    expect(day.slots[4]).toMatchObject({ start: '2027-06-02T10:00:00+02:00', free: 1, state: 'free' });
    const today = (await me.agent.get(`/launch-slots?boatId=${me.boatIds[0]}&date=2027-06-01`)).json();
    expect(today.slots.slice(0, 5).map((slot: { state: string }) => slot.state)).toEqual([
      'past',
      'past',
      'past',
      'past',
      'free',
    ]);
    expect((await me.agent.get(`/launch-slots?boatId=${me.boatIds[0]}&date=2027-07-02`)).json().slots[0].state).toBe(
      'closed',
    );
  });

  it('answers 404 for another’s boat and 400 for a wrong date', async () => {
    const me = await owner();
    const other = await owner();
    expectProblem(await me.agent.get(`/launch-slots?boatId=${other.boatIds[0]}&date=${DAY}`), 404, 'not_found');
    expectProblem(
      await me.agent.get(`/launch-slots?boatId=${me.boatIds[0]}&date=2027-02-30`),
      400,
      'validation_failed',
    );
  });
});

describe('asking for a launch', () => {
  it('confirms it, lists it upcoming with its history and actions, and offers its calendar entry', async () => {
    const me = await owner();
    const launch = await booked(me, '11:00', { notes: 'Con remolque', people: 3 });
    expect(launch).toMatchObject({
      boatId: me.boatIds[0],
      status: 'confirmed',
      slotStart: '2027-06-02T11:00:00+02:00',
      slotEnd: '2027-06-02T11:30:00+02:00',
      expectedReturn: '2027-06-02T13:00:00+02:00',
      people: 3,
      notes: 'Con remolque',
      waitlistPosition: null,
      changeableUntil: '2027-06-02T10:00:00+02:00',
      actions: { reschedule: true, cancel: true, readyToStow: false, calendar: true },
    });
    expect(launch.history).toEqual([
      {
        at: '2027-06-01T08:00:00+02:00',
        by: 'customer',
        from: null,
        to: 'confirmed',
        slotStart: launch.slotStart,
        reason: null,
        byName: null,
      },
    ]);
    expect(launch.bookedBy).toBeNull();
    const list = (await me.agent.get('/launches')).json();
    expect(list.upcoming.map((item: { id: string }) => item.id)).toEqual([launch.id]);
    expect(list.past).toEqual([]);
    expect((await me.agent.get(`/launches/${launch.id}`)).json()).toEqual(launch);
    const ics = await me.agent.get(`/launches/${launch.id}/calendar.ics`);
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toMatch(/^text\/calendar/);
    expect(ics.body).toContain('DTSTART:20270602T090000Z\r\n');
    expect(ics.body).toContain('DTEND:20270602T110000Z\r\n');
    expect(ics.body).toMatch(/^BEGIN:VCALENDAR\r\n[\s\S]*END:VCALENDAR\r\n$/);
  });

  it('refuses each broken rule with its code and the field', async () => {
    const me = await owner(6);
    expectProblem(await book(me, '10:15'), 422, 'slot_invalid');
    expectProblem(
      await me.agent.post('/launches', launchBody(901, me.boatIds[0]!, '2027-06-01', '09:30')),
      422,
      'slot_too_soon',
    );
    expectProblem(
      await me.agent.post('/launches', launchBody(901, me.boatIds[0]!, '2027-07-02', '10:00')),
      422,
      'slot_too_far',
    );
    expectProblem(
      await me.agent.post('/launches', launchBody(901, me.boatIds[0]!, '2027-07-01', '20:00')),
      422,
      'slot_invalid',
    );
    const late = await book(me, '18:00', { expectedReturn: slotAt(901, DAY, '20:30') });
    expectProblem(late, 422, 'return_after_closing');
    expect(late.json().errors[0].field).toBe('expectedReturn');
    const invalid = await me.agent.post('/launches', { boatId: me.boatIds[0], people: 0 });
    expectProblem(invalid, 400, 'validation_failed');
    expect(
      invalid
        .json()
        .errors.map((error: { field: string }) => error.field)
        .sort(),
    ).toEqual(['expectedReturn', 'people', 'slotStart']);
    // One open request per boat, at most maxOpenPerAccount (4) per account.
    await booked(me, '10:00');
    expectProblem(await book(me, '12:00'), 409, 'boat_has_open_launch');
    for (const index of [1, 2, 3]) await booked(me, '12:00', {}, index);
    expectProblem(await book(me, '13:00', {}, 4), 409, 'too_many_open_launches');
    const other = await owner();
    expectProblem(await other.agent.post('/launches', launchBody(901, me.boatIds[5]!, DAY, '13:00')), 404, 'not_found');
  });

  it('refuses a boat that may not be launched, with every reason', async () => {
    const me = await owner();
    await database.db
      .update(boats)
      .set({ insuranceExpiresOn: null, state: 'in_water' })
      .where(eq(boats.id, me.boatIds[0]!));
    const refused = await book(me, '10:30');
    expectProblem(refused, 422, 'not_eligible');
    expect(refused.json().errors.map((error: { code: string }) => error.code)).toEqual([
      'insurance_missing',
      'boat_in_water',
    ]);
    const grid = (await me.agent.get(`/launch-slots?boatId=${me.boatIds[0]}&date=${DAY}`)).json();
    expect(grid.eligibility.reasons.map((reason: { code: string }) => reason.code)).toEqual([
      'insurance_missing',
      'boat_in_water',
    ]);
  });

  it('judges a boat by the contract that governs it, among all it has had (decision 035)', async () => {
    const me = await owner(3);
    const [ended, requested, renewed] = me.boatIds as [string, string, string];
    // Boat 1: its only contract ended yesterday. Boat 2: the active one was cancelled and a new one waits for
    // approval. Boat 3: an old expired contract and, asked for later, an active one.
    await database.db.update(contracts).set({ endsOn: '2027-05-31' }).where(eq(contracts.boatId, ended));
    await database.db.update(contracts).set({ status: 'cancelled' }).where(eq(contracts.boatId, requested));
    await database.db.insert(contracts).values({
      clientId: 901,
      boatId: requested,
      plan: 'monthly',
      status: 'requested',
      startsOn: '2027-06-01',
      endsOn: '2027-06-30',
      requestedAt: clock.now(),
    });
    await database.db.insert(contracts).values({
      clientId: 901,
      boatId: renewed,
      plan: 'annual',
      status: 'expired',
      startsOn: '2025-05-01',
      endsOn: '2026-04-30',
      requestedAt: new Date('2025-04-01T10:00:00Z'),
    });
    expect((await book(me, '11:30', {}, 0)).json().errors.map((error: { code: string }) => error.code)).toEqual([
      'contract_expired',
    ]);
    expect((await book(me, '11:30', {}, 1)).json().errors.map((error: { code: string }) => error.code)).toEqual([
      'contract_requested',
    ]);
    expect((await booked(me, '11:30', {}, 2)).status).toBe('confirmed');
  });

  it('refuses a full slot with slot_full, or puts the person on its waiting list in order', async () => {
    await fill('14:00');
    const first = await owner();
    const second = await owner();
    expectProblem(await book(first, '14:00'), 409, 'slot_full');
    const waiting = await booked(first, '14:00', { waitlist: true });
    expect(waiting).toMatchObject({ status: 'waitlisted', waitlistPosition: 1, actions: { calendar: false } });
    expect((await booked(second, '14:00', { waitlist: true })).waitlistPosition).toBe(2);
    const grid = (await first.agent.get(`/launch-slots?boatId=${first.boatIds[0]}&date=${DAY}`)).json();
    expect(grid.slots.find((slot: { start: string }) => slot.start === '2027-06-02T14:00:00+02:00')).toMatchObject({
      free: 0,
      waiting: 2,
      state: 'full',
    });
    expectProblem(await first.agent.get(`/launches/${waiting.id}/calendar.ics`), 409, 'state_conflict');
  });

  it('tells an ineligible customer why, not that the slot is full (docs/product.md §4.7)', async () => {
    await fill('14:30');
    const me = await owner();
    await database.db.update(boats).set({ insuranceExpiresOn: null }).where(eq(boats.id, me.boatIds[0]!));
    for (const waitlist of [false, true]) {
      const refused = await book(me, '14:30', { waitlist });
      expectProblem(refused, 422, 'not_eligible');
      expect(refused.json().errors.map((error: { code: string }) => error.code)).toEqual(['insurance_missing']);
    }
  });

  it('books once when the same Idempotency-Key is sent again', async () => {
    const me = await owner();
    const body = launchBody(901, me.boatIds[0]!, DAY, '15:00');
    const key = crypto.randomUUID();
    const first = await me.agent.post('/launches', body, { idempotencyKey: key });
    const again = await me.agent.post('/launches', body, { idempotencyKey: key });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().id).toBe(first.json().id);
    // The same key with another body is refused, and books nothing.
    const other = await me.agent.post('/launches', { ...body, people: 3 }, { idempotencyKey: key });
    expectProblem(other, 422, 'idempotency_key_reused');
    expect(await database.db.select().from(launches).where(eq(launches.accountId, me.accountId))).toHaveLength(1);
  });

  it('keeps nothing of a refused call: the corrected form is sent again with the same Idempotency-Key and books (decision 032)', async () => {
    await fill('15:30');
    const me = await owner();
    const key = crypto.randomUUID();
    const body = launchBody(901, me.boatIds[0]!, DAY, '15:30');
    expectProblem(await me.agent.post('/launches', body, { idempotencyKey: key }), 409, 'slot_full');
    const kept = await database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(kept).toHaveLength(0);
    const waiting = await me.agent.post('/launches', { ...body, waitlist: true }, { idempotencyKey: key });
    expect(waiting.statusCode, waiting.body).toBe(201);
    expect(waiting.headers['idempotent-replayed']).toBeUndefined();
    expect(waiting.json()).toMatchObject({ status: 'waitlisted', waitlistPosition: 1 });
    // Written with the booking, in its transaction: the answer is there at once.
    const [stored] = await database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(stored).toMatchObject({ responseStatus: 201, responseBody: JSON.stringify({ id: waiting.json().id }) });
    expect(stored!.completedAt).not.toBeNull();
  });
});

describe('moving, cancelling and the waiting list', () => {
  it('gives a cancelled place to the first eligible person waiting, at once, and tells them', async () => {
    const holders = [await owner(), await owner(), await owner(), await owner()];
    const launches = [];
    for (const holder of holders) launches.push(await booked(holder, '16:00'));
    const ineligible = await owner();
    const next = await owner();
    const ineligibleWait = await booked(ineligible, '16:00', { waitlist: true });
    const nextWait = await booked(next, '16:00', { waitlist: true });
    // The first in line lost their insurance meanwhile: they keep waiting, the next one gets the place.
    await database.db.update(boats).set({ insuranceExpiresOn: null }).where(eq(boats.id, ineligible.boatIds[0]!));
    const cancelled = await holders[0]!.agent.post(`/launches/${launches[0].id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', actions: { cancel: false, reschedule: false } });
    expect(
      cancelled
        .json()
        .history.map((entry: { from: string; to: string; by: string }) => [entry.from, entry.to, entry.by]),
    ).toEqual([
      [null, 'confirmed', 'customer'],
      ['confirmed', 'cancelled', 'customer'],
    ]);
    const promoted = (await next.agent.get(`/launches/${nextWait.id}`)).json();
    expect(promoted).toMatchObject({ status: 'confirmed', waitlistPosition: null });
    expect(promoted.history.at(-1)).toMatchObject({ by: 'system', from: 'waitlisted', to: 'confirmed' });
    expect((await ineligible.agent.get(`/launches/${ineligibleWait.id}`)).json()).toMatchObject({
      status: 'waitlisted',
      waitlistPosition: 1,
    });
    const told = await database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.accountId, next.accountId), eq(notifications.type, 'launch_confirmed')));
    expect(told).toHaveLength(1);
    expect(told[0]!.body).toMatch(/miércoles 2 de junio(?: de 2027)? a las 16:00/);
    expect(
      (await outboxFor(app, next.phone)).some((message) => message.text.includes('se ha liberado una plaza')),
    ).toBe(true);
    const [slot] = await database.db
      .select()
      .from(launchSlots)
      .where(and(eq(launchSlots.clientId, 901), eq(launchSlots.start, new Date(slotAt(901, DAY, '16:00')))));
    expect(slot!.held).toBe(4);
  });

  it('moves a launch to another free slot keeping its history, promoting who waited for the old one', async () => {
    await fill('17:00', 3);
    const me = await owner();
    const launch = await booked(me, '17:00');
    const waiting = await owner();
    const wait = await booked(waiting, '17:00', { waitlist: true });
    await fill('17:30');
    expectProblem(
      await me.agent.post(`/launches/${launch.id}/reschedule`, { slotStart: slotAt(901, DAY, '17:30') }),
      409,
      'slot_full',
    );
    expectProblem(
      await me.agent.post(`/launches/${launch.id}/reschedule`, { slotStart: slotAt(901, DAY, '19:30') }),
      422,
      'return_after_closing',
    );
    const moved = await me.agent.post(`/launches/${launch.id}/reschedule`, { slotStart: slotAt(901, DAY, '09:00') });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({
      status: 'confirmed',
      slotStart: '2027-06-02T09:00:00+02:00',
      expectedReturn: '2027-06-02T11:00:00+02:00',
    });
    expect(
      moved
        .json()
        .history.map((entry: { slotStart: string; reason: string | null }) => [entry.slotStart, entry.reason]),
    ).toEqual([
      ['2027-06-02T17:00:00+02:00', null],
      ['2027-06-02T09:00:00+02:00', 'Cambio de hora'],
    ]);
    expect((await waiting.agent.get(`/launches/${wait.id}`)).json().status).toBe('confirmed');
  });

  it('refuses a move by the rules a booking meets, moves a waiting entry into a free slot, and lets a person leave the list', async () => {
    const day = '2027-06-04';
    const move = (who: Owner, id: string, date: string, time: string) =>
      who.agent.post(`/launches/${id}/reschedule`, { slotStart: slotAt(901, date, time) });
    const me = await owner();
    const launch = (await me.agent.post('/launches', launchBody(901, me.boatIds[0]!, day, '10:00'))).json();
    expectProblem(await move(me, launch.id, day, '10:15'), 422, 'slot_invalid');
    expectProblem(await move(me, launch.id, '2027-06-01', '09:30'), 422, 'slot_too_soon');
    expectProblem(await move(me, launch.id, '2027-07-02', '10:00'), 422, 'slot_too_far');
    await database.db.update(boats).set({ insuranceExpiresOn: '2027-05-01' }).where(eq(boats.id, me.boatIds[0]!));
    expectProblem(await move(me, launch.id, day, '10:30'), 422, 'not_eligible');
    await database.db.update(boats).set({ insuranceExpiresOn: '2028-05-01' }).where(eq(boats.id, me.boatIds[0]!));
    expect((await me.agent.post(`/launches/${launch.id}/cancel`)).statusCode).toBe(200);
    expectProblem(await move(me, launch.id, day, '10:30'), 409, 'state_conflict');

    for (let index = 0; index < 4; index++) {
      const holder = await owner();
      expect((await holder.agent.post('/launches', launchBody(901, holder.boatIds[0]!, day, '11:00'))).statusCode).toBe(
        201,
      );
    }
    const [first, second, third] = [await owner(), await owner(), await owner()];
    const entries = [];
    for (const person of [first!, second!, third!])
      entries.push(
        (
          await person.agent.post('/launches', launchBody(901, person.boatIds[0]!, day, '11:00', { waitlist: true }))
        ).json(),
      );
    expect(entries.map((entry) => entry.waitlistPosition)).toEqual([1, 2, 3]);
    // The first leaves the list; the second moves to a free slot and takes its place there.
    const left = await first!.agent.post(`/launches/${entries[0].id}/cancel`);
    expect(left.statusCode, left.body).toBe(200);
    expect(left.json()).toMatchObject({ status: 'cancelled', waitlistPosition: null });
    const moved = await move(second!, entries[1].id, day, '11:30');
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({
      status: 'confirmed',
      slotStart: '2027-06-04T11:30:00+02:00',
      waitlistPosition: null,
    });
    expect(moved.json().history.at(-1)).toMatchObject({
      from: 'waitlisted',
      to: 'confirmed',
      reason: 'Cambio de hora',
    });
    expect((await third!.agent.get(`/launches/${entries[2].id}`)).json()).toMatchObject({
      status: 'waitlisted',
      waitlistPosition: 1,
    });
    const [eleven] = await database.db
      .select()
      .from(launchSlots)
      .where(and(eq(launchSlots.clientId, 901), eq(launchSlots.start, new Date(slotAt(901, day, '11:00')))));
    expect(eleven!.held).toBe(4);
  });

  it('gives the places of a deleted account to who waits for them, as a cancellation does', async () => {
    await fill('13:30', 2);
    const leaving = await owner(2);
    await booked(leaving, '13:30', {}, 0);
    await booked(leaving, '13:30', {}, 1);
    const first = await owner();
    const second = await owner();
    const third = await owner();
    const firstWait = await booked(first, '13:30', { waitlist: true });
    const secondWait = await booked(second, '13:30', { waitlist: true });
    const thirdWait = await booked(third, '13:30', { waitlist: true });
    await database.db
      .update(accounts)
      .set({ passwordHash: await passwordHasher.hash(STRONG_PASSWORD) })
      .where(eq(accounts.id, leaving.accountId));
    const deleted = await leaving.agent.delete('/me', { password: STRONG_PASSWORD, confirm: true });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await first.agent.get(`/launches/${firstWait.id}`)).json()).toMatchObject({
      status: 'confirmed',
      waitlistPosition: null,
    });
    expect((await second.agent.get(`/launches/${secondWait.id}`)).json().history.at(-1)).toMatchObject({
      by: 'system',
      from: 'waitlisted',
      to: 'confirmed',
    });
    expect((await third.agent.get(`/launches/${thirdWait.id}`)).json()).toMatchObject({
      status: 'waitlisted',
      waitlistPosition: 1,
    });
    const told = await database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.accountId, first.accountId), eq(notifications.type, 'launch_confirmed')));
    expect(told).toHaveLength(1);
    const [slot] = await database.db
      .select()
      .from(launchSlots)
      .where(and(eq(launchSlots.clientId, 901), eq(launchSlots.start, new Date(slotAt(901, DAY, '13:30')))));
    expect(slot!.held).toBe(4);
  });

  it('refuses changes after changeCutoffMinutes before the slot, and ready-to-stow before the water', async () => {
    const me = await owner();
    const response = await me.agent.post('/launches', launchBody(901, me.boatIds[0]!, '2027-06-01', '10:30'));
    expect(response.statusCode, response.body).toBe(201);
    const launch = response.json();
    expectProblem(await me.agent.post(`/launches/${launch.id}/ready-to-stow`), 409, 'state_conflict');
    clock.advance(91 * 60_000); // 09:31: 59 minutes before the slot
    try {
      expect((await me.agent.get(`/launches/${launch.id}`)).json().actions).toMatchObject({
        cancel: false,
        reschedule: false,
      });
      expectProblem(await me.agent.post(`/launches/${launch.id}/cancel`), 409, 'change_too_late');
      expectProblem(
        await me.agent.post(`/launches/${launch.id}/reschedule`, { slotStart: slotAt(901, DAY, '12:00') }),
        409,
        'change_too_late',
      );
    } finally {
      clock.advance(-91 * 60_000);
    }
  });
});

describe('the demo owner', () => {
  it('sees the seeded launch and can book the other ready boat at once', async () => {
    const demo = createAgent(app, 901);
    expect(
      (await demo.post('/session', { identifier: DEMO_ACCOUNT(901).email, password: DEMO_ACCOUNT(901).password }))
        .statusCode,
    ).toBe(200);
    const list = (await demo.get('/launches')).json();
    expect(
      list.upcoming.map((launch: { boatName: string; status: string; slotStart: string }) => [
        launch.boatName,
        launch.status,
        launch.slotStart,
      ]),
    ).toEqual([[DEMO_LAUNCH_BOAT, 'confirmed', '2027-06-02T10:00:00+02:00']]);
    const brisa = (await demo.get('/boats')).json().boats.find((boat: { name: string }) => boat.name === 'Brisa');
    const response = await demo.post('/launches', launchBody(901, brisa.id, DAY, '12:30'));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ boatName: 'Brisa', status: 'confirmed' });
  });
});

describe('whose launch it is', () => {
  it('answers 404 for another account’s launch and another marina’s, 403 on staff paths for a customer', async () => {
    const me = await owner();
    const other = await owner();
    const launch = await booked(me, '18:00');
    for (const response of [
      await other.agent.get(`/launches/${launch.id}`),
      await other.agent.post(`/launches/${launch.id}/cancel`),
      await other.agent.post(`/launches/${launch.id}/reschedule`, { slotStart: slotAt(901, DAY, '11:00') }),
      await other.agent.post(`/launches/${launch.id}/ready-to-stow`),
      await other.agent.get(`/launches/${launch.id}/calendar.ics`),
      await other.agent.get('/launches/not-a-uuid'),
    ]) {
      expectProblem(response, 404, 'not_found');
    }
    const elsewhere = await eligibleOwner(app, database.db, 903, { now: clock.now() });
    expectProblem(await elsewhere.agent.get(`/launches/${launch.id}`), 404, 'not_found');
    const staff903 = await signInStaff(app, 903);
    expectProblem(await staff903.post(`/staff/launches/${launch.id}/in-water`), 404, 'not_found');
    expectProblem(await me.agent.get(`/staff/launches?date=${DAY}`), 403, 'forbidden');
    expectProblem(await me.agent.post(`/staff/launches/${launch.id}/confirm`), 403, 'forbidden');
    expectProblem(
      await me.agent.post('/staff/closures', {
        start: slotAt(901, DAY, '08:00'),
        end: slotAt(901, DAY, '09:00'),
        reason: 'x',
      }),
      403,
      'forbidden',
    );
    expectProblem(await createAgent(app, 901).get('/launches'), 401, 'unauthenticated');
  });
});
