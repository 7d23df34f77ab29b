/**
 * Authorised persons (docs/product.md §4.8): every rule and refusal of the owner's calls, what the person sees
 * in `GET /boats`, and booking by the person under the authorisation's reasons (§4.13).
 */
import { addDays } from '@marina/core/domain/calendar.ts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { accounts } from '../accounts/accounts.schema.ts';
import { authorisations } from './authorisations.schema.ts';
import { boats } from '../boats/boats.schema.ts';
import { launches, launchSlots } from '../launches/launches.schema.ts';
import { notifications } from '../notifications/notifications.schema.ts';
import { latestCode, outboxFor, STRONG_PASSWORD, testClock } from '../test/accounts.ts';
import { activeAuthorisation, authorisationBody, invitedAs, personWithAccount } from '../test/authorisations.ts';
import { dayFromToday } from '../test/boats.ts';
import { eligibleOwner, launchBody, slotAt } from '../test/launches.ts';
import { passwordHasher } from '../accounts/passwords.ts';
import { DEMO_AUTHORISED_ACCOUNT, DEMO_AUTHORISED_BOAT } from '../db/seed.ts';
import { createAgent } from '../test/test-agent.ts';
import { PROBLEM_JSON, useTestServer } from '../test/test-server.ts';
import { expireAuthorisations } from './authorisation-expiry.ts';

let database: Database;
let app: FastifyInstance;
const clock = testClock(Date.parse('2027-06-01T06:00:00Z'));
const DAY = '2027-06-03';

useTestServer((server) => ({ database, app } = server), { clock: clock.now });

const owner = (clientId = 901, boatCount = 1) =>
  eligibleOwner(app, database.db, clientId, { boatCount, now: clock.now() });
const person = (clientId = 901) => personWithAccount(app, database.db, clientId, clock.now());
const body = (clientId: number, boatIds: string[], overrides: Record<string, unknown> = {}) =>
  authorisationBody(clientId, boatIds, overrides, clock.now());
const today = (clientId = 901) => dayFromToday(clientId, 0, clock.now());

