/**
 * `GET /launch-days`: a range of days at a glance, with a fixed clock: 1 June 2027 at 08:00 in Madrid (marina
 * 901, summer hours 08:00–20:00, 4 places a slot, 120 minutes' lead, 30 days ahead). Each day agrees with what
 * `GET /launch-slots` gives for it.
 */
import { addDays, daysBetween } from '@marina/core/domain/calendar.ts';
import { instantAt, launchDaySummary, slotTimesOn, type LaunchDay } from '@marina/core/domain/launches.ts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { loadClientDirectory } from '../clients/client-directory.ts';
import { clients } from '../clients/clients.schema.ts';
import { testClock } from '../test/accounts.ts';
import { activeAuthorisation, authorisationBody, invitedAs, personWithAccount } from '../test/authorisations.ts';
import { eligibleOwner, launchBody, type Owner } from '../test/launches.ts';
import { signInStaff } from '../test/staff.ts';
import { createAgent } from '../test/test-agent.ts';
import { expectProblem, useTestServer } from '../test/test-server.ts';
import { rangeSlots } from './launch-routes.ts';
import { launchSlots } from './launches.schema.ts';

let database: Database;
let app: FastifyInstance;
const START = Date.parse('2027-06-01T06:00:00Z');
const clock = testClock(START);
const ZONE = 'Europe/Madrid';

useTestServer((server) => ({ database, app } = server), { clock: clock.now });

const owner = (clientId = 901) => eligibleOwner(app, database.db, clientId, { now: clock.now() });

