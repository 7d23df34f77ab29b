/**
 * Whose an authorisation is (docs/product.md §4.8, decision 038): it attaches to the one account that proved the
 * phone or e-mail the owner typed, with the same document, and to nothing that only shares the document. The
 * attack of issue 19 (a stranger registering with the person's document), each way an account comes to prove
 * the contact (registration, the e-mail's link, a contact change, an account there before the validation), the
 * owner's notice, other accounts and other marinas, and the deletion of the attached account.
 */
import type { Card } from '@marina/core/domain/cards.ts';
import { randomUUID } from 'node:crypto';
import { addDays } from '@marina/core/domain/calendar.ts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { passwordHasher } from '../accounts/passwords.ts';
import type { Database } from '../db/database.ts';
import { accounts } from '../accounts/accounts.schema.ts';
import { authorisations } from './authorisations.schema.ts';
import { launchSlots } from '../launches/launches.schema.ts';
import { notifications } from '../notifications/notifications.schema.ts';
import {
  confirmEmail,
  latestCode,
  newPerson,
  outboxFor,
  registerAccount,
  STRONG_PASSWORD,
  testClock,
  type PersonData,
} from '../test/accounts.ts';
import { activeAuthorisation, authorisationBody, invitedAs, personWithAccount } from '../test/authorisations.ts';
import { dayFromToday } from '../test/boats.ts';
import { eligibleOwner, launchBody, slotAt, type Owner } from '../test/launches.ts';
import type { Agent } from '../test/test-agent.ts';
import { useTestServer } from '../test/test-server.ts';

let database: Database;
let app: FastifyInstance;
const clock = testClock(Date.parse('2027-06-01T06:00:00Z'));
const DAY = '2027-06-03';

useTestServer((server) => ({ database, app } = server), { clock: clock.now });

const owner = (clientId = 901) => eligibleOwner(app, database.db, clientId, { now: clock.now() });
const body = (clientId: number, boatIds: string[], overrides: Record<string, unknown> = {}) =>
  authorisationBody(clientId, boatIds, overrides, clock.now());

/** As `validar-datos` leaves an account: data confirmed now, document valid for years (so only the authorisation decides). */
async function confirmData(accountId: string) {
  await database.db
    .update(accounts)
    .set({ dataValidatedAt: clock.now(), documentExpiresOn: addDays(dayFromToday(901, 0, clock.now()), 2000) })
    .where(eq(accounts.id, accountId));
}

/** Registers through the API (register, code, activation), confirms the data, and answers the signed-in agent. */
async function register(clientId: number, person: PersonData, options: { confirmEmail?: boolean } = {}) {
  const registered = await registerAccount(app, clientId, person, STRONG_PASSWORD, options);
  await confirmData(registered.accountId);
  return registered;
}

/** An authorisation validated by the owner with the code the person at `invited` received, before any account has it. */
async function authorised(from: Owner, invited: Record<string, unknown> = {}, clientId = 901) {
  const input = body(clientId, from.boatIds, invited);
  const active = await activeAuthorisation(app, from.agent, input, clientId !== 902);
  return { input, id: active.id as string };
}

const boatsOf = async (agent: Agent) => (await agent.get('/boats')).json().boats.map((boat: { id: string }) => boat.id);
const cardOf = async (agent: Agent): Promise<Card> => (await agent.get('/card')).json();
const attachedTo = async (id: string) =>
  (await database.db.select().from(authorisations).where(eq(authorisations.id, id)))[0]!.personAccountId;
const ownerNotices = async (from: Owner, type: string) =>
  (
    await database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.accountId, from.accountId), eq(notifications.type, type as never)))
  ).map((row) => row.body);

/** What a person with the authorisation's boat may do, as the person and at the gate. */
async function expectUses(agent: Agent, boatId: string, time: string) {
  expect(await boatsOf(agent)).toEqual([boatId]);
  const booked = await agent.post('/launches', launchBody(901, boatId, DAY, time));
  expect(booked.statusCode, booked.body).toBe(201);
  const card = await cardOf(agent);
  expect(card.boats.map((boat) => boat.id)).toEqual([boatId]);
  expect(card.verdict.valid).toBe(true);
  return booked.json().id as string;
}

/** A person the authorisation does not reach: no boat, booking and the day's grid not found, no green card. */
async function expectNothing(agent: Agent, boatId: string) {
  expect(await boatsOf(agent)).toEqual([]);
  const booking = await agent.post('/launches', launchBody(901, boatId, DAY, '10:00'));
  expect(booking.statusCode, booking.body).toBe(404);
  expect((await agent.get(`/launch-slots?boatId=${boatId}&date=${DAY}`)).statusCode).toBe(404);
  expect((await agent.get(`/boats/${boatId}`)).statusCode).toBe(404);
  const card = await cardOf(agent);
  expect(card.boats).toEqual([]);
  expect(card.verdict.valid).toBe(false);
}