describe('adding an authorised person', () => {
  it('keeps it pending and sends the person a code by SMS (an SMS marina), masked in the answer, with how to register', async () => {
    const { agent, boatIds } = await owner();
    const input = body(901, boatIds, { validTo: null });
    const response = await agent.post('/authorisations', input);
    expect(response.statusCode, response.body).toBe(201);
    const added = response.json();
    expect(added).toMatchObject({
      firstName: 'Marta',
      document: input.document,
      phone: input.phone,
      state: 'pending',
      validFrom: today(),
      validTo: null,
      boats: [{ id: boatIds[0] }],
      code: { channel: 'sms' },
    });
    expect(added.code.destination).toMatch(/^\+34 7•• ••• •\d\d$/);
    const [message] = await outboxFor(app, input.phone);
    expect(message!.channel).toBe('sms');
    expect(message!.text).toContain(message!.code!);
    expect(message!.text).toContain('registrándote, con tu mismo documento y este teléfono');
  });

  it('answers and words the code alike whether or not the document has an account at the marina (docs/product.md §7.4)', async () => {
    // The owner chooses where the message goes (their own address, say): neither it nor the answer may tell.
    const { agent, boatIds } = await owner(902);
    const known = await person(902);
    const contact = { phone: '+34699000111', email: 'dueno.curioso@correo.example' };
    const withAccount = await agent.post(
      '/authorisations',
      body(902, [boatIds[0]!], { ...contact, document: known.document, firstName: 'Ana', surnames: 'Ríos Mar' }),
    );
    expect(withAccount.statusCode, withAccount.body).toBe(201);
    const [first] = await outboxFor(app, contact.email);
    expect((await agent.post(`/authorisations/${withAccount.json().id}/withdraw`)).statusCode).toBe(204);
    const stranger = body(902, [boatIds[0]!], { ...contact, firstName: 'Ana', surnames: 'Ríos Mar' });
    const withoutAccount = await agent.post('/authorisations', stranger);
    expect(withoutAccount.statusCode, withoutAccount.body).toBe(201);
    const second = (await outboxFor(app, contact.email)).find((message) => message.code !== first!.code);
    const keys = (answer: Record<string, unknown>) => Object.keys(answer).sort();
    expect(keys(withAccount.json())).toEqual(keys(withoutAccount.json()));
    const same = (text: string, code: string, document: string) =>
      text.replace(code, 'CODE').replace(document, 'DOCUMENT');
    expect(same(second!.text, second!.code!, stranger.document)).toBe(same(first!.text, first!.code!, known.document));
  });

  it('sends the code by e-mail where the marina does not send SMS', async () => {
    const { agent, boatIds } = await owner(902);
    const input = body(902, boatIds);
    const response = await agent.post('/authorisations', input);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().code).toMatchObject({
      channel: 'email',
      destination: expect.stringMatching(/^l•••@correo\.example$/),
    });
    const [message] = await outboxFor(app, input.email);
    expect(message!.text).toContain(
      `con una cuenta que tenga este mismo documento (${input.document}) y este correo; si aún no la tienes, regístrate con ellos.`,
    );
  });

  it('refuses a licence that expires inside the period, naming the field', async () => {
    const { agent, boatIds } = await owner();
    const input = body(901, boatIds);
    const response = await agent.post('/authorisations', {
      ...input,
      licence: { ...input.licence, expiresOn: addDays(input.validTo as string, -1) },
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(PROBLEM_JSON);
    expect(response.json().errors).toEqual([
      expect.objectContaining({
        field: 'licence.expiresOn',
        message: 'La titulación caduca antes de que termine el periodo autorizado.',
      }),
    ]);
    expect(await database.db.select().from(authorisations).where(eq(authorisations.document, input.document))).toEqual(
      [],
    );
  });

  it('refuses a bad document as registration does, and the owner authorising themselves', async () => {
    const { agent, boatIds, accountId } = await owner();
    const bad = await agent.post('/authorisations', body(901, boatIds, { document: '12345678A' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([
      expect.objectContaining({ field: 'document', message: 'La letra no corresponde al número. Revísalo.' }),
    ]);
    const [me] = await database.db.select().from(accounts).where(eq(accounts.id, accountId));
    const self = await agent.post('/authorisations', body(901, boatIds, { document: me!.document }));
    expect(self.statusCode).toBe(422);
    expect(self.json()).toMatchObject({ code: 'authorising_self', errors: [{ field: 'document' }] });
  });

  it('lets at most maxAuthorisedPerBoat pending or active persons on a boat; a suspended one frees a place', async () => {
    const { agent, boatIds } = await owner(901, 2);
    const first = await activeAuthorisation(app, agent, body(901, [boatIds[0]!]));
    for (let index = 1; index < 5; index++)
      expect((await agent.post('/authorisations', body(901, [boatIds[0]!]))).statusCode).toBe(201);
    const sixth = await agent.post('/authorisations', body(901, boatIds));
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json()).toMatchObject({ code: 'authorisation_limit_reached', errors: [{ field: 'boatIds' }] });
    // Nothing half saved: the other boat got nobody either.
    expect((await agent.get(`/authorisations?boatId=${boatIds[1]}`)).json().authorisations).toEqual([]);
    expect((await agent.post(`/authorisations/${first.id}/suspend`, { reason: 'De viaje' })).statusCode).toBe(200);
    expect((await agent.post('/authorisations', body(901, [boatIds[0]!]))).statusCode).toBe(201);
    // Reactivating it would make six: refused until a place frees.
    const back = await agent.post(`/authorisations/${first.id}/reactivate`);
    expect(back.statusCode).toBe(409);
    expect(back.json().code).toBe('authorisation_limit_reached');
  });

  it('refuses the same document twice on one boat, but not on another boat', async () => {
    const { agent, boatIds } = await owner(901, 2);
    const input = body(901, [boatIds[0]!]);
    expect((await agent.post('/authorisations', input)).statusCode).toBe(201);
    const twice = await agent.post('/authorisations', { ...input, document: input.document.toLowerCase() });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('authorisation_duplicate');
    expect((await agent.post('/authorisations', { ...input, boatIds: [boatIds[1]] })).statusCode).toBe(201);
  });

  it("refuses another owner's boat, and a boat of another marina, as not found", async () => {
    const { agent } = await owner();
    const other = await owner();
    const response = await agent.post('/authorisations', body(901, other.boatIds));
    expect(response.statusCode).toBe(404);
    expect(response.json().errors).toEqual([expect.objectContaining({ field: 'boatIds' })]);
    const elsewhere = await owner(903);
    expect((await agent.post('/authorisations', body(901, elsewhere.boatIds))).statusCode).toBe(404);
  });
});

describe('validating with the code the person received', () => {
  it('activates it once; the code of another authorisation does not work', async () => {
    const { agent, boatIds } = await owner(901, 2);
    const a = body(901, [boatIds[0]!]);
    const b = body(901, [boatIds[1]!]);
    const idA = (await agent.post('/authorisations', a)).json().id;
    const idB = (await agent.post('/authorisations', b)).json().id;
    const codeA = await latestCode(app, a.phone);
    const wrong = await agent.post(`/authorisations/${idB}/validate`, { code: codeA });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().code).toBe('code_invalid');
    const right = await agent.post(`/authorisations/${idA}/validate`, { code: codeA });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json()).toMatchObject({ state: 'active', code: null });
    expect(right.json().validatedAt).toBeTruthy();
    const again = await agent.post(`/authorisations/${idA}/validate`, { code: codeA });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('state_conflict');
  });

  it('gives 5 tries, then asks for a new code; a resend waits 60 s and kills the old code', async () => {
    const { agent, boatIds } = await owner();
    const input = body(901, boatIds);
    const id = (await agent.post('/authorisations', input)).json().id;
    const old = await latestCode(app, input.phone);
    const wrongCode = old === '000000' ? '111111' : '000000';
    for (let index = 0; index < 4; index++)
      expect((await agent.post(`/authorisations/${id}/validate`, { code: wrongCode })).json().code).toBe(
        'code_invalid',
      );
    expect((await agent.post(`/authorisations/${id}/validate`, { code: wrongCode })).json().code).toBe(
      'code_attempts_exceeded',
    );
    expect((await agent.post(`/authorisations/${id}/validate`, { code: old })).statusCode).toBe(429);
    const tooSoon = await agent.post(`/authorisations/${id}/resend`);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().code).toBe('resend_too_soon');
    clock.advance(61_000);
    const resent = await agent.post(`/authorisations/${id}/resend`);
    expect(resent.statusCode, resent.body).toBe(202);
    expect(resent.json().code.channel).toBe('sms');
    const fresh = await latestCode(app, input.phone);
    if (fresh !== old)
      expect((await agent.post(`/authorisations/${id}/validate`, { code: old })).json().code).toBe('code_invalid');
    expect((await agent.post(`/authorisations/${id}/validate`, { code: fresh })).statusCode).toBe(200);
  });

  it('lets a code expire after 10 minutes', async () => {
    const { agent, boatIds } = await owner();
    const input = body(901, boatIds);
    const id = (await agent.post('/authorisations', input)).json().id;
    const code = await latestCode(app, input.phone);
    clock.advance(10 * 60_000 + 1000);
    const late = await agent.post(`/authorisations/${id}/validate`, { code });
    expect(late.statusCode).toBe(410);
    expect(late.json().code).toBe('code_expired');
  });
});

