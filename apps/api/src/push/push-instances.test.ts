/**
 * Two API instances on one database (decision 014) sending pushes to one fake push service: a hundred notices
 * arrive as a hundred pushes, each once, whichever instance sent it. On PostgreSQL (TEST_DATABASE_URL) each
 * instance has its own connections, where races show; on PGlite they share one.
 */
import { Agent } from 'node:https';
import { asc, eq } from 'drizzle-orm';
import webPush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../accounts/accounts.schema.ts';
import { loadClientDirectory } from '../clients/client-directory.ts';
import { jobRuns } from '../jobs/jobs.schema.ts';
import { tellCustomer } from '../notifications/tell-customer.ts';
import type { Transport } from '../outbox/transports.ts';
import { testClock } from '../test/accounts.ts';
import { FAKE_PUSH_CERT, startFakePushService, type FakePushService } from '../test/fake-push-service.ts';
import { eligibleOwner } from '../test/launches.ts';
import { openTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { startOtherInstance, type OtherInstance } from '../test/test-server.ts';
import { webPushTransport } from './push-sending.ts';

let database: TestDatabase;
let service: FakePushService;
const clock = testClock(Date.parse('2027-07-05T08:00:00Z'));
const vapid = { ...webPush.generateVAPIDKeys(), subject: 'mailto:avisos@marina.example' };
const quiet: Transport = { name: 'quiet', send: async () => undefined };
const NOTICES = 100;

/** Another API process: its own connection to the database, its own server, worker and HTTPS agent. */
async function startInstance(): Promise<OtherInstance> {
  const agent = new Agent({ ca: FAKE_PUSH_CERT, keepAlive: true });
  const instance = await startOtherInstance(database, {
    clock: clock.now,
    config: { vapid },
    transports: { email: quiet, sms: quiet, push: webPushTransport(vapid, { agent }) },
  });
  return {
    ...instance,
    close: async () => {
      await instance.close();
      agent.destroy();
    },
  };
}

let a: OtherInstance;
let b: OtherInstance;

beforeAll(async () => {
  service = await startFakePushService();
  database = await openTestDatabase();
  a = await startInstance();
  b = await startInstance();
});

afterAll(async () => {
  await a?.close();
  await b?.close();
  await database?.close();
  await service?.close();
});

describe('two API instances on one database', () => {
  it(`send each of ${NOTICES} pushes once, both working at the same time`, async () => {
    const owner = await eligibleOwner(a.app, database.db, 901, { now: clock.now() });
    const browser = service.browser();
    expect((await owner.agent.post('/push/subscriptions', browser.subscription)).statusCode).toBe(204);
    const client = (await loadClientDirectory(database.db)).get(901)!;
    const [account] = await database.db.select().from(accounts).where(eq(accounts.id, owner.accountId));
    await database.db.transaction(async (tx) => {
      for (let i = 0; i < NOTICES; i++) {
        await tellCustomer(
          tx,
          { client, owner: account! },
          {
            type: 'launch_completed',
            title: 'Barco de vuelta en el rack',
            body: `Aviso ${i}`,
            link: '/pedidosbajadas',
            sms: 'De vuelta.',
            emailFooter: '',
            push: {
              title: 'Barco de vuelta en el rack',
              body: `Aviso ${i}`,
              url: '/pedidosbajadas',
              tag: `n-${i}`,
              kind: 'boat_back',
            },
          },
          clock.now(),
          { devRoutes: false },
        );
      }
    });

    await Promise.all([a.app.jobs.runDue(), b.app.jobs.runDue(), a.app.jobs.runDue(), b.app.jobs.runDue()]);

    expect(service.received).toHaveLength(NOTICES);
    const tags = service.received.map((push) => JSON.parse(browser.read(push)).tag as string);
    expect(new Set(tags).size).toBe(NOTICES);
    const runs = await database.db.select().from(jobRuns).where(eq(jobRuns.name, 'push.send')).orderBy(asc(jobRuns.id));
    expect(runs).toHaveLength(NOTICES);
    expect(runs.every((run) => run.attempt === 1 && run.outcome === 'done')).toBe(true);
  });
});