describe('a stranger registering with the person’s document (issue 19)', () => {
  it('gets nothing: no boat, no booking (404), no green card; the owner sees no account on it', async () => {
    const lender = await owner();
    // The owner authorised a person who has no account yet; the person gave the owner the code from their phone.
    const { input, id } = await authorised(lender);
    // A stranger registers with that document and their own phone and e-mail, and confirms their data.
    const stranger = await register(
      901,
      newPerson({ document: input.document, firstName: 'Eve', surnames: 'Intrusa' }),
    );
    await expectNothing(stranger.agent, lender.boatIds[0]!);
    expect(await attachedTo(id)).toBeNull();
    expect((await lender.agent.get(`/authorisations/${id}`)).json()).toMatchObject({ state: 'active', account: null });
    expect(await ownerNotices(lender, 'authorisation_attached')).toEqual([]);
  });

  it('gets nothing either when their account is there before the owner validates', async () => {
    const lender = await owner();
    const input = body(901, lender.boatIds);
    const stranger = await register(901, newPerson({ document: input.document }));
    const created = await lender.agent.post('/authorisations', input);
    expect(created.statusCode, created.body).toBe(201);
    const validated = await lender.agent.post(`/authorisations/${created.json().id}/validate`, {
      code: await latestCode(app, input.phone),
    });
    expect(validated.statusCode, validated.body).toBe(200);
    expect(validated.json().account).toBeNull();
    await expectNothing(stranger.agent, lender.boatIds[0]!);
  });
});

describe('the person who proves the contact the owner typed', () => {
  it('registering afterwards with the document and that phone (an SMS marina) gets the boat, books and has a green card; the owner is told the account’s name', async () => {
    const lender = await owner();
    const { input, id } = await authorised(lender);
    // Their own e-mail, not the one the owner typed, and never confirmed: the phone's code is the proof.
    const real = await register(
      901,
      newPerson({ document: input.document, phone: input.phone, firstName: 'Tomás', surnames: 'Ferrer Gil' }),
      { confirmEmail: false },
    );
    expect(await attachedTo(id)).toBe(real.accountId);
    await expectUses(real.agent, lender.boatIds[0]!, '10:00');
    expect((await lender.agent.get(`/authorisations/${id}`)).json().account).toEqual({
      firstName: 'Tomás',
      surnames: 'Ferrer Gil',
    });
    const [notice] = await ownerNotices(lender, 'authorisation_attached');
    expect(notice).toContain('Tomás Ferrer Gil');
    expect(notice).toContain(`${input.firstName} ${input.surnames}`);
    const [sms] = await outboxFor(app, lender.phone);
    expect(sms!.text).toContain('Tomás Ferrer Gil');
  });

  it('with an account there before (an e-mail marina, its e-mail the one typed) is attached at the validation, and the owner is told at once', async () => {
    const lender = await owner(902);
    const someone = await personWithAccount(app, database.db, 902, clock.now());
    const { id } = await authorised(lender, invitedAs(someone), 902);
    expect(await attachedTo(id)).toBe(someone.accountId);
    expect(await boatsOf(someone.agent)).toEqual(lender.boatIds);
    expect(await ownerNotices(lender, 'authorisation_attached')).toHaveLength(1);
    // The owner learns of the account only here, once the person gave the code: the answer to adding said nothing.
    expect((await lender.agent.get(`/authorisations/${id}`)).json().account).toMatchObject({ firstName: 'Lucía' });
  });

  it('once they confirm, by its link, the e-mail the owner typed (an SMS marina, their phone another one)', async () => {
    const lender = await owner();
    const { input, id } = await authorised(lender);
    const real = await register(901, newPerson({ document: input.document, email: input.email }), {
      confirmEmail: false,
    });
    await expectNothing(real.agent, lender.boatIds[0]!);
    const confirmed = await confirmEmail(real.agent, app, input.email);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await attachedTo(id)).toBe(real.accountId);
    await expectUses(real.agent, lender.boatIds[0]!, '11:00');
  });

  it('once they change their e-mail to the one typed and confirm it with its code (an e-mail marina)', async () => {
    const lender = await owner(902);
    const someone = await personWithAccount(app, database.db, 902, clock.now());
    const typed = `buzon.${randomUUID().slice(0, 8)}@correo.example`;
    // The right document and the account's phone, which an e-mail marina never proved: not enough.
    const { id } = await authorised(lender, { document: someone.document, phone: someone.phone, email: typed }, 902);
    expect(await attachedTo(id)).toBeNull();
    expect(await boatsOf(someone.agent)).toEqual([]);
    const [me] = await database.db.select().from(accounts).where(eq(accounts.id, someone.accountId));
    const changed = await someone.agent.patch(
      '/me',
      { firstName: me!.firstName, surnames: me!.surnames, email: typed, phone: someone.phone },
      { idempotencyKey: randomUUID() },
    );
    expect(changed.statusCode, changed.body).toBe(200);
    const [change] = changed.json().pendingChanges;
    const confirmed = await someone.agent.post(`/me/contact-changes/${change.changeId}/confirm`, {
      code: await latestCode(app, typed),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await attachedTo(id)).toBe(someone.accountId);
    expect(await boatsOf(someone.agent)).toEqual(lender.boatIds);
    expect(await ownerNotices(lender, 'authorisation_attached')).toHaveLength(1);
  });
});