describe("another owner's authorisations and other marinas", () => {
  it('answers 404 for every call on an authorisation that is not the caller’s', async () => {
    const { agent, boatIds } = await owner();
    const active = await activeAuthorisation(app, agent, body(901, boatIds));
    const intruder = await owner();
    for (const [method, path, payload] of [
      ['get', `/authorisations/${active.id}`, undefined],
      ['post', `/authorisations/${active.id}/validate`, { code: '123456' }],
      ['post', `/authorisations/${active.id}/resend`, undefined],
      ['post', `/authorisations/${active.id}/suspend`, { reason: 'x' }],
      ['post', `/authorisations/${active.id}/reactivate`, undefined],
      ['post', `/authorisations/${active.id}/reschedule`, { validFrom: today(), validTo: null }],
      ['post', `/authorisations/${active.id}/withdraw`, undefined],
    ] as const) {
      const response = method === 'get' ? await intruder.agent.get(path) : await intruder.agent.post(path, payload);
      expect(response.statusCode, `${method} ${path}`).toBe(404);
    }
    expect((await intruder.agent.get('/authorisations')).json().authorisations).toEqual([]);
    expect((await intruder.agent.get('/authorisations/not-a-uuid')).statusCode).toBe(404);
    expect((await agent.get(`/authorisations/${active.id}`)).json().state).toBe('active');
  });

  it("answers 404 to an owner of another marina asking for this marina's authorisation", async () => {
    const { agent, boatIds } = await owner();
    const active = await activeAuthorisation(app, agent, body(901, boatIds));
    const elsewhere = await owner(903);
    expect((await elsewhere.agent.get(`/authorisations/${active.id}`)).statusCode).toBe(404);
    expect((await elsewhere.agent.post(`/authorisations/${active.id}/suspend`, {})).statusCode).toBe(404);
    expect((await elsewhere.agent.get(`/authorisations?boatId=${boatIds[0]}`)).json().authorisations).toEqual([]);
  });

  it('never crosses marinas: a person with the same document at another marina sees nothing', async () => {
    const here = await person(901);
    const there = await person(903);
    // The same document and contact at marina 903, proven there: still nothing here.
    await database.db
      .update(accounts)
      .set({ ...invitedAs(here) })
      .where(eq(accounts.id, there.accountId));
    const { agent, boatIds } = await owner();
    await activeAuthorisation(app, agent, body(901, boatIds, { ...invitedAs(here) }));
    expect((await here.agent.get('/boats')).json().boats.map((boat: { id: string }) => boat.id)).toEqual(boatIds);
    expect((await there.agent.get('/boats')).json().boats).toEqual([]);
    const booking = await there.agent.post('/launches', launchBody(903, boatIds[0]!, DAY, '10:00'));
    expect(booking.statusCode).toBe(404);
  });
});

