/**
 * Outings at sea (docs/product.md §4.9) through the API with a fixed clock: every rule and refusal, who sees
 * what (decision 030), another account's and another marina's outings (404), and staff's calls.
 */
import { addDays } from '@marina/core/domain/calendar.ts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { accounts } from '../accounts/accounts.schema.ts';
import { authorisations } from '../authorisations/authorisations.schema.ts';
import { outings } from './outings.schema.ts';
import { STRONG_PASSWORD, testClock } from '../test/accounts.ts';
import { passwordHasher } from '../accounts/passwords.ts';
import { activeAuthorisation, authorisationBody, invitedAs, personWithAccount } from '../test/authorisations.ts';
import { eligibleOwner, type Owner } from '../test/launches.ts';
import { launchOf, outingBody, todayAt } from '../test/outings.ts';
import { signInStaff } from '../test/staff.ts';
import type { Agent } from '../test/test-agent.ts';
import { useTestServer } from '../test/test-server.ts';

let database: Database;
let app: FastifyInstance;
// Monday 5 July 2027, 10:00 in Madrid (summer hours: 08:00–20:00).
const clock = testClock(Date.parse('2027-07-05T08:00:00Z'));
const TODAY = '2027-07-05';

useTestServer((server) => ({ database, app } = server), { clock: clock.now });

let staff: Agent;
beforeAll(async () => {
  staff = await signInStaff(app, 901);
});

/** An owner whose boat is in the water today. */
async function afloat(clientId = 901): Promise<Owner> {
  const owner = await eligibleOwner(app, database.db, clientId, { now: clock.now() });
  await launchOf(database.db, clientId, owner.accountId, owner.boatIds[0]!, clock.now());
  return owner;
}