describe('accounts the authorisation never reaches', () => {
  it('another document with the proven phone, and the document with the phone at another marina; then the person’s own account takes it', async () => {
    const lender = await owner();
    const { input, id } = await authorised(lender);
    const samePhone = await register(901, newPerson({ phone: input.phone }));
    await expectNothing(samePhone.agent, lender.boatIds[0]!);
    const elsewhere = await register(
      903,
      newPerson({ document: input.document, phone: input.phone, email: input.email }),
    );
    expect(await boatsOf(elsewhere.agent)).toEqual([]);
    expect(
      (await elsewhere.agent.post('/launches', launchBody(903, lender.boatIds[0]!, DAY, '10:00'))).statusCode,
    ).toBe(404);
    expect(await attachedTo(id)).toBeNull();
    // The person's own account, with the document and the phone, is the one it reaches; the others still see nothing.
    const real = await register(901, newPerson({ document: input.document, phone: input.phone }));
    expect(await attachedTo(id)).toBe(real.accountId);
    expect(await boatsOf(real.agent)).toEqual(lender.boatIds);
    expect(await boatsOf(samePhone.agent)).toEqual([]);
    expect(await boatsOf(elsewhere.agent)).toEqual([]);
  });

  it('a pending authorisation stays unattached even for the account with the document and contact', async () => {
    const lender = await owner();
    const someone = await personWithAccount(app, database.db, 901, clock.now());
    const created = await lender.agent.post('/authorisations', body(901, lender.boatIds, invitedAs(someone)));
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().account).toBeNull();
    expect(await attachedTo(created.json().id)).toBeNull();
    expect(await boatsOf(someone.agent)).toEqual([]);
  });
});

describe('the attached account’s deletion', () => {
  it('ends the authorisation, cancels its open launches (the places freed), tells the owner; registering again with the document and contact gets nothing', async () => {
    const lender = await owner();
    const someone = await personWithAccount(app, database.db, 901, clock.now());
    const { id } = await authorised(lender, invitedAs(someone));
    const launchId = await expectUses(someone.agent, lender.boatIds[0]!, '12:00');
    const held = async () =>
      (
        await database.db
          .select()
          .from(launchSlots)
          .where(and(eq(launchSlots.clientId, 901), eq(launchSlots.start, new Date(slotAt(901, DAY, '12:00')))))
      )[0]!.held;
    const before = await held();
    await database.db
      .update(accounts)
      .set({ passwordHash: await passwordHasher.hash(STRONG_PASSWORD) })
      .where(eq(accounts.id, someone.accountId));
    expect((await someone.agent.delete('/me', { password: STRONG_PASSWORD, confirm: true })).statusCode).toBe(204);

    const seen = (await lender.agent.get(`/authorisations/${id}`)).json();
    expect(seen).toMatchObject({ state: 'ended', account: null });
    expect(await held()).toBe(before - 1);
    // The owner no longer has it among the launches on their boats, and is told why.
    expect(
      (await lender.agent.get('/launches')).json().upcoming.map((launch: { id: string }) => launch.id),
    ).not.toContain(launchId);
    const [notice] = await ownerNotices(lender, 'authorisation_ended');
    expect(notice).toContain('ha borrado su cuenta');
    expect(notice).toContain('Se ha anulado la bajada que tenía pedida.');
    // Over for good: not rescheduled, not reactivated, not revived by a new account with the same document and e-mail.
    expect(
      (
        await lender.agent.post(`/authorisations/${id}/reschedule`, {
          validFrom: dayFromToday(901, 0, clock.now()),
          validTo: null,
        })
      ).statusCode,
    ).toBe(409);
    expect((await lender.agent.post(`/authorisations/${id}/reactivate`)).statusCode).toBe(409);
    const again = await register(
      901,
      newPerson({ document: someone.document, email: someone.email, phone: someone.phone }),
    );
    await expectNothing(again.agent, lender.boatIds[0]!);
    expect((await lender.agent.get(`/authorisations/${id}`)).json()).toMatchObject({ state: 'ended', account: null });
    // The owner may authorise them again: a new authorisation, which the new account proves.
    await authorised(lender, { document: someone.document, phone: someone.phone, email: someone.email });
    expect(await boatsOf(again.agent)).toEqual(lender.boatIds);
  });
});

beforeAll(() => {
  expect(DAY > dayFromToday(901, 0, clock.now())).toBe(true);
});