describe('the authorised person', () => {
  it('sees the boat in GET /boats with role authorised and may book inside the period; the owner sees role owner', async () => {
    const someone = await person();
    const { agent, boatIds } = await owner();
    await activeAuthorisation(app, agent, body(901, boatIds, { ...invitedAs(someone) }));
    const [mine] = (await agent.get('/boats')).json().boats;
    expect(mine).toMatchObject({ role: 'owner', authorisation: null });
    const [theirs] = (await someone.agent.get('/boats')).json().boats;
    expect(theirs).toMatchObject({
      id: boatIds[0],
      role: 'authorised',
      // The owner's policy and terms stay the owner's (decision 026).
      insurance: null,
      contract: null,
      eligibility: { eligible: true, reasons: [] },
      authorisation: { state: 'active', validFrom: today(), owner: { firstName: 'Lucía' }, licence: { type: 'per' } },
    });
    // Its detail too, read only: every change and the certificate stay the owner's.
    expect((await someone.agent.get(`/boats/${boatIds[0]}`)).json()).toMatchObject({
      id: boatIds[0],
      role: 'authorised',
      insurance: null,
      contract: null,
    });
    expect((await agent.get(`/boats/${boatIds[0]}`)).json().insurance).toMatchObject({ insurer: expect.any(String) });
    expect((await someone.agent.patch(`/boats/${boatIds[0]}`, { name: 'Mío' })).statusCode).toBe(404);
    expect((await someone.agent.get(`/boats/${boatIds[0]}/insurance-certificate`)).statusCode).toBe(404);
    expect((await (await person()).agent.get(`/boats/${boatIds[0]}`)).statusCode).toBe(404);
    // The person's notification about the validation.
    expect(
      (await database.db.select().from(notifications).where(eq(notifications.accountId, someone.accountId))).map(
        (row) => row.type,
      ),
    ).toContain('authorisation_validated');
    const slots = await someone.agent.get(`/launch-slots?boatId=${boatIds[0]}&date=${DAY}`);
    expect(slots.statusCode).toBe(200);
    expect(slots.json().eligibility.eligible).toBe(true);
    const booked = await someone.agent.post('/launches', launchBody(901, boatIds[0]!, DAY, '10:00'));
    expect(booked.statusCode, booked.body).toBe(201);
    const [row] = await database.db.select().from(launches).where(eq(launches.id, booked.json().id));
    expect(row).toMatchObject({ accountId: someone.accountId, boatId: boatIds[0] });
    expect(row!.authorisationId).toBeTruthy();
    // The owner's list has it too, saying who asked (decision 033; launch-owner-view.test.ts); the person's has it as their own.
    expect((await agent.get('/launches')).json().upcoming.map((launch: { id: string }) => launch.id)).toEqual([
      booked.json().id,
    ]);
    expect((await someone.agent.get('/launches')).json().upcoming).toHaveLength(1);
    expect((await someone.agent.get(`/launches/${booked.json().id}`)).statusCode).toBe(200);
  });

  it('is refused a slot outside the period with "outside the authorised period"', async () => {
    const someone = await person();
    const { agent, boatIds } = await owner();
    await activeAuthorisation(app, agent, body(901, boatIds, { ...invitedAs(someone), validTo: today() }));
    const response = await someone.agent.post('/launches', launchBody(901, boatIds[0]!, DAY, '10:00'));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      code: 'not_eligible',
      errors: [{ field: 'boatId', code: 'outside_authorised_period' }],
    });
    // The day's grid says so too; today's does not.
    expect(
      (await someone.agent.get(`/launch-slots?boatId=${boatIds[0]}&date=${DAY}`))
        .json()
        .eligibility.reasons.map((reason: { code: string }) => reason.code),
    ).toEqual(['outside_authorised_period']);
    expect(
      (await someone.agent.get(`/launch-slots?boatId=${boatIds[0]}&date=${today()}`)).json().eligibility.eligible,
    ).toBe(true);
  });

  it('is refused with "authorisation suspended" once suspended, and books again once reactivated', async () => {
    const someone = await person();
    const { agent, boatIds } = await owner();
    const active = await activeAuthorisation(app, agent, body(901, boatIds, { ...invitedAs(someone) }));
    const suspended = await agent.post(`/authorisations/${active.id}/suspend`, { reason: ' No devolvió las llaves ' });
    expect(suspended.json()).toMatchObject({ state: 'suspended', suspensionReason: 'No devolvió las llaves' });
    const [boat] = (await someone.agent.get('/boats')).json().boats;
    expect(boat).toMatchObject({
      role: 'authorised',
      authorisation: { state: 'suspended', suspensionReason: 'No devolvió las llaves' },
    });
    expect(boat.eligibility.reasons.map((reason: { code: string }) => reason.code)).toEqual([
      'authorisation_suspended',
    ]);
    const refused = await someone.agent.post('/launches', launchBody(901, boatIds[0]!, DAY, '10:30'));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.map((error: { code: string }) => error.code)).toEqual(['authorisation_suspended']);
    expect((await agent.post(`/authorisations/${active.id}/suspend`, {})).statusCode).toBe(409);
    expect((await agent.post(`/authorisations/${active.id}/reactivate`)).json().state).toBe('active');
    expect((await someone.agent.post('/launches', launchBody(901, boatIds[0]!, DAY, '10:30'))).statusCode).toBe(201);
  });

  it("is blocked by the owner's own standing and the boat's (contract, insurance), with no fix to offer", async () => {
    const someone = await person();
    const { agent, boatIds, accountId } = await owner();
    await activeAuthorisation(app, agent, body(901, boatIds, { ...invitedAs(someone) }));
    await database.db
      .update(boats)
      .set({ insuranceExpiresOn: addDays(today(), -1) })
      .where(eq(boats.id, boatIds[0]!));
    await database.db.update(accounts).set({ dataValidatedAt: null }).where(eq(accounts.id, accountId));
    const [boat] = (await someone.agent.get('/boats')).json().boats;
    expect(boat.eligibility.reasons).toEqual([
      { code: 'owner_not_eligible', text: 'El propietario tiene trámites pendientes', fix: null },
      { code: 'insurance_expired', text: 'Seguro caducado', fix: null },
    ]);
    const refused = await someone.agent.post('/launches', launchBody(901, boatIds[0]!, DAY, '11:00'));
    expect(refused.json().errors.map((error: { code: string }) => error.code)).toEqual([
      'owner_not_eligible',
      'insurance_expired',
    ]);
  });

  it('is refused with "licence expired" once the authorisation\'s licence has run out', async () => {
    const someone = await person();
    const { agent, boatIds } = await owner();
    const active = await activeAuthorisation(app, agent, body(901, boatIds, { ...invitedAs(someone), validTo: null }));
    await database.db
      .update(authorisations)
      .set({ licenceExpiresOn: addDays(today(), -1) })
      .where(eq(authorisations.id, active.id));
    const refused = await someone.agent.post('/launches', launchBody(901, boatIds[0]!, DAY, '11:30'));
    expect(refused.json().errors.map((error: { code: string }) => error.code)).toEqual(['authorised_licence_expired']);
  });

  it('a pending authorisation gives nothing: no boat, booking is 404', async () => {
    const someone = await person();
    const { agent, boatIds } = await owner();
    expect((await agent.post('/authorisations', body(901, boatIds, { ...invitedAs(someone) }))).statusCode).toBe(201);
    expect((await someone.agent.get('/boats')).json().boats).toEqual([]);
    expect((await someone.agent.post('/launches', launchBody(901, boatIds[0]!, DAY, '12:00'))).statusCode).toBe(404);
  });
});

