/**
 * A boat staff put in maintenance while a launch of it is still to come (docs/product.md §4.7, decision 057),
 * with a fixed clock (1 June 2027, 08:00 in Madrid): whoever asked for the launch is told at once, in the app and
 * by the marina's channel (SMS at 901), and so is the boat's owner when an authorised person asked; the launch
 * stays as it was. Once per transition into maintenance, never for past or ended launches, never across marinas.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { accounts } from '../accounts/accounts.schema.ts';
import { boats } from '../boats/boats.schema.ts';
import { launches } from '../launches/launches.schema.ts';
import { notifications } from '../notifications/notifications.schema.ts';
import { outboxFor, testClock } from '../test/accounts.ts';
import { activeAuthorisation, authorisationBody, invitedAs, personWithAccount } from '../test/authorisations.ts';
import { eligibleOwner, launchBody, type Owner } from '../test/launches.ts';
import { signInStaff } from '../test/staff.ts';
import type { Agent } from '../test/test-agent.ts';
import { expectProblem, useTestServer } from '../test/test-server.ts';

let database: Database;
let app: FastifyInstance;
let staff901: Agent;
let staff903: Agent;
const clock = testClock(Date.parse('2027-06-01T06:00:00Z'));
const TOMORROW = '2027-06-02';
/** Each test books its own slot: a slot takes four boats. */
const slotWords = (time: string) => `miércoles 2 de junio a las ${time}`;

useTestServer((server) => ({ database, app } = server), { clock: clock.now });

beforeAll(async () => {
  staff901 = await signInStaff(app, 901);
  staff903 = await signInStaff(app, 903);
});

/** An owner of one boat, Gaviota, at marina 901. */
async function ownerOfGaviota(): Promise<Owner> {
  const owner = await eligibleOwner(app, database.db, 901, { now: clock.now() });
  await database.db.update(boats).set({ name: 'Gaviota' }).where(eq(boats.id, owner.boatIds[0]!));
  return owner;
}

async function book(who: Owner, boatId: string, time: string): Promise<{ id: string; status: string }> {
  const response = await who.agent.post('/launches', launchBody(901, boatId, TOMORROW, time));
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const toldOfMaintenance = (who: { accountId: string }) =>
  database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.accountId, who.accountId), eq(notifications.type, 'boat_in_maintenance')));

const smsAbout = async (who: { phone: string }) =>
  (await outboxFor(app, who.phone)).filter((message) => message.text.includes('mantenimiento'));

const intoMaintenance = async (staff: Agent, boatId: string) =>
  staff.patch(`/staff/boats/${boatId}`, { state: 'maintenance' });

