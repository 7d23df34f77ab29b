/**
 * «Toca confirmar tus datos» (docs/product.md §4.4, decision 061) with a fixed clock the test moves: once
 * `dataValidationDays` (365) calendar days have passed since the person confirmed their data, in their marina's
 * own time zone, they are told once for that period, by the recurring job, with a link to `validar-datos`; by
 * the channel they chose for `data_to_confirm` (a push to the fake push service, the SMS, or both). Two sweeps at
 * once (two instances; on PostgreSQL each with its own connection) still tell each person once.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import webPush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../accounts/accounts.schema.ts';
import { loadClientDirectory } from '../clients/client-directory.ts';
import { notifications } from '../notifications/notifications.schema.ts';
import { outbox } from '../outbox/outbox.schema.ts';
import type { Transport } from '../outbox/transports.ts';
import { webPushTransport } from '../push/push-sending.ts';
import { testClock } from '../test/accounts.ts';
import { startFakePushService, type FakeBrowser, type FakePushService } from '../test/fake-push-service.ts';
import { eligibleOwner, type Owner } from '../test/launches.ts';
import { openTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { createTestServer } from '../test/test-server.ts';
import { tellValidationDue } from './validation-due.ts';

let database: TestDatabase;
let app: FastifyInstance;
let service: FakePushService;
// 5 July 2027, 10:00 in Madrid, 09:00 in the Canaries.
const clock = testClock(Date.parse('2027-07-05T08:00:00Z'));
const vapid = { ...webPush.generateVAPIDKeys(), subject: 'mailto:avisos@marina.example' };
const quiet: Transport = { name: 'quiet', send: async () => undefined };

beforeAll(async () => {
  service = await startFakePushService();
  database = await openTestDatabase();
  app = await createTestServer(database, {
    clock: clock.now,
    config: { vapid, logLevel: 'warn' },
    transports: { email: quiet, sms: quiet, push: webPushTransport(vapid, { agent: service.agent }) },
  });
});

afterAll(async () => {
  await app.close();
  await database.close();
  await service.close();
});

const owner = (clientId = 901) => eligibleOwner(app, database.db, clientId, { now: clock.now() });

/** Moves the clock and lets the recurring job (and the pushes it enqueued) run. */
async function at(instant: string) {
  clock.advance(Date.parse(instant) - clock.now().getTime());
  await app.jobs.scheduleRecurring();
  await app.jobs.runDue();
  await app.jobs.runDue();
}

const told = async (who: Owner) =>
  (
    await database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.accountId, who.accountId), eq(notifications.type, 'validation_due')))
  ).map((row) => ({ title: row.title, link: row.link }));

const messagesTo = async (who: Owner) =>
  (
    await database.db
      .select()
      .from(outbox)
      .where(inArray(outbox.destination, [who.phone, who.email]))
  ).length;

async function subscribed(who: Owner): Promise<FakeBrowser> {
  const browser = service.browser();
  expect((await who.agent.post('/push/subscriptions', browser.subscription)).statusCode).toBe(204);
  return browser;
}

async function choose(who: Owner, channel: string) {
  const response = await who.agent.put(
    '/notification-preferences',
    Buffer.from(JSON.stringify({ kind: 'data_to_confirm', channel })),
    'application/json',
  );
  expect(response.statusCode, response.body).toBe(200);
}

const pushesTo = (browser: FakeBrowser) =>
  service.received.filter((push) => browser.subscription.endpoint.endsWith(push.path));

const NOTICE = { title: 'Toca confirmar tus datos', link: '/validar-datos' };