describe('the demo authorised person', () => {
  it("signs in with their own account and sees the demo owner's Brisa as authorised, ready to use", async () => {
    const agent = createAgent(app, 901);
    const { email, password } = DEMO_AUTHORISED_ACCOUNT(901);
    expect((await agent.post('/session', { identifier: email, password })).statusCode).toBe(200);
    const listed = (await agent.get('/boats')).json().boats;
    expect(
      listed.map((boat: { name: string; role: string; eligibility: { eligible: boolean } }) => [
        boat.name,
        boat.role,
        boat.eligibility.eligible,
      ]),
    ).toEqual([[DEMO_AUTHORISED_BOAT, 'authorised', true]]);
    expect(listed[0].authorisation).toMatchObject({ state: 'active', validTo: null, owner: { firstName: 'Elena' } });
  });
});

describe('suspension', () => {
  it("cancels the person's open requests at once, promotes whoever waits for the freed place, and tells the person", async () => {
    const someone = await person();
    const { agent, boatIds } = await owner();
    const active = await activeAuthorisation(app, agent, body(901, boatIds, { ...invitedAs(someone) }));
    // The slot at 13:00 fills: three owners and the authorised person (slotCapacity 4), then one more waits.
    const others = await Promise.all([owner(), owner(), owner(), owner()]);
    for (const other of others.slice(0, 3))
      expect((await other.agent.post('/launches', launchBody(901, other.boatIds[0]!, DAY, '13:00'))).statusCode).toBe(
        201,
      );
    const mine = await someone.agent.post('/launches', launchBody(901, boatIds[0]!, DAY, '13:00'));
    expect(mine.json().status).toBe('confirmed');
    const waiting = await others[3]!.agent.post(
      '/launches',
      launchBody(901, others[3]!.boatIds[0]!, DAY, '13:00', { waitlist: true }),
    );
    expect(waiting.json().status).toBe('waitlisted');

    const response = await agent.post(`/authorisations/${active.id}/suspend`, { reason: 'Revisión del motor' });
    expect(response.statusCode, response.body).toBe(200);
    const cancelled = (await someone.agent.get(`/launches/${mine.json().id}`)).json();
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      cancellationReason: 'Autorización suspendida por el propietario: Revisión del motor',
    });
    expect((await others[3]!.agent.get(`/launches/${waiting.json().id}`)).json().status).toBe('confirmed');
    const [slot] = await database.db
      .select()
      .from(launchSlots)
      .where(and(eq(launchSlots.clientId, 901), eq(launchSlots.start, new Date(slotAt(901, DAY, '13:00')))));
    expect(slot!.held).toBe(4);
    const told = await database.db.select().from(notifications).where(eq(notifications.accountId, someone.accountId));
    expect(told.map((row) => row.type)).toContain('authorisation_suspended');
    const [sms] = await outboxFor(
      app,
      (await database.db.select().from(authorisations).where(eq(authorisations.id, active.id)))[0]!.phone,
    );
    expect(sms!.text).toContain('Revisión del motor');
  });
});