describe('a boat put in maintenance with a launch to come', () => {
  it('tells the owner who asked at once, with the boat and the slot in words, and keeps the launch', async () => {
    const owner = await ownerOfGaviota();
    const launch = await book(owner, owner.boatIds[0]!, '09:00');
    expect(launch.status).toBe('confirmed');

    const changed = await intoMaintenance(staff901, owner.boatIds[0]!);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().state).toBe('maintenance');

    const told = await toldOfMaintenance(owner);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      clientId: 901,
      title: 'Tu barco está en mantenimiento',
      body: `El puerto ha puesto Gaviota en mantenimiento. Tu bajada del ${slotWords('09:00')} sigue pedida, pero el barco no podrá bajar al agua mientras siga en mantenimiento. Si tienes dudas, llama al puerto.`,
      link: `/pedidosbajadas/${launch.id}`,
    });
    const sms = await smsAbout(owner);
    expect(sms).toHaveLength(1);
    expect(sms[0]!.text).toMatch(/^Marina de Pruebas SMS: Gaviota está en mantenimiento\. /);
    expect(sms[0]!.text).toContain(slotWords('09:00'));

    // Not cancelled: staff decide. The owner's view of it says the boat may not go down.
    const seen = await owner.agent.get(`/launches/${launch.id}`);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json().status).toBe('confirmed');
  });

  it('tells once: a second change to maintenance, or a change of rack position in it, says nothing more', async () => {
    const owner = await ownerOfGaviota();
    await book(owner, owner.boatIds[0]!, '09:30');
    expect((await intoMaintenance(staff901, owner.boatIds[0]!)).statusCode).toBe(200);
    expect((await intoMaintenance(staff901, owner.boatIds[0]!)).statusCode).toBe(200);
    const moved = await staff901.patch(`/staff/boats/${owner.boatIds[0]!}`, { rackPosition: 'B-12' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await toldOfMaintenance(owner)).toHaveLength(1);
    expect(await smsAbout(owner)).toHaveLength(1);
  });

  it('tells again after the boat came out of maintenance and went back in', async () => {
    const owner = await ownerOfGaviota();
    await book(owner, owner.boatIds[0]!, '10:00');
    expect((await intoMaintenance(staff901, owner.boatIds[0]!)).statusCode).toBe(200);
    const back = await staff901.patch(`/staff/boats/${owner.boatIds[0]!}`, { state: 'in_rack' });
    expect(back.statusCode, back.body).toBe(200);
    expect((await intoMaintenance(staff901, owner.boatIds[0]!)).statusCode).toBe(200);
    expect(await toldOfMaintenance(owner)).toHaveLength(2);
  });

  it('tells once when staff put it in maintenance many times at once (the boat row is locked)', async () => {
    const owner = await ownerOfGaviota();
    await book(owner, owner.boatIds[0]!, '12:00');
    const answers = await Promise.all(Array.from({ length: 12 }, () => intoMaintenance(staff901, owner.boatIds[0]!)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array.from({ length: 12 }, () => 200));
    expect(await toldOfMaintenance(owner)).toHaveLength(1);
  });

  it('says nothing for a boat whose launches have ended or whose slot has passed', async () => {
    const cancelled = await ownerOfGaviota();
    const launch = await book(cancelled, cancelled.boatIds[0]!, '10:30');
    expect((await cancelled.agent.post(`/launches/${launch.id}/cancel`)).statusCode).toBe(200);
    expect((await intoMaintenance(staff901, cancelled.boatIds[0]!)).statusCode).toBe(200);
    expect(await toldOfMaintenance(cancelled)).toHaveLength(0);

    // A launch still confirmed whose slot began an hour ago (the sweep has not ended it yet).
    const past = await ownerOfGaviota();
    const earlier = await book(past, past.boatIds[0]!, '10:30');
    await database.db
      .update(launches)
      .set({ slotStart: new Date(clock.now().getTime() - 3600_000) })
      .where(eq(launches.id, earlier.id));
    expect((await intoMaintenance(staff901, past.boatIds[0]!)).statusCode).toBe(200);
    expect(await toldOfMaintenance(past)).toHaveLength(0);

    const none = await ownerOfGaviota();
    expect((await intoMaintenance(staff901, none.boatIds[0]!)).statusCode).toBe(200);
    expect(await toldOfMaintenance(none)).toHaveLength(0);
    expect(await smsAbout(none)).toHaveLength(0);
  });

  it("refuses another marina's staff (404): the boat stays as it was and nobody is told", async () => {
    const owner = await ownerOfGaviota();
    await book(owner, owner.boatIds[0]!, '11:00');
    expectProblem(await intoMaintenance(staff903, owner.boatIds[0]!), 404, 'not_found');
    const [boat] = await database.db.select({ state: boats.state }).from(boats).where(eq(boats.id, owner.boatIds[0]!));
    expect(boat!.state).toBe('in_rack');
    expect(await toldOfMaintenance(owner)).toHaveLength(0);
    expect(await smsAbout(owner)).toHaveLength(0);
  });

  it('tells the authorised person who asked, and the owner, naming who asked', async () => {
    const owner = await ownerOfGaviota();
    const person = await personWithAccount(app, database.db, 901, clock.now());
    await database.db
      .update(accounts)
      .set({ firstName: 'Marta', surnames: 'Ruiz Soler' })
      .where(eq(accounts.id, person.accountId));
    await activeAuthorisation(
      app,
      owner.agent,
      authorisationBody(901, [owner.boatIds[0]!], { ...invitedAs(person) }, clock.now()),
    );
    const launch = await book(person, owner.boatIds[0]!, '11:30');

    expect((await intoMaintenance(staff901, owner.boatIds[0]!)).statusCode).toBe(200);

    const toPerson = await toldOfMaintenance(person);
    expect(toPerson).toHaveLength(1);
    expect(toPerson[0]).toMatchObject({
      title: 'El barco está en mantenimiento',
      link: `/pedidosbajadas/${launch.id}`,
    });
    expect(toPerson[0]!.body).toContain(`Tu bajada del ${slotWords('11:30')} sigue pedida`);
    const toOwner = await toldOfMaintenance(owner);
    expect(toOwner).toHaveLength(1);
    expect(toOwner[0]).toMatchObject({ title: 'Tu barco está en mantenimiento', link: `/pedidosbajadas/${launch.id}` });
    expect(toOwner[0]!.body).toContain(
      `La bajada que pidió Marta Ruiz Soler para el ${slotWords('11:30')} sigue pedida`,
    );
    expect(await smsAbout(person)).toHaveLength(1);
    expect(await smsAbout(owner)).toHaveLength(1);
    // Both open it: the owner sees a launch an authorised person asked for (decision 033).
    expect((await owner.agent.get(`/launches/${launch.id}`)).statusCode).toBe(200);
    expect((await person.agent.get(`/launches/${launch.id}`)).statusCode).toBe(200);
  });
});
