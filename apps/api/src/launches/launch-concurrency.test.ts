/**
 * Launches under bursts. On PostgreSQL (TEST_DATABASE_URL) the requests run on several connections at once,
 * so a count-then-insert in application code would let more through; the slot's conditional update, the
 * account's row lock and the one-open-per-boat index must let exactly the allowed number through.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../accounts/accounts.schema.ts';
import { authorisations } from '../authorisations/authorisations.schema.ts';
import { closures, launches, launchSlots } from './launches.schema.ts';
import { notifications } from '../notifications/notifications.schema.ts';
import { testClock } from '../test/accounts.ts';
import { activeAuthorisation, authorisationBody, invitedAs, personWithAccount } from '../test/authorisations.ts';
import { eligibleOwner, launchBody, slotAt, type Owner } from '../test/launches.ts';
import { signInStaff } from '../test/staff.ts';
import { createAgent, type Agent } from '../test/test-agent.ts';
import type { TestDatabase } from '../test/test-database.ts';
import { createTestServer, useTestServer } from '../test/test-server.ts';

let database: TestDatabase;
let app: FastifyInstance;
let staff: Agent;
const clock = testClock(Date.parse('2027-06-01T06:00:00Z'));
const DAY = '2027-06-03';

useTestServer((server) => ({ database, app } = server), { clock: clock.now });

beforeAll(async () => {
  staff = await signInStaff(app, 901);
});

async function owners(count: number, boatCount = 1): Promise<Owner[]> {
  const list: Owner[] = [];
  for (let index = 0; index < count; index++)
    list.push(await eligibleOwner(app, database.db, 901, { boatCount, now: clock.now() }));
  return list;
}

function tally(responses: LightMyRequestResponse[]) {
  const codes: Record<string, number> = {};
  for (const response of responses) {
    const key =
      response.statusCode < 300
        ? `${response.statusCode} ${response.json().status}`
        : `${response.statusCode} ${response.json().code}`;
    codes[key] = (codes[key] ?? 0) + 1;
  }
  return codes;
}

const inSlot = (time: string) =>
  database.db
    .select({ status: launches.status })
    .from(launches)
    .where(and(eq(launches.clientId, 901), eq(launches.slotStart, new Date(slotAt(901, DAY, time)))));

/**
 * Until a request waits for a row lock. On PostgreSQL, seen in pg_stat_activity from another connection; PGlite
 * has one connection, which the holder's transaction keeps: every other statement waits for it to end.
 */