describe("the owner's account deletion", () => {
  it('erases their authorisations and the launches others asked for on their boats, giving the places to who waits', async () => {
    const someone = await person();
    const { agent, boatIds, accountId } = await owner();
    const active = await activeAuthorisation(app, agent, body(901, boatIds, { ...invitedAs(someone) }));
    const booked = await someone.agent.post('/launches', launchBody(901, boatIds[0]!, DAY, '16:00'));
    expect(booked.statusCode, booked.body).toBe(201);
    const held = async () =>
      (
        await database.db
          .select()
          .from(launchSlots)
          .where(and(eq(launchSlots.clientId, 901), eq(launchSlots.start, new Date(slotAt(901, DAY, '16:00')))))
      )[0]!.held;
    // The slot is full around the person's place, and someone waits for it.
    for (let left = 4 - (await held()); left > 0; left--) {
      const other = await owner();
      expect((await other.agent.post('/launches', launchBody(901, other.boatIds[0]!, DAY, '16:00'))).statusCode).toBe(
        201,
      );
    }
    const waiting = await owner();
    const waited = await waiting.agent.post('/launches', {
      ...launchBody(901, waiting.boatIds[0]!, DAY, '16:00'),
      waitlist: true,
    });
    expect(waited.json()).toMatchObject({ status: 'waitlisted' });
    await database.db
      .update(accounts)
      .set({ passwordHash: await passwordHasher.hash(STRONG_PASSWORD) })
      .where(eq(accounts.id, accountId));
    expect((await agent.delete('/me', { password: STRONG_PASSWORD, confirm: true })).statusCode).toBe(204);
    expect((await waiting.agent.get(`/launches/${waited.json().id}`)).json()).toMatchObject({ status: 'confirmed' });
    expect(await held()).toBe(4);
    expect(await database.db.select().from(authorisations).where(eq(authorisations.id, active.id))).toEqual([]);
    expect(await database.db.select().from(launches).where(eq(launches.id, booked.json().id))).toEqual([]);
    expect((await someone.agent.get('/boats')).json().boats).toEqual([]);
    // The person's own account is untouched.
    expect((await database.db.select().from(accounts).where(eq(accounts.id, someone.accountId)))[0]!.status).toBe(
      'active',
    );
  });
});