async function logged(owner: Owner, overrides: Record<string, unknown> = {}) {
  const response = await owner.agent.post(
    '/outings',
    outingBody(owner.agent.clientId, owner.boatIds[0]!, clock.now(), overrides),
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

function refusal(response: {
  statusCode: number;
  json(): { code: string; errors?: Array<{ field: string; message: string }> };
}) {
  const body = response.json();
  return { status: response.statusCode, code: body.code, fields: (body.errors ?? []).map((error) => error.field) };
}

/** An owner with an authorised person (who has an account) on their boat, the boat in the water. */
async function withAuthorised() {
  const owner = await afloat();
  const person = await personWithAccount(app, database.db, 901, clock.now());
  const authorisation = await activeAuthorisation(
    app,
    owner.agent,
    authorisationBody(
      901,
      owner.boatIds,
      { ...invitedAs(person), firstName: 'Lucía', surnames: 'Pons Vidal' },
      clock.now(),
    ),
  );
  return { owner, person, authorisation };
}

describe('logging an outing', () => {
  it('logs one on a boat in the water, leaving now, and lists it at sea', async () => {
    const owner = await afloat();
    const outing = await logged(owner);
    expect(outing).toMatchObject({
      boatId: owner.boatIds[0],
      state: 'at_sea',
      departure: '2027-07-05T10:00:00+02:00',
      expectedReturn: '2027-07-05T14:00:00+02:00',
      overdueSince: null,
      returnedAt: null,
      people: 3,
      skipper: { kind: 'owner', authorisationId: null },
      destination: 'Bahía y calas del norte',
      contactPhone: '+34612345678',
      loggedBy: { self: true },
      role: 'owner',
      actions: { return: true, extend: true },
    });
    const list = (await owner.agent.get('/outings')).json();
    expect(list.atSea.map((item: { id: string }) => item.id)).toEqual([outing.id]);
    expect(list.history).toEqual([]);
    expect((await owner.agent.get(`/outings/${outing.id}`)).json()).toEqual(outing);
  });

  it('accepts a boat whose launch of today is confirmed, not one confirmed for tomorrow or without a launch', async () => {
    const confirmed = await eligibleOwner(app, database.db, 901, { now: clock.now() });
    await launchOf(database.db, 901, confirmed.accountId, confirmed.boatIds[0]!, clock.now(), {
      status: 'confirmed',
      date: TODAY,
      time: '11:00',
    });
    await logged(confirmed, { departure: todayAt(901, '10:30', clock.now()) });

    const tomorrow = await eligibleOwner(app, database.db, 901, { now: clock.now() });
    await launchOf(database.db, 901, tomorrow.accountId, tomorrow.boatIds[0]!, clock.now(), {
      status: 'confirmed',
      date: addDays(TODAY, 1),
      time: '11:00',
    });
    const none = await eligibleOwner(app, database.db, 901, { now: clock.now() });
    for (const owner of [tomorrow, none]) {
      expect(refusal(await owner.agent.post('/outings', outingBody(901, owner.boatIds[0]!, clock.now())))).toEqual({
        status: 422,
        code: 'boat_not_in_water',
        fields: ['boatId'],
      });
    }
  });

  it('refuses a second outing at sea for the same boat, and allows one after the return', async () => {
    const owner = await afloat();
    const first = await logged(owner);
    expect(refusal(await owner.agent.post('/outings', outingBody(901, owner.boatIds[0]!, clock.now())))).toEqual({
      status: 409,
      code: 'boat_already_at_sea',
      fields: ['boatId'],
    });
    expect((await owner.agent.post(`/outings/${first.id}/return`)).json()).toMatchObject({
      state: 'returned',
      returnedBy: 'customer',
      actions: { return: false },
    });
    await logged(owner);
  });

  it('wants the return later today by closing, unless the marina allows overnight outings', async () => {
    const owner = await afloat();
    const body = (expectedReturn: string) => outingBody(901, owner.boatIds[0]!, clock.now(), { expectedReturn });
    expect(refusal(await owner.agent.post('/outings', body(todayAt(901, '20:01', clock.now()))))).toEqual({
      status: 422,
      code: 'return_after_closing',
      fields: ['expectedReturn'],
    });
    expect(refusal(await owner.agent.post('/outings', body('2027-07-06T09:00:00+02:00')))).toEqual({
      status: 422,
      code: 'return_after_closing',
      fields: ['expectedReturn'],
    });
    expect(refusal(await owner.agent.post('/outings', body(todayAt(901, '09:59', clock.now()))))).toEqual({
      status: 422,
      code: 'return_in_past',
      fields: ['expectedReturn'],
    });
    expect(
      refusal(
        await owner.agent.post('/outings', {
          ...body(todayAt(901, '09:00', clock.now())),
          departure: todayAt(901, '09:30', clock.now()),
        }),
      ),
    ).toEqual({
      status: 400,
      code: 'validation_failed',
      fields: ['expectedReturn'],
    });
    expect(
      refusal(
        await owner.agent.post('/outings', {
          ...body(todayAt(901, '12:00', clock.now())),
          departure: todayAt(901, '11:01', clock.now()),
        }),
      ),
    ).toEqual({
      status: 422,
      code: 'departure_invalid',
      fields: ['departure'],
    });
    expect(
      refusal(
        await owner.agent.post('/outings', {
          ...body(todayAt(901, '09:30', clock.now())),
          departure: todayAt(901, '09:00', clock.now()),
        }),
      ),
    ).toEqual({
      status: 422,
      code: 'return_in_past',
      fields: ['expectedReturn'],
    });
    // Marina 903 allows overnight outings: a return tomorrow is fine, one beyond 72 hours is not.
    const desk = await signInStaff(app, 903);
    expect((await desk.patch('/staff/settings', { allowOvernight: true })).statusCode).toBe(200);
    const night = await afloat(903);
    const nightBody = (expectedReturn: string) => outingBody(903, night.boatIds[0]!, clock.now(), { expectedReturn });
    expect(refusal(await night.agent.post('/outings', nightBody('2027-07-08T10:01:00+02:00')))).toEqual({
      status: 422,
      code: 'outing_too_long',
      fields: ['expectedReturn'],
    });
    expect((await night.agent.post('/outings', nightBody('2027-07-06T12:00:00+02:00'))).statusCode).toBe(201);
  });

  it('names every wrong field in Spanish and saves nothing', async () => {
    const owner = await afloat();
    const response = await owner.agent.post('/outings', {
      boatId: owner.boatIds[0],
      people: 0,
      skipper: 'x',
      destination: '',
      contactPhone: '912345678',
    });
    expect(response.statusCode).toBe(400);
    expect(
      response.json().errors.map((error: { field: string; message: string }) => [error.field, error.message]),
    ).toEqual(
      expect.arrayContaining([
        ['expectedReturn', 'Elige la hora de vuelta prevista.'],
        ['people', 'Al menos 1.'],
        ['skipper', 'Elige uno de la lista.'],
        ['destination', 'Escribe el destino o la zona de navegación.'],
        ['contactPhone', 'Un móvil español empieza por 6 o 7.'],
      ]),
    );
    expect(await database.db.select().from(outings).where(eq(outings.accountId, owner.accountId))).toEqual([]);
  });

  it('refuses a boat the person may not use today (an expired insurance) with the reasons', async () => {
    const owner = await afloat();
    const { boats } = await import('../boats/boats.schema.ts');
    await database.db
      .update(boats)
      .set({ insuranceExpiresOn: addDays(TODAY, -1) })
      .where(eq(boats.id, owner.boatIds[0]!));
    expect(refusal(await owner.agent.post('/outings', outingBody(901, owner.boatIds[0]!, clock.now())))).toEqual({
      status: 422,
      code: 'not_eligible',
      fields: ['boatId'],
    });
    // The form's options say it too, with each reason's code, so the app weighs it (blocking, not waiting).
    const options = (await owner.agent.get('/outing-options')).json();
    expect(options.boats[0]).toMatchObject({
      canLog: false,
      refusals: [
        {
          code: 'not_eligible',
          text: 'Seguro caducado',
          reasons: [{ code: 'insurance_expired', text: 'Seguro caducado' }],
        },
      ],
    });
  });
});

describe('skippers and authorised persons', () => {
  it('lets the owner name an active authorised person, and an authorised person log on the boat skippering themselves', async () => {
    const { owner, person, authorisation } = await withAuthorised();
    const byOwner = await logged(owner, { skipper: authorisation.id });
    expect(byOwner.skipper).toEqual({
      kind: 'authorised',
      authorisationId: authorisation.id,
      firstName: 'Lucía',
      surnames: 'Pons Vidal',
    });
    // The skipper sees it and may mark the return.
    const seen = (await person.agent.get('/outings')).json();
    expect(
      seen.atSea.map((item: { id: string; role: string; actions: object }) => [item.id, item.role, item.actions]),
    ).toEqual([[byOwner.id, 'authorised', { return: true, extend: true }]]);
    expect((await person.agent.post(`/outings/${byOwner.id}/return`)).statusCode).toBe(200);

    const response = await person.agent.post(
      '/outings',
      outingBody(901, owner.boatIds[0]!, clock.now(), { skipper: authorisation.id }),
    );
    expect(response.statusCode, response.body).toBe(201);
    // The owner sees it, read-only (decision 030).
    const ownerView = (await owner.agent.get(`/outings/${response.json().id}`)).json();
    expect(ownerView).toMatchObject({
      role: 'owner',
      loggedBy: { self: false },
      actions: { return: false, extend: false },
    });
    expect(refusal(await owner.agent.post(`/outings/${response.json().id}/return`))).toMatchObject({
      status: 403,
      code: 'forbidden',
    });
    expect((await person.agent.post(`/outings/${response.json().id}/return`)).statusCode).toBe(200);
  });

  it('refuses a skipper with an expired licence, a suspended authorisation, or one not on the boat', async () => {
    const { owner, authorisation } = await withAuthorised();
    await database.db
      .update(authorisations)
      .set({ licenceExpiresOn: addDays(TODAY, -1) })
      .where(eq(authorisations.id, authorisation.id));
    const body = (skipper: string) => outingBody(901, owner.boatIds[0]!, clock.now(), { skipper });
    const expired = await owner.agent.post('/outings', body(authorisation.id));
    expect(refusal(expired)).toEqual({ status: 422, code: 'skipper_not_allowed', fields: ['skipper'] });
    expect(expired.json().detail).toBe('Su titulación náutica está caducada.');

    const other = await withAuthorised();
    expect(
      (await other.owner.agent.post(`/authorisations/${other.authorisation.id}/suspend`, { reason: 'Revisión' }))
        .statusCode,
    ).toBe(200);
    const suspended = await other.owner.agent.post(
      '/outings',
      outingBody(901, other.owner.boatIds[0]!, clock.now(), { skipper: other.authorisation.id }),
    );
    expect(refusal(suspended)).toEqual({ status: 422, code: 'skipper_not_allowed', fields: ['skipper'] });
    expect(suspended.json().detail).toBe('Su autorización está suspendida.');
    // The suspended person may not log one on that boat either.
    expect(
      refusal(
        await other.person.agent.post(
          '/outings',
          outingBody(901, other.owner.boatIds[0]!, clock.now(), { skipper: other.authorisation.id }),
        ),
      ),
    ).toMatchObject({
      status: 422,
      code: 'not_eligible',
    });
    // Another boat's authorisation is no skipper here.
    expect(refusal(await owner.agent.post('/outings', body(other.authorisation.id)))).toEqual({
      status: 422,
      code: 'skipper_not_allowed',
      fields: ['skipper'],
    });
  });

  it('offers the form each usable boat, why it may not go out, and its skippers', async () => {
    const { owner, person, authorisation } = await withAuthorised();
    const options = (await owner.agent.get('/outing-options')).json();
    expect(options).toMatchObject({
      timeZone: 'Europe/Madrid',
      today: TODAY,
      closesAt: '2027-07-05T20:00:00+02:00',
      allowOvernight: false,
      contactPhone: owner.phone,
    });
    expect(options.boats).toHaveLength(1);
    expect(options.boats[0]).toMatchObject({
      boatId: owner.boatIds[0],
      role: 'owner',
      canLog: true,
      refusals: [],
      launchToday: { status: 'in_water' },
    });
    expect(
      options.boats[0].skippers.map((option: { skipper: string; available: boolean }) => [
        option.skipper,
        option.available,
      ]),
    ).toEqual([
      ['owner', true],
      [authorisation.id, true],
    ]);
    await logged(owner);
    const after = (await person.agent.get('/outing-options')).json();
    expect(after.boats[0]).toMatchObject({
      role: 'authorised',
      canLog: false,
      refusals: [{ code: 'boat_already_at_sea' }],
    });
    expect(after.boats[0].skippers.map((option: { skipper: string }) => option.skipper)).toEqual([
      'owner',
      authorisation.id,
    ]);
  });
});

describe('an account with an outing at sea', () => {
  it('is kept while an outing it logged, or one on its boats, is at sea, so the alarm stays; deleted once it is back', async () => {
    const { owner, person, authorisation } = await withAuthorised();
    for (const who of [owner, person]) {
      await database.db
        .update(accounts)
        .set({ passwordHash: await passwordHasher.hash(STRONG_PASSWORD) })
        .where(eq(accounts.id, who.accountId));
    }
    const outing = (
      await person.agent.post(
        '/outings',
        outingBody(901, owner.boatIds[0]!, clock.now(), { skipper: authorisation.id }),
      )
    ).json();
    // The person who logged it, and the boat's owner: neither may go while the boat is out.
    for (const who of [person, owner]) {
      const refused = await who.agent.delete('/me', { password: STRONG_PASSWORD, confirm: true });
      expect(refusal(refused)).toMatchObject({ status: 409, code: 'outing_at_sea' });
      expect(refused.json().detail).toContain('salida en el mar');
    }
    expect((await staff.get('/staff/outings')).json().outings.map((item: { id: string }) => item.id)).toContain(
      outing.id,
    );
    expect((await person.agent.post(`/outings/${outing.id}/return`)).statusCode).toBe(200);
    expect((await owner.agent.delete('/me', { password: STRONG_PASSWORD, confirm: true })).statusCode).toBe(204);
    expect(await database.db.select().from(outings).where(eq(outings.id, outing.id))).toEqual([]);
  });
});

describe('returns and extensions', () => {
  it('extends to a later time the same day, not an earlier one nor after closing', async () => {
    const owner = await afloat();
    const outing = await logged(owner);
    const extend = (expectedReturn: string) => owner.agent.post(`/outings/${outing.id}/extend`, { expectedReturn });
    expect(refusal(await extend(todayAt(901, '13:00', clock.now())))).toEqual({
      status: 422,
      code: 'extend_not_later',
      fields: ['expectedReturn'],
    });
    expect(refusal(await extend(todayAt(901, '20:30', clock.now())))).toEqual({
      status: 422,
      code: 'return_after_closing',
      fields: ['expectedReturn'],
    });
    expect((await extend(todayAt(901, '17:00', clock.now()))).json()).toMatchObject({
      state: 'at_sea',
      expectedReturn: '2027-07-05T17:00:00+02:00',
    });
    expect((await owner.agent.post(`/outings/${outing.id}/return`)).statusCode).toBe(200);
    expect(refusal(await owner.agent.post(`/outings/${outing.id}/return`))).toMatchObject({
      status: 409,
      code: 'state_conflict',
    });
    expect(refusal(await extend(todayAt(901, '18:00', clock.now())))).toMatchObject({
      status: 409,
      code: 'state_conflict',
    });
    const list = (await owner.agent.get('/outings')).json();
    expect(list).toMatchObject({
      atSea: [],
      history: [{ id: outing.id, state: 'returned', returnedAt: '2027-07-05T10:00:00+02:00' }],
    });
  });

  it("answers 404 for another account's outing and another marina's", async () => {
    const owner = await afloat();
    const outing = await logged(owner);
    const stranger = await eligibleOwner(app, database.db, 901, { now: clock.now() });
    const elsewhere = await eligibleOwner(app, database.db, 903, { now: clock.now() });
    for (const agent of [stranger.agent, elsewhere.agent]) {
      expect((await agent.get(`/outings/${outing.id}`)).statusCode).toBe(404);
      expect((await agent.post(`/outings/${outing.id}/return`)).statusCode).toBe(404);
      expect(
        (await agent.post(`/outings/${outing.id}/extend`, { expectedReturn: todayAt(901, '16:00', clock.now()) }))
          .statusCode,
      ).toBe(404);
      expect((await agent.get('/outings')).json()).toEqual({ atSea: [], history: [], next: null });
      // Nor may they log one on that boat.
      expect((await agent.post('/outings', outingBody(901, owner.boatIds[0]!, clock.now()))).statusCode).toBe(404);
    }
    expect((await owner.agent.get(`/outings/${outing.id}`)).json().state).toBe('at_sea');
  });
});

describe('staff', () => {
  it('lists the day by state and marks a return; customers get 403 and another marina finds nothing', async () => {
    const owner = await afloat();
    const outing = await logged(owner);
    const list = (await staff.get('/staff/outings?state=at_sea')).json();
    expect(list.date).toBe(TODAY);
    const mine = list.outings.find((item: { id: string }) => item.id === outing.id);
    expect(mine).toMatchObject({
      state: 'at_sea',
      owner: { id: owner.accountId, phone: owner.phone },
      loggedBy: { id: owner.accountId },
    });
    expect(mine.boatRegistration).toEqual(expect.any(String));
    expect((await owner.agent.get('/staff/outings')).statusCode).toBe(403);
    expect((await owner.agent.post(`/staff/outings/${outing.id}/return`)).statusCode).toBe(403);
    const otherDesk = await signInStaff(app, 902);
    expect(
      (await otherDesk.get('/staff/outings')).json().outings.some((item: { id: string }) => item.id === outing.id),
    ).toBe(false);
    expect((await otherDesk.post(`/staff/outings/${outing.id}/return`)).statusCode).toBe(404);

    expect((await staff.post(`/staff/outings/${outing.id}/return`)).json()).toMatchObject({
      state: 'returned',
      returnedBy: 'staff',
    });
    expect((await staff.post(`/staff/outings/${outing.id}/return`)).statusCode).toBe(409);
    expect(
      (await staff.get('/staff/outings?state=at_sea'))
        .json()
        .outings.some((item: { id: string }) => item.id === outing.id),
    ).toBe(false);
    expect(
      (await staff.get(`/staff/outings?state=returned&date=${TODAY}`))
        .json()
        .outings.some((item: { id: string }) => item.id === outing.id),
    ).toBe(true);
    expect((await staff.get('/staff/outings?date=2027-13-01')).statusCode).toBe(400);
  });

  it("erases an account's outings with it", async () => {
    const owner = await afloat();
    await logged(owner);
    const { eraseAccountData } = await import('../db/account-erasure.ts');
    // The boat is in the water: its launch holds no place that someone could be waiting for.
    const promoteWaiting = async () => expect.unreachable('no place is freed');
    await database.db.transaction((tx) => eraseAccountData(tx, owner.accountId, { now: clock.now(), promoteWaiting }));
    expect(await database.db.select().from(outings).where(eq(outings.accountId, owner.accountId))).toEqual([]);
    expect(await database.db.select().from(accounts).where(eq(accounts.id, owner.accountId))).toHaveLength(1);
  });
});