async function waitingForLock(): Promise<void> {
  if (database.kind === 'pglite') return new Promise((resolve) => setTimeout(resolve, 50));
  for (let tries = 0; tries < 500; tries++) {
    // postgres.js answers an execute with the rows themselves.
    const rows = (await database.db.execute(
      sql`select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    )) as unknown as { waiting: number }[];
    if (rows[0]!.waiting > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('no request came to wait for the lock');
}

/** A confirmed launch's row, as a booking writes it, for a transaction that stands in for one. */
const confirmedRow = (who: Owner, boatId: string, start: Date) => ({
  clientId: 901,
  accountId: who.accountId,
  boatId,
  status: 'confirmed' as const,
  slotStart: start,
  expectedReturn: new Date(start.getTime() + 3600_000),
  people: 2,
  createdAt: clock.now(),
  updatedAt: clock.now(),
});

const heldIn = async (time: string) =>
  (
    await database.db
      .select()
      .from(launchSlots)
      .where(and(eq(launchSlots.clientId, 901), eq(launchSlots.start, new Date(slotAt(901, DAY, time)))))
  )[0]?.held;

describe('launches under bursts', () => {
  it('confirms exactly 4 of 200 simultaneous bookings for a slot of 4 places; the rest are slot_full', async () => {
    // 50 owners with 4 boats each (maxOpenPerAccount is 4): 200 different boats.
    const people = await owners(50, 4);
    const requests = people.flatMap((person) => person.boatIds.map((boatId) => ({ person, boatId })));
    const responses = await Promise.all(
      requests.map(({ person, boatId }) =>
        person.agent.post('/launches', launchBody(901, boatId, DAY, '10:00'), { idempotencyKey: crypto.randomUUID() }),
      ),
    );
    expect(tally(responses)).toEqual({ '201 confirmed': 4, '409 slot_full': 196 });
    expect((await inSlot('10:00')).map((row) => row.status)).toEqual([
      'confirmed',
      'confirmed',
      'confirmed',
      'confirmed',
    ]);
    expect(await heldIn('10:00')).toBe(4);
  });

  it('with waitlist: true, confirms 4 and puts the other 196 on the waiting list in one order', async () => {
    const people = await owners(50, 4);
    const requests = people.flatMap((person) => person.boatIds.map((boatId) => ({ person, boatId })));
    const responses = await Promise.all(
      requests.map(({ person, boatId }) =>
        person.agent.post('/launches', launchBody(901, boatId, DAY, '11:00', { waitlist: true })),
      ),
    );
    expect(tally(responses)).toEqual({ '201 confirmed': 4, '201 waitlisted': 196 });
    const positions = responses
      .map((response) => response.json().waitlistPosition)
      .filter((position) => position !== null);
    expect(new Set(positions).size).toBe(196);
    expect(await heldIn('11:00')).toBe(4);
  });

  it('books once for 100 parallel retries with the same Idempotency-Key', async () => {
    const [person] = await owners(1);
    const key = crypto.randomUUID();
    const body = launchBody(901, person!.boatIds[0]!, DAY, '12:00');
    const responses = await Promise.all(
      Array.from({ length: 100 }, () => person!.agent.post('/launches', body, { idempotencyKey: key })),
    );
    // The key is claimed in the booking's transaction (decision 032): every retry waits for the first and gets
    // its answer, none is told to come back later.
    expect(responses.map((response) => response.statusCode)).toEqual(Array(100).fill(201));
    expect(new Set(responses.map((response) => response.json().id)).size).toBe(1);
    expect(responses.filter((response) => response.headers['idempotent-replayed'] === 'true')).toHaveLength(99);
    expect(await inSlot('12:00')).toHaveLength(1);
  });

  it('lets one boat have one open request and one account maxOpenPerAccount, under 100 simultaneous requests each', async () => {
    const [single] = await owners(1);
    const times = ['13:00', '13:30', '14:00', '14:30', '15:00'];
    const oneBoat = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        single!.agent.post('/launches', launchBody(901, single!.boatIds[0]!, DAY, times[index % times.length]!)),
      ),
    );
    expect(tally(oneBoat)).toEqual({ '201 confirmed': 1, '409 boat_has_open_launch': 99 });

    const [fleet] = await owners(1, 10);
    const many = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        fleet!.agent.post(
          '/launches',
          launchBody(901, fleet!.boatIds[index % 10]!, '2027-06-04', times[index % times.length]!),
        ),
      ),
    );
    const codes = tally(many);
    expect(codes['201 confirmed']).toBe(4);
    expect((codes['409 too_many_open_launches'] ?? 0) + (codes['409 boat_has_open_launch'] ?? 0)).toBe(96);
    const open = await database.db
      .select()
      .from(launches)
      .where(and(eq(launches.accountId, fleet!.accountId), inArray(launches.status, ['confirmed'])));
    expect(open).toHaveLength(4);
  });

  it('counts the open requests the account has once its lock is granted, not before (decision 035)', async () => {
    // The booking's reads are sent with the lock on the account's row, to run after it on the server. Here a
    // transaction holds that lock and adds the account's fourth open request; the booking sent meanwhile must
    // see it once the holder commits (maxOpenPerAccount is 4), as it would not if the reads ran before the lock.
    const [fleet] = await owners(1, 5);
    const day = '2027-06-05';
    for (const [index, time] of ['10:00', '10:30', '11:00'].entries()) {
      expect(
        (await fleet!.agent.post('/launches', launchBody(901, fleet!.boatIds[index]!, day, time))).statusCode,
      ).toBe(201);
    }
    let booking: Promise<LightMyRequestResponse> | undefined;
    await database.db.transaction(async (tx) => {
      await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, fleet!.accountId)).for('update');
      const start = new Date(slotAt(901, day, '11:30'));
      await tx.insert(launches).values(confirmedRow(fleet!, fleet!.boatIds[3]!, start));
      booking = fleet!.agent.post('/launches', launchBody(901, fleet!.boatIds[4]!, day, '12:00'));
      await waitingForLock();
    });
    const answer = await booking!;
    expect(answer.json().code).toBe('too_many_open_launches');
  });

  it('refuses a booking whose slot a closure takes while it waits for the slot, and keeps nothing of it (decision 035)', async () => {
    // The closure is declared by a transaction holding the slot's row, as staff's does: the booking finds no
    // closure before the lock, waits for the slot, and must see the closure once it holds the slot.
    const [late] = await owners(1);
    const day = '2027-06-05';
    const start = new Date(slotAt(901, day, '16:30'));
    let booking: Promise<LightMyRequestResponse> | undefined;
    await database.db.transaction(async (tx) => {
      await tx.insert(launchSlots).values({ clientId: 901, start }).onConflictDoNothing();
      await tx
        .select()
        .from(launchSlots)
        .where(and(eq(launchSlots.clientId, 901), eq(launchSlots.start, start)))
        .for('update');
      await tx.insert(closures).values({
        clientId: 901,
        startsAt: start,
        endsAt: new Date(start.getTime() + 3600_000),
        reason: 'Temporal de poniente',
        createdAt: clock.now(),
      });
      booking = late!.agent.post('/launches', launchBody(901, late!.boatIds[0]!, day, '16:30', { waitlist: true }));
      await waitingForLock();
    });
    const answer = await booking!;
    expect(answer.statusCode, answer.body).toBe(409);
    expect(answer.json().code).toBe('slot_closed');
    expect(await database.db.select().from(launches).where(eq(launches.accountId, late!.accountId))).toEqual([]);
    const [slot] = await database.db
      .select()
      .from(launchSlots)
      .where(and(eq(launchSlots.clientId, 901), eq(launchSlots.start, start)));
    expect(slot?.held ?? 0).toBe(0);
  });

  it('cancels a booking that held its slot while a closure over it was declared (the closure waits, then sees it)', async () => {
    // A transaction does what a booking does once it has its place (the slot's row held, a place taken, the
    // launch written); staff declare a closure over that slot meanwhile. The booking commits first: the
    // closure must find its launch once it holds the slot, cancel it and give the place back.
    const [holder] = await owners(1);
    const day = '2027-06-05';
    const start = new Date(slotAt(901, day, '18:30'));
    let closure: Promise<LightMyRequestResponse> | undefined;
    await database.db.transaction(async (tx) => {
      await tx
        .insert(launchSlots)
        .values({ clientId: 901, start, held: 1 })
        .onConflictDoUpdate({
          target: [launchSlots.clientId, launchSlots.start],
          set: { held: sql`${launchSlots.held} + 1` },
        });
      await tx.insert(launches).values(confirmedRow(holder!, holder!.boatIds[0]!, start));
      closure = staff.post('/staff/closures', {
        start: slotAt(901, day, '18:30'),
        end: slotAt(901, day, '19:00'),
        reason: 'Avería de la grúa',
      });
      await waitingForLock();
    });
    const declared = await closure!;
    expect(declared.statusCode, declared.body).toBe(201);
    expect(declared.json().cancelledLaunches).toBe(1);
    const [launch] = await database.db.select().from(launches).where(eq(launches.accountId, holder!.accountId));
    expect(launch).toMatchObject({ status: 'cancelled', cancellationReason: 'Avería de la grúa' });
    const [slot] = await database.db
      .select()
      .from(launchSlots)
      .where(and(eq(launchSlots.clientId, 901), eq(launchSlots.start, start)));
    expect(slot!.held).toBe(0);
  });

  it('moves an authorised person’s launch by the period the owner is changing at that moment (docs/product.md §4.8)', async () => {
    // The owner shortens the period in a transaction still open while the person moves their launch past its
    // new end: the move waits for the authorisation and is refused, as it would not be had it read the old one.
    const [lender] = await owners(1);
    const borrower = await personWithAccount(app, database.db, 901, clock.now());
    const authorisation = await activeAuthorisation(
      app,
      lender!.agent,
      authorisationBody(901, lender!.boatIds, { ...invitedAs(borrower) }, clock.now()),
    );
    const booked = await borrower.agent.post('/launches', launchBody(901, lender!.boatIds[0]!, '2027-06-05', '12:30'));
    expect(booked.statusCode, booked.body).toBe(201);
    let move: Promise<LightMyRequestResponse> | undefined;
    await database.db.transaction(async (tx) => {
      await tx.update(authorisations).set({ validTo: '2027-06-06' }).where(eq(authorisations.id, authorisation.id));
      move = borrower.agent.post(`/launches/${booked.json().id}/reschedule`, {
        slotStart: slotAt(901, '2027-06-10', '12:30'),
      });
      await waitingForLock();
    });
    const answer = await move!;
    expect(answer.statusCode, answer.body).toBe(422);
    expect(answer.json().errors.map((error: { code: string }) => error.code)).toContain('outside_authorised_period');
    expect((await borrower.agent.get(`/launches/${booked.json().id}`)).json().slotStart).toBe(
      '2027-06-05T12:30:00+02:00',
    );
  });

  it('gives up on a lock held too long with a 503 that saves nothing; the same call then books (decision 036)', async () => {
    // An instance whose statements wait at most 1 s for a lock. PGlite has one connection, on which a request
    // waits for the transaction ahead of it to end, however long: there is no lock to give up on.
    const impatient = await database.connectAgain({ lockTimeoutMs: 1_000 });
    const otherApp = await createTestServer(impatient, { clock: clock.now });
    try {
      const [person] = await owners(1);
      const there = createAgent(otherApp, 901);
      for (const [name, value] of person!.agent.cookies) there.cookies.set(name, value);
      const key = crypto.randomUUID();
      const body = launchBody(901, person!.boatIds[0]!, '2027-06-05', '17:30');
      let first: Promise<LightMyRequestResponse> | undefined;
      await database.db.transaction(async (tx) => {
        await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, person!.accountId)).for('update');
        first = there.post('/launches', body, { idempotencyKey: key });
        await waitingForLock();
        // Held longer than the other instance waits.
        await new Promise((resolve) => setTimeout(resolve, 2_000));
      });
      const answer = await first!;
      if (database.kind === 'postgres') {
        expect(answer.statusCode, answer.body).toBe(503);
        expect(answer.json().code).toBe('service_unavailable');
        expect(answer.headers['retry-after']).toBe('2');
        expect(await database.db.select().from(launches).where(eq(launches.accountId, person!.accountId))).toEqual([]);
        const again = await there.post('/launches', body, { idempotencyKey: key });
        expect(again.statusCode, again.body).toBe(201);
      } else {
        expect(answer.statusCode, answer.body).toBe(201);
      }
      expect(await database.db.select().from(launches).where(eq(launches.accountId, person!.accountId))).toHaveLength(
        1,
      );
    } finally {
      await otherApp.close();
      await impatient.close();
    }
  });

  it('gives each freed place to exactly one waiting person when 4 holders and staff cancel at once', async () => {
    const holders = await owners(4);
    const held = await Promise.all(
      holders.map((holder) => holder.agent.post('/launches', launchBody(901, holder.boatIds[0]!, DAY, '16:00'))),
    );
    const waiting = await owners(10);
    for (const person of waiting)
      expect(
        (await person.agent.post('/launches', launchBody(901, person.boatIds[0]!, DAY, '16:00', { waitlist: true })))
          .statusCode,
      ).toBe(201);
    const cancellations = await Promise.all([
      ...held
        .slice(0, 2)
        .map((response, index) => holders[index]!.agent.post(`/launches/${response.json().id}/cancel`)),
      ...held
        .slice(2)
        .map((response) => staff.post(`/staff/launches/${response.json().id}/cancel`, { reason: 'Avería de la grúa' })),
    ]);
    expect(cancellations.map((response) => response.statusCode)).toEqual([200, 200, 200, 200]);
    const statuses = (await inSlot('16:00')).map((row) => row.status).sort();
    expect(statuses.filter((status) => status === 'confirmed')).toHaveLength(4);
    expect(statuses.filter((status) => status === 'waitlisted')).toHaveLength(6);
    expect(await heldIn('16:00')).toBe(4);
    const promotedIds = waiting.slice(0, 4).map((person) => person.accountId);
    const told = await database.db
      .select()
      .from(notifications)
      .where(and(inArray(notifications.accountId, promotedIds), eq(notifications.type, 'launch_confirmed')));
    expect(told).toHaveLength(4);
  });

  it('never takes more than the places left when staff confirm, cancel and customers book and move at once', async () => {
    const people = await owners(40);
    const first = await Promise.all(
      people
        .slice(0, 20)
        .map((person) =>
          person.agent.post('/launches', launchBody(901, person.boatIds[0]!, DAY, '17:00', { waitlist: true })),
        ),
    );
    const moves = first
      .filter((response) => response.json().status === 'confirmed')
      .map((response, index) =>
        people[first.indexOf(response)]!.agent.post(`/launches/${response.json().id}/reschedule`, {
          slotStart: slotAt(901, DAY, index % 2 ? '17:30' : '18:00'),
        }),
      );
    const more = people
      .slice(20)
      .map((person, index) =>
        person.agent.post(
          '/launches',
          launchBody(901, person.boatIds[0]!, DAY, ['17:00', '17:30', '18:00'][index % 3]!, { waitlist: true }),
        ),
      );
    await Promise.all([...moves, ...more]);
    for (const time of ['17:00', '17:30', '18:00']) {
      const rows = await inSlot(time);
      const holding = rows.filter((row) => row.status === 'confirmed').length;
      expect(holding, time).toBeLessThanOrEqual(4);
      expect(await heldIn(time), time).toBe(holding);
      // A slot with someone waiting is full: a freed place never stays free while an eligible person waits.
      if (rows.some((row) => row.status === 'waitlisted')) expect(holding, time).toBe(4);
    }
  });
});