describe('data to confirm', () => {
  it('tells each person once per period, at their own marina’s midnight, and never one who never confirmed', async () => {
    const madrid = await owner(901);
    const canaries = await owner(902);
    const never = await owner(901);
    await database.db.update(accounts).set({ dataValidatedAt: null }).where(eq(accounts.id, never.accountId));
    const before = { madrid: await messagesTo(madrid), canaries: await messagesTo(canaries) };

    // Confirmed on 5 July 2027: due on 4 July 2028 (365 days, 2028 is a leap year).
    await at('2028-07-03T21:59:00Z'); // 23:59 in Madrid
    expect(await told(madrid)).toEqual([]);
    await at('2028-07-03T22:00:00Z'); // midnight in Madrid, 23:00 in the Canaries
    expect(await told(madrid)).toEqual([NOTICE]);
    expect(await messagesTo(madrid)).toBe(before.madrid + 1);
    expect(await told(canaries)).toEqual([]);
    await at('2028-07-03T23:00:00Z'); // midnight in the Canaries
    expect(await told(canaries)).toEqual([NOTICE]);
    // Marina 902 writes by e-mail.
    expect(await messagesTo(canaries)).toBe(before.canaries + 1);

    // Later runs, days later, say nothing more for the same period; nor to the one who never confirmed.
    await at('2028-07-04T10:00:00Z');
    await at('2028-07-10T10:00:00Z');
    expect(await told(madrid)).toHaveLength(1);
    expect(await told(canaries)).toHaveLength(1);
    expect(await messagesTo(madrid)).toBe(before.madrid + 1);
    expect(await told(never)).toEqual([]);

    // Confirmed again: the next period is told once more, a year on.
    await database.db.update(accounts).set({ dataValidatedAt: clock.now() }).where(eq(accounts.id, madrid.accountId));
    await at('2029-07-09T21:00:00Z');
    expect(await told(madrid)).toHaveLength(1);
    await at('2029-07-09T22:00:00Z'); // 10 July 2029 in Madrid: 365 days after 10 July 2028
    expect(await told(madrid)).toEqual([NOTICE, NOTICE]);
  });

  it('goes as the person chose: push only with a subscription sends no SMS; push only without one still does', async () => {
    const pushed = await owner();
    const browser = await subscribed(pushed);
    await choose(pushed, 'push');
    const unsubscribed = await owner();
    await choose(unsubscribed, 'push');
    const both = await owner();
    const bothBrowser = await subscribed(both);
    const smsOnly = await owner();
    const smsBrowser = await subscribed(smsOnly);
    await choose(smsOnly, 'message');
    const people = [pushed, unsubscribed, both, smsOnly];
    const before = await Promise.all(people.map(messagesTo));

    await at('2030-07-20T10:00:00Z');
    for (const who of people) expect(await told(who)).toEqual([NOTICE]);
    expect((await Promise.all(people.map(messagesTo))).map((count, index) => count - before[index]!)).toEqual([
      0, 1, 1, 1,
    ]);
    const [push, ...more] = pushesTo(browser);
    expect(more).toEqual([]);
    expect(JSON.parse(browser.read(push!))).toEqual({
      title: 'Confirma tus datos',
      body: 'Ha pasado el plazo: revisa y confirma tus datos para seguir pidiendo bajadas.',
      url: '/validar-datos',
      tag: 'data-validation',
      kind: 'data_to_confirm',
      at: expect.any(String),
    });
    expect(pushesTo(bothBrowser)).toHaveLength(1);
    expect(pushesTo(smsBrowser)).toEqual([]);
  });

  it('tells each person once when two instances sweep at the same moment', async () => {
    const people = await Promise.all(Array.from({ length: 12 }, () => owner()));
    const other = await database.connectAgain();
    try {
      const directory = await loadClientDirectory(database.db);
      const marina = directory.get(901)!;
      clock.advance(400 * 24 * 60 * 60_000);
      const counts = await Promise.all(
        [database.db, other.db].map((db) => tellValidationDue(db, marina, clock.now(), { devRoutes: true })),
      );
      // Every one of them was due (and any account the earlier tests left due too), each claimed by one sweep.
      expect(counts[0]! + counts[1]!).toBeGreaterThanOrEqual(people.length);
      for (const who of people) expect(await told(who)).toEqual([NOTICE]);
      expect(await tellValidationDue(other.db, marina, clock.now(), { devRoutes: true })).toBe(0);
    } finally {
      await other.close();
    }
  });
});