describe('period', () => {
  it('reschedules, refusing a period the licence does not cover; a shorter period cancels launches outside it', async () => {
    const someone = await person();
    const { agent, boatIds } = await owner();
    const input = body(901, boatIds, {
      ...invitedAs(someone),
      validTo: null,
      licence: { type: 'pnb', number: 'PNB-1', expiresOn: addDays(today(), 30) },
    });
    const active = await activeAuthorisation(app, agent, input);
    const launch = await someone.agent.post('/launches', launchBody(901, boatIds[0]!, DAY, '14:00'));
    expect(launch.statusCode, launch.body).toBe(201);
    const tooLong = await agent.post(`/authorisations/${active.id}/reschedule`, {
      validFrom: today(),
      validTo: addDays(today(), 31),
    });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json()).toMatchObject({ code: 'licence_expires_in_period', errors: [{ field: 'validTo' }] });
    const shorter = await agent.post(`/authorisations/${active.id}/reschedule`, {
      validFrom: today(),
      validTo: today(),
    });
    expect(shorter.statusCode, shorter.body).toBe(200);
    expect(shorter.json()).toMatchObject({ validTo: today(), state: 'active' });
    expect((await someone.agent.get(`/launches/${launch.json().id}`)).json().status).toBe('cancelled');
    // A licence that has run out covers no period from today on, even one said to have begun before it ran out.
    await database.db
      .update(authorisations)
      .set({ licenceExpiresOn: addDays(today(), -1) })
      .where(eq(authorisations.id, active.id));
    const lapsed = await agent.post(`/authorisations/${active.id}/reschedule`, {
      validFrom: addDays(today(), -10),
      validTo: null,
    });
    expect(lapsed.statusCode, lapsed.body).toBe(422);
    expect(lapsed.json().code).toBe('licence_expires_in_period');
  });

  it('expires once the period ends (the job, run again harmlessly), and a new end makes it active again', async () => {
    const someone = await person();
    const { agent, boatIds } = await owner();
    const active = await activeAuthorisation(
      app,
      agent,
      body(901, boatIds, { ...invitedAs(someone), validTo: today() }),
    );
    const later = new Date(clock.now().getTime() + 2 * 86_400_000);
    expect(await expireAuthorisations(database.db, later)).toBeGreaterThanOrEqual(1);
    expect(await expireAuthorisations(database.db, later)).toBe(0);
    const [row] = await database.db.select().from(authorisations).where(eq(authorisations.id, active.id));
    expect(row!.state).toBe('expired');
    expect((await agent.get(`/authorisations/${active.id}`)).json().state).toBe('expired');
    // An expired authorisation shows no boat; booking says why.
    expect((await someone.agent.get('/boats')).json().boats).toEqual([]);
    const refused = await someone.agent.post('/launches', launchBody(901, boatIds[0]!, DAY, '15:00'));
    expect(refused.json().errors.map((error: { code: string }) => error.code)).toEqual(['outside_authorised_period']);
    const back = await agent.post(`/authorisations/${active.id}/reschedule`, {
      validFrom: today(),
      validTo: addDays(today(), 30),
    });
    expect(back.json().state).toBe('active');
    expect((await someone.agent.post('/launches', launchBody(901, boatIds[0]!, DAY, '15:00'))).statusCode).toBe(201);
  });

  it('lists by boat', async () => {
    const { agent, boatIds } = await owner(901, 2);
    await agent.post('/authorisations', body(901, [boatIds[0]!]));
    await agent.post('/authorisations', body(901, boatIds));
    expect((await agent.get('/authorisations')).json().authorisations).toHaveLength(2);
    expect((await agent.get(`/authorisations?boatId=${boatIds[1]}`)).json().authorisations).toHaveLength(1);
    expect((await agent.get('/authorisations?boatId=nope')).json().authorisations).toEqual([]);
  });
});

beforeAll(() => {
  expect(DAY > today()).toBe(true);
});
