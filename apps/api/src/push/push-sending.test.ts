/**
 * Sending Web Push (decision 061) to a fake push service the test starts (HTTPS on 127.0.0.1, its own
 * certificate), with browsers whose keys the test made: a staff confirmation arrives as a push that decrypts to
 * the lock-screen words and carries a VAPID signature of this deployment for that service; 410 drops the
 * subscription, 500 is tried again, 403 is given up; each kind goes as the person chose, and the overdue-outing
 * alert always, in its urgent lane. Fixed clock: 5 July 2027, 10:00 in Madrid.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import webPush from 'web-push';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jobs } from '../jobs/jobs.schema.ts';
import { notifications } from '../notifications/notifications.schema.ts';
import { outbox } from '../outbox/outbox.schema.ts';
import type { Transport } from '../outbox/transports.ts';
import { testClock } from '../test/accounts.ts';
import { dayFromToday, insuranceUntil, requestNewBoat } from '../test/boats.ts';
import { activeAuthorisation, authorisationBody, invitedAs, personWithAccount } from '../test/authorisations.ts';
import {
  startFakePushService,
  vapidClaims,
  type FakeBrowser,
  type FakePushService,
} from '../test/fake-push-service.ts';
import { eligibleOwner, launchBody, type Owner } from '../test/launches.ts';
import { launchOf, outingBody, todayAt } from '../test/outings.ts';
import { signInStaff } from '../test/staff.ts';
import type { Agent } from '../test/test-agent.ts';
import { openTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { createTestServer, keptLog } from '../test/test-server.ts';
import { webPushTransport } from './push-sending.ts';
import { pushMessages, pushSubscriptions } from './push.schema.ts';

let database: TestDatabase;
let app: FastifyInstance;
let service: FakePushService;
let staff: Agent;
const clock = testClock(Date.parse('2027-07-05T08:00:00Z'));
const DAY = '2027-07-06';
const vapid = { ...webPush.generateVAPIDKeys(), subject: 'mailto:avisos@marina.example' };

const quiet: Transport = { name: 'quiet', send: async () => undefined };
const log = keptLog();

beforeAll(async () => {
  service = await startFakePushService();
  database = await openTestDatabase();
  app = await createTestServer(database, {
    clock: clock.now,
    config: { vapid, logLevel: 'warn' },
    logStream: log.stream,
    transports: { email: quiet, sms: quiet, push: webPushTransport(vapid, { agent: service.agent }) },
  });
  staff = await signInStaff(app, 901);
  // Staff confirm each request by hand.
  expect((await staff.patch('/staff/settings', { manualApproval: true })).statusCode).toBe(200);
});

afterAll(async () => {
  await app.close();
  await database.close();
  await service.close();
});

beforeEach(() => {
  service.answer = () => 201;
});

const owner = (boatCount = 1) => eligibleOwner(app, database.db, 901, { now: clock.now(), boatCount });

async function subscribed(who: Owner): Promise<FakeBrowser> {
  const browser = service.browser();
  expect((await who.agent.post('/push/subscriptions', browser.subscription)).statusCode).toBe(204);
  return browser;
}

async function choose(who: Owner, kind: string, channel: string) {
  const response = await who.agent.put(
    '/notification-preferences',
    Buffer.from(JSON.stringify({ kind, channel })),
    'application/json',
  );
  expect(response.statusCode, response.body).toBe(200);
}

async function requested(who: Owner, time: string, boat = 0) {
  const response = await who.agent.post('/launches', launchBody(901, who.boatIds[boat]!, DAY, time));
  expect(response.statusCode, response.body).toBe(201);
  expect(response.json().status).toBe('pending');
  return response.json() as { id: string };
}

async function confirmed(who: Owner, time: string, boat = 0) {
  const launch = await requested(who, time, boat);
  const response = await staff.post(`/staff/launches/${launch.id}/confirm`);
  expect(response.statusCode, response.body).toBe(200);
  return launch;
}

const pushesTo = (browser: FakeBrowser) =>
  service.received.filter((push) => browser.subscription.endpoint.endsWith(push.path));
const texted = async (who: Owner) =>
  (await database.db.select().from(outbox).where(eq(outbox.destination, who.phone))).length;
const waitingFor = (who: Owner) =>
  database.db.select().from(pushMessages).where(eq(pushMessages.accountId, who.accountId));
const subscriptionsOf = (who: Owner) =>
  database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.accountId, who.accountId));

describe('a push', () => {
  it('arrives when staff confirm a launch, decrypts to the lock-screen words and is signed for the push service', async () => {
    const me = await owner();
    const browser = await subscribed(me);
    const launch = await confirmed(me, '10:00');
    await app.jobs.runDue();

    const [push, ...more] = pushesTo(browser);
    expect(more).toEqual([]);
    expect(push!.status).toBe(201);
    expect(JSON.parse(browser.read(push!))).toEqual({
      title: 'Bajada confirmada',
      body: 'Tu bajada del martes 6 de julio a las 10:00 está confirmada.',
      url: `/pedidosbajadas/${launch.id}`,
      tag: `launch-${launch.id}`,
      kind: 'launch_confirmed',
      at: clock.now().toISOString(),
    });
    expect(push!.headers).toMatchObject({
      'content-encoding': 'aes128gcm',
      ttl: String(24 * 60 * 60),
      urgency: 'normal',
    });
    // No topic: a push service would keep the last sent of a topic, which need not be the newest.
    expect(push!.headers.topic).toBeUndefined();
    const claims = vapidClaims(push!.headers.authorization as string, vapid.publicKey);
    expect(claims.aud).toBe(service.origin);
    expect(claims.sub).toBe(vapid.subject);
    // web-push signs with the real clock, not the server's.
    const inSeconds = claims.exp - Date.now() / 1000;
    expect(inSeconds).toBeGreaterThan(0);
    expect(inSeconds).toBeLessThanOrEqual(24 * 60 * 60);
    // The words were kept only until sent; the job carries an id, never them.
    expect(await waitingFor(me)).toEqual([]);
    for (const { payload } of await database.db.select().from(jobs).where(eq(jobs.name, 'push.send')))
      expect(Object.keys(payload)).toEqual(['pushId']);
    // Another deployment's key does not verify it.
    expect(() => vapidClaims(push!.headers.authorization as string, webPush.generateVAPIDKeys().publicKey)).toThrow();

    // Both ways by default: the SMS went too, and the notification is in the app.
    expect(await texted(me)).toBe(1);
    expect(
      await database.db
        .select({ type: notifications.type })
        .from(notifications)
        .where(eq(notifications.accountId, me.accountId)),
    ).toEqual([{ type: 'launch_confirmed' }]);
  });

  it('goes to every browser of the account on that marina, and to no one else’s', async () => {
    const me = await owner();
    const [phone, laptop] = [await subscribed(me), await subscribed(me)];
    const neighbour = await subscribed(await owner());
    await confirmed(me, '11:00');
    await app.jobs.runDue();
    expect(pushesTo(phone)).toHaveLength(1);
    expect(pushesTo(laptop)).toHaveLength(1);
    expect(pushesTo(neighbour)).toEqual([]);
  });

  it('removes a subscription the push service says is gone (410, 404), without trying again', async () => {
    for (const status of [410, 404]) {
      const me = await owner();
      const browser = await subscribed(me);
      const kept = await subscribed(me);
      service.answer = (push) => (browser.subscription.endpoint.endsWith(push.path) ? status : 201);
      await confirmed(me, '12:00');
      await app.jobs.runDue();
      expect(pushesTo(browser).map((push) => push.status)).toEqual([status]);
      expect((await subscriptionsOf(me)).map((row) => row.endpoint)).toEqual([kept.subscription.endpoint]);
      clock.advance(60 * 60_000);
      await app.jobs.runDue();
      expect(pushesTo(browser)).toHaveLength(1);
    }
  });

  it('a browser that another account takes over gets none of the pushes still waiting for the first', async () => {
    const first = await owner();
    const second = await owner();
    const browser = await subscribed(first);
    await confirmed(first, '13:00');
    expect(await waitingFor(first)).toHaveLength(1);
    // Someone else signs in on that browser and turns push on: the endpoint is theirs now.
    expect((await second.agent.post('/push/subscriptions', browser.subscription)).statusCode).toBe(204);
    await app.jobs.runDue();
    expect(pushesTo(browser)).toEqual([]);
    expect(await waitingFor(first)).toEqual([]);
    expect(await subscriptionsOf(first)).toEqual([]);
    expect(await subscriptionsOf(second)).toHaveLength(1);
  });

  it('never posts to an endpoint off the push services (stored before the list changed): it is removed', async () => {
    const me = await owner();
    const browser = await subscribed(me);
    const stray = 'https://push.example/send/stored-before';
    await database.db
      .update(pushSubscriptions)
      .set({ endpoint: stray })
      .where(eq(pushSubscriptions.endpoint, browser.subscription.endpoint));
    const before = service.received.length;
    await confirmed(me, '12:30');
    await app.jobs.runDue();
    expect(service.received).toHaveLength(before);
    expect(await subscriptionsOf(me)).toEqual([]);
    expect(await waitingFor(me)).toEqual([]);
  });

  it('is tried again after a 500, and given up at once after a 403, keeping the subscription', async () => {
    const me = await owner();
    const browser = await subscribed(me);
    let answers = [500, 201];
    service.answer = () => answers.shift() ?? 201;
    const launch = await confirmed(me, '13:00');
    await app.jobs.runDue();
    expect(pushesTo(browser).map((push) => push.status)).toEqual([500]);
    const [job] = await database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.name, 'push.send'), eq(jobs.status, 'pending')));
    expect(job).toMatchObject({ attempts: 1, lastError: 'PushServiceAnswer: Push service answered 500' });
    expect(await waitingFor(me)).toHaveLength(1);
    clock.advance(31_000);
    await app.jobs.runDue();
    expect(pushesTo(browser).map((push) => push.status)).toEqual([500, 201]);
    expect(JSON.parse(browser.read(pushesTo(browser)[1]!)).tag).toBe(`launch-${launch.id}`);

    answers = [403];
    expect((await staff.post(`/staff/launches/${launch.id}/cancel`, { reason: 'Grúa parada' })).statusCode).toBe(200);
    await app.jobs.runDue();
    clock.advance(60 * 60_000);
    await app.jobs.runDue();
    expect(pushesTo(browser).map((push) => push.status)).toEqual([500, 201, 403]);
    expect(await subscriptionsOf(me)).toHaveLength(1);
    expect(await waitingFor(me)).toEqual([]);

    // The logs name the push service, never the endpoint (whoever has it can push to that browser).
    const path = new URL(browser.subscription.endpoint).pathname;
    const warnings = log.lines.filter((line) => /"event":"push_(refused|send_failed)"/.test(line));
    expect(warnings.map((line) => JSON.parse(line).event)).toEqual(['push_send_failed', 'push_refused']);
    for (const line of warnings) expect(JSON.parse(line)).toMatchObject({ origin: service.origin });
    expect(log.lines.filter((line) => line.includes(path))).toEqual([]);
  });

  it('is tried again after a 429 and when the push service cannot be reached', async () => {
    const me = await owner(2);
    const browser = await subscribed(me);
    service.answer = () => 429;
    await confirmed(me, '17:00');
    // A browser whose push service is down: nothing listens on port 1.
    const unreachable = { ...service.browser().subscription, endpoint: 'https://127.0.0.1:1/push/caido' };
    expect((await me.agent.post('/push/subscriptions', unreachable)).statusCode).toBe(204);
    await confirmed(me, '17:00', 1);
    await app.jobs.runDue();
    const waiting = await database.db
      .select({ attempts: jobs.attempts, lastError: jobs.lastError })
      .from(jobs)
      .where(and(eq(jobs.name, 'push.send'), eq(jobs.status, 'pending')));
    expect(waiting).toHaveLength(3);
    expect(waiting.every((job) => job.attempts === 1)).toBe(true);
    expect(waiting.filter((job) => job.lastError === 'PushServiceAnswer: Push service answered 429')).toHaveLength(2);
    expect(await subscriptionsOf(me)).toHaveLength(2);

    service.answer = () => 201;
    clock.advance(31_000);
    await app.jobs.runDue();
    expect(pushesTo(browser).map((push) => push.status)).toEqual([429, 429, 201, 201]);
    const still = await database.db
      .select({ attempts: jobs.attempts })
      .from(jobs)
      .where(and(eq(jobs.name, 'push.send'), eq(jobs.status, 'pending')));
    expect(still).toEqual([{ attempts: 2 }]);
  });
});

describe('the person’s channel', () => {
  it('push only: a push and no message; with no browser subscribed, the message still goes', async () => {
    const me = await owner(2);
    await choose(me, 'launch_confirmed', 'push');
    await confirmed(me, '14:00');
    await app.jobs.runDue();
    expect(await texted(me)).toBe(1);

    const browser = await subscribed(me);
    await confirmed(me, '15:00', 1);
    await app.jobs.runDue();
    expect(pushesTo(browser)).toHaveLength(1);
    expect(await texted(me)).toBe(1);
  });

  it('message only: no push, the message goes, and the notification is in the app whatever the channel', async () => {
    const me = await owner();
    const browser = await subscribed(me);
    await choose(me, 'launch_confirmed', 'message');
    await choose(me, 'launch_cancelled', 'push');
    const launch = await confirmed(me, '16:00');
    expect((await staff.post(`/staff/launches/${launch.id}/cancel`, { reason: 'Temporal' })).statusCode).toBe(200);
    await app.jobs.runDue();
    expect(pushesTo(browser).map((push) => JSON.parse(browser.read(push)).kind)).toEqual(['launch_cancelled']);
    expect(await texted(me)).toBe(1);
    const told = await database.db
      .select({ type: notifications.type })
      .from(notifications)
      .where(eq(notifications.accountId, me.accountId));
    expect(told.map((row) => row.type).sort()).toEqual(['launch_cancelled_by_marina', 'launch_confirmed']);
  });

  it('reaches an authorised person and the owner as they chose, by the authorisation’s kind', async () => {
    const boatOwner = await owner();
    const person = await personWithAccount(app, database.db, 901, clock.now());
    const [ownerBrowser, personBrowser] = [await subscribed(boatOwner), await subscribed(person)];
    await choose(person, 'authorisation', 'push');
    const active = await activeAuthorisation(
      app,
      boatOwner.agent,
      authorisationBody(901, boatOwner.boatIds, invitedAs(person), clock.now()),
    );
    const suspended = await boatOwner.agent.post(`/authorisations/${active.id}/suspend`, { reason: 'De viaje' });
    expect(suspended.statusCode, suspended.body).toBe(200);
    await app.jobs.runDue();

    const read = (browser: FakeBrowser) => pushesTo(browser).map((push) => JSON.parse(browser.read(push)));
    // Two jobs of one lane run side by side: the pushes may arrive in either order.
    const personPushes = read(personBrowser);
    expect(personPushes).toHaveLength(2);
    expect(personPushes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ title: 'Autorización activa', kind: 'authorisation', url: '/misbarcos' }),
        expect.objectContaining({ title: 'Autorización suspendida', kind: 'authorisation', url: '/misbarcos' }),
      ]),
    );
    // Push only, with a browser: the contact on the authorisation got its code and nothing since.
    expect(await texted(person)).toBe(1);
    expect(read(ownerBrowser)).toEqual([
      expect.objectContaining({
        title: 'Autorización en uso',
        kind: 'authorisation',
        tag: `authorisation-${active.id}`,
      }),
    ]);
  });

  it('tells a contract decision by push, opening the boat', async () => {
    const me = await owner(0);
    const browser = await subscribed(me);
    const contract = await requestNewBoat(me.agent, {
      insurance: insuranceUntil(dayFromToday(901, 200, clock.now())),
      startsOn: dayFromToday(901, 0, clock.now()),
    });
    const approved = await staff.post(`/staff/contracts/${contract.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    await app.jobs.runDue();
    expect(pushesTo(browser).map((push) => JSON.parse(browser.read(push)))).toEqual([
      {
        title: 'Contrato aprobado',
        body: 'El puerto ha aprobado el contrato de tu barco.',
        url: `/misbarcos/${contract.boatId}`,
        tag: `contract-${contract.id}`,
        kind: 'contract_approved',
        at: expect.any(String),
      },
    ]);
  });

  it('the overdue-outing alert goes both ways whatever was chosen, urgent, kept an hour', async () => {
    const me = await owner();
    await launchOf(database.db, 901, me.accountId, me.boatIds[0]!, clock.now());
    const browser = await subscribed(me);
    const created = await me.agent.post(
      '/outings',
      outingBody(901, me.boatIds[0]!, clock.now(), { expectedReturn: todayAt(901, '20:00', clock.now()) }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const before = await texted(me);
    clock.advance(Date.parse('2027-07-05T18:31:00Z') - clock.now().getTime());
    await app.jobs.runDue();

    const alerts = pushesTo(browser).filter((push) => JSON.parse(browser.read(push)).kind === 'outing_overdue');
    expect(alerts).toHaveLength(1);
    expect(JSON.parse(browser.read(alerts[0]!))).toEqual({
      title: 'Salida sin volver',
      body: 'El barco debía volver a las 20:00 y no consta su vuelta. Si ya estás en puerto, marca «He vuelto».',
      url: `/salidas?volver=${created.json().id}`,
      tag: `outing-${created.json().id}`,
      kind: 'outing_overdue',
      at: expect.any(String),
    });
    expect(alerts[0]!.headers).toMatchObject({ urgency: 'high', ttl: '3600' });
    expect(await database.db.select().from(jobs).where(eq(jobs.name, 'push.urgent'))).toHaveLength(1);
    expect(await texted(me)).toBe(before + 1);
  });

  it('reminds «Listo para subir» by push only when so chosen, opening the launch', async () => {
    staff = await signInStaff(app, 901);
    const me = await owner();
    const browser = await subscribed(me);
    await choose(me, 'stow_reminder', 'push');
    // The day-before reminders are a kind of their own: this choice does not touch the one above.
    await choose(me, 'launch_reminder', 'message');
    const launch = await confirmed(me, '15:00'); // back at 17:00 in Madrid, 15:00 UTC
    expect((await staff.post(`/staff/launches/${launch.id}/in-water`)).statusCode).toBe(200);
    await app.jobs.runDue();
    const before = await texted(me);
    clock.advance(Date.parse('2027-07-06T14:30:00Z') - clock.now().getTime());
    await app.jobs.runDue();
    await app.jobs.runDue();

    const reminders = pushesTo(browser).filter((push) => JSON.parse(browser.read(push)).kind === 'stow_reminder');
    expect(reminders).toHaveLength(1);
    expect(JSON.parse(browser.read(reminders[0]!))).toEqual({
      title: 'Vuelta prevista a las 17:00',
      body: 'Al llegar al pantalán, marca tu bajada como «Listo para subir».',
      url: `/pedidosbajadas/${launch.id}`,
      tag: `launch-${launch.id}`,
      kind: 'stow_reminder',
      at: expect.any(String),
    });
    expect(await texted(me)).toBe(before);
  });
});