async function days(who: Owner, from: string, to: string, boatId = who.boatIds[0]!) {
  const response = await who.agent.get(`/launch-days?boatId=${boatId}&from=${from}&to=${to}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { timeZone: string; from: string; to: string; days: LaunchDay[] };
}

/** The day as `GET /launch-slots` tells it, summed up by the shared rule. */
async function dayFromSlots(who: Owner, date: string) {
  const response = await who.agent.get(`/launch-slots?boatId=${who.boatIds[0]}&date=${date}`);
  expect(response.statusCode, response.body).toBe(200);
  const day = response.json();
  return { date, hours: day.hours, ...launchDaySummary(day.slots) };
}

/** Every slot of marina 901's `date` holding `held` places, as bookings leave them in the slots' table. */
async function holdEverySlot(date: string, held: number) {
  const starts = slotTimesOn({ timeZone: ZONE, openingHours: client901Hours }, date).map((slot) => slot.start);
  await database.db.insert(launchSlots).values(starts.map((start) => ({ clientId: 901, start, held })));
}

const client901Hours = [
  { from: '04-01', to: '10-31', open: '08:00', close: '20:00' },
  { from: '11-01', to: '03-31', open: '09:00', close: '18:00' },
];

describe('a week at a glance', () => {
  it('gives each day its state, hours and places, as the day’s slots say', async () => {
    const me = await owner();
    // The demo owner's seeded launch holds one place tomorrow at 10:00; one more is booked here.
    expect((await me.agent.post('/launches', launchBody(901, me.boatIds[0]!, '2027-06-03', '12:00'))).statusCode).toBe(
      201,
    );
    await holdEverySlot('2027-06-04', 3);
    await holdEverySlot('2027-06-06', 4);
    const week = await days(me, '2027-06-01', '2027-06-07');
    expect(week).toMatchObject({ timeZone: ZONE, from: '2027-06-01', to: '2027-06-07' });
    expect(week.days.map((day) => day.date)).toEqual([
      '2027-06-01',
      '2027-06-02',
      '2027-06-03',
      '2027-06-04',
      '2027-06-05',
      '2027-06-06',
      '2027-06-07',
    ]);
    const hours = { open: '08:00', close: '20:00' };
    expect(week.days[0]).toEqual({
      date: '2027-06-01',
      state: 'free',
      hours,
      // 10:00 to 20:00: the slots before are within the 120 minutes' lead.
      free: 80,
      bookable: 20,
      closedReason: null,
    });
    expect(week.days[1]).toMatchObject({ state: 'free', free: 95, bookable: 24 });
    expect(week.days[2]).toMatchObject({ state: 'free', free: 95, bookable: 24 });
    expect(week.days[3]).toEqual({
      date: '2027-06-04',
      state: 'few',
      hours,
      free: 24,
      bookable: 24,
      closedReason: null,
    });
    expect(week.days[5]).toEqual({
      date: '2027-06-06',
      state: 'full',
      hours,
      free: 0,
      bookable: 24,
      closedReason: null,
    });
    for (const day of week.days) expect(day).toEqual(await dayFromSlots(me, day.date));
  });

  it('fills a day by bookings until it is full, its waiting lists open', async () => {
    const me = await owner();
    const date = '2027-06-08';
    const slots = slotTimesOn({ timeZone: ZONE, openingHours: client901Hours }, date);
    // Every slot but 08:00 already held by others; 08:00 filled by four real bookings.
    await database.db
      .insert(launchSlots)
      .values(slots.slice(1).map((slot) => ({ clientId: 901, start: slot.start, held: 4 })));
    for (let index = 0; index < 3; index++) {
      const other = await owner();
      expect((await other.agent.post('/launches', launchBody(901, other.boatIds[0]!, date, '08:00'))).statusCode).toBe(
        201,
      );
    }
    expect((await days(me, date, date)).days[0]).toMatchObject({ state: 'few', free: 1, bookable: 24 });
    expect((await me.agent.post('/launches', launchBody(901, me.boatIds[0]!, date, '08:00'))).statusCode).toBe(201);
    expect((await days(me, date, date)).days[0]).toMatchObject({ state: 'full', free: 0, bookable: 24 });
  });

  it('closes a day under a staff closure, saying its reason once, and a day beyond the days ahead', async () => {
    const me = await owner();
    const staff = await signInStaff(app, 901);
    const response = await staff.post('/staff/closures', {
      start: instantAt('2027-06-10', '00:00', ZONE).toISOString(),
      end: instantAt('2027-06-11', '00:00', ZONE).toISOString(),
      reason: 'Regata del puerto',
    });
    expect(response.statusCode, response.body).toBe(201);
    const range = await days(me, '2027-06-10', '2027-07-02');
    expect(range.days[0]).toEqual({
      date: '2027-06-10',
      state: 'closed',
      hours: { open: '08:00', close: '20:00' },
      free: 0,
      bookable: 0,
      closedReason: 'Regata del puerto',
    });
    expect(range.days[1]).toMatchObject({ date: '2027-06-11', state: 'free', closedReason: null });
    // 30 days ahead: 1 July is the last bookable day.
    expect(range.days.at(-2)).toMatchObject({ date: '2027-07-01', state: 'free' });
    expect(range.days.at(-1)).toMatchObject({ date: '2027-07-02', state: 'closed', bookable: 0, closedReason: null });
  });

  it('says past for the days before today and for today once its last slot is too soon', async () => {
    const me = await owner();
    expect((await days(me, '2027-05-31', '2027-05-31')).days[0]).toMatchObject({ state: 'past', bookable: 0 });
    // 20:30 in Madrid: the marina closed (a session of then: the morning's has ended).
    clock.advance(Date.parse('2027-06-01T18:30:00Z') - clock.now().getTime());
    try {
      const [today, tomorrow] = (await days(await owner(), '2027-06-01', '2027-06-02')).days;
      expect(today).toEqual({
        date: '2027-06-01',
        state: 'past',
        hours: { open: '08:00', close: '20:00' },
        free: 0,
        bookable: 0,
        closedReason: null,
      });
      expect(tomorrow).toMatchObject({ state: 'free', bookable: 24 });
    } finally {
      clock.advance(START - clock.now().getTime());
    }
  });

  it('answers one range of the longest length, and 400 naming the field for a wrong one', async () => {
    const me = await owner();
    const longest = await days(me, '2027-06-01', addDays('2027-06-01', 61));
    expect(longest.days).toHaveLength(62);
    expect(daysBetween(longest.days[0]!.date, longest.days.at(-1)!.date)).toBe(61);
    const refused = async (query: string, field: string, message: RegExp) => {
      const response = await me.agent.get(`/launch-days?boatId=${me.boatIds[0]}&${query}`);
      expectProblem(response, 400, 'validation_failed');
      expect(response.json().errors).toEqual([
        expect.objectContaining({ field, message: expect.stringMatching(message) }),
      ]);
    };
    await refused('from=2027-02-30&to=2027-03-02', 'from', /fecha de inicio/);
    await refused('from=2027-06-01&to=mañana', 'to', /fecha de fin/);
    await refused('from=2027-06-05&to=2027-06-04', 'to', /anterior a la de inicio/);
    await refused(`from=2027-06-01&to=${addDays('2027-06-01', 62)}`, 'to', /como mucho 62 días/);
    const missing = await me.agent.get(`/launch-days?boatId=${me.boatIds[0]}&from=2027-06-01`);
    expectProblem(missing, 400, 'validation_failed');
    expect(missing.json().errors).toEqual([expect.objectContaining({ field: 'to' })]);
  });
});

describe('whose boat', () => {
  it('answers a person authorised on the boat as its owner', async () => {
    const boatOwner = await owner();
    const person = await personWithAccount(app, database.db, 901, clock.now());
    expectProblem(
      await person.agent.get(`/launch-days?boatId=${boatOwner.boatIds[0]}&from=2027-06-01&to=2027-06-07`),
      404,
      'not_found',
    );
    await activeAuthorisation(
      app,
      boatOwner.agent,
      authorisationBody(901, [boatOwner.boatIds[0]!], { ...invitedAs(person) }, clock.now()),
    );
    const theirs = await days(person, '2027-06-01', '2027-06-07', boatOwner.boatIds[0]);
    expect(theirs).toEqual(await days(boatOwner, '2027-06-01', '2027-06-07'));
  });

  it('answers 404 for another account’s boat and another marina’s, 401 without a session', async () => {
    const me = await owner();
    const other = await owner();
    expectProblem(
      await me.agent.get(`/launch-days?boatId=${other.boatIds[0]}&from=2027-06-01&to=2027-06-07`),
      404,
      'not_found',
    );
    expectProblem(await me.agent.get(`/launch-days?boatId=not-a-uuid&from=2027-06-01&to=2027-06-07`), 404, 'not_found');
    // Signed in at marina 903 (its X-Client-Id), asking for a boat of 901.
    const elsewhere = await owner(903);
    expectProblem(
      await elsewhere.agent.get(`/launch-days?boatId=${me.boatIds[0]}&from=2027-06-01&to=2027-06-07`),
      404,
      'not_found',
    );
    expectProblem(
      await createAgent(app, 901).get(`/launch-days?boatId=${me.boatIds[0]}&from=2027-06-01&to=2027-06-07`),
      401,
      'unauthenticated',
    );
  });
});

describe('a day the marina does not open', () => {
  it('is closed without a reason, with no hours', async () => {
    // Marina 903's stored hours leave out 15 June, then read again (a staff change of settings reloads them).
    await database.db
      .update(clients)
      .set({
        openingHours: [
          { from: '06-16', to: '10-31', open: '08:00', close: '20:00' },
          { from: '11-01', to: '06-14', open: '09:00', close: '18:00' },
        ],
      })
      .where(eq(clients.id, 903));
    const staff = await signInStaff(app, 903);
    expect((await staff.patch('/staff/settings', { maxOpenPerAccount: 5 })).statusCode).toBe(200);
    const me = await owner(903);
    const [before, closed, after] = (await days(me, '2027-06-14', '2027-06-16')).days;
    expect(before).toMatchObject({ state: 'free', hours: { open: '09:00', close: '18:00' }, bookable: 18 });
    expect(closed).toEqual({
      date: '2027-06-15',
      state: 'closed',
      hours: null,
      free: 0,
      bookable: 0,
      closedReason: null,
    });
    expect(after).toMatchObject({ state: 'free', hours: { open: '08:00', close: '20:00' }, bookable: 24 });
  });
});

describe('the clock changes', () => {
  it('counts each day by the marina’s calendar across the autumn change', async () => {
    clock.advance(Date.parse('2027-10-30T10:00:00Z') - clock.now().getTime());
    try {
      const me = await owner();
      // The first slot of the 31st, 08:00 at +01:00: 07:00 UTC, which is still the 31st in Madrid.
      const booked = await me.agent.post('/launches', launchBody(901, me.boatIds[0]!, '2027-10-31', '08:00'));
      expect(booked.statusCode, booked.body).toBe(201);
      expect(booked.json().slotStart).toBe('2027-10-31T08:00:00+01:00');
      const [saturday, sunday, monday] = (await days(me, '2027-10-30', '2027-11-01')).days;
      // 12:00 now: from 14:00 to 20:00.
      expect(saturday).toMatchObject({ date: '2027-10-30', state: 'free', free: 48, bookable: 12 });
      expect(sunday).toMatchObject({
        date: '2027-10-31',
        hours: { open: '08:00', close: '20:00' },
        free: 95,
        bookable: 24,
      });
      expect(monday).toMatchObject({
        date: '2027-11-01',
        hours: { open: '09:00', close: '18:00' },
        free: 72,
        bookable: 18,
      });
      for (const day of [saturday!, sunday!, monday!]) expect(day).toEqual(await dayFromSlots(me, day.date));
    } finally {
      clock.advance(START - clock.now().getTime());
    }
  });
});

describe('reading a range', () => {
  it('sends the same three queries for a day as for 62 of them', async () => {
    const client = (await loadClientDirectory(database.db)).get(901)!;
    // Every query, a built one or a prepared statement, is prepared by the session for each run.
    const session = database.db._.session;
    const prepare = session.prepareQuery;
    const queries = async (from: string, to: string) => {
      let count = 0;
      session.prepareQuery = ((...args: Parameters<typeof prepare>) => {
        count++;
        return prepare.apply(session, args);
      }) as typeof prepare;
      try {
        const days = await rangeSlots({ db: database.db }, client, from, to, clock.now());
        return { count, days: days.size };
      } finally {
        session.prepareQuery = prepare;
      }
    };
    // Once before counting: a prepared statement is built at its first run.
    await rangeSlots({ db: database.db }, client, '2027-06-02', '2027-06-02', clock.now());
    expect(await queries('2027-06-02', '2027-06-02')).toEqual({ count: 3, days: 1 });
    expect(await queries('2027-06-01', addDays('2027-06-01', 61))).toEqual({ count: 3, days: 62 });
  });
});
