/**
 * Delivery in lanes (decision 039, docs/product.md §7.6), with the server's own worker polling as in
 * production and providers that take 2 s a message: with a hundred messages queued before it, a registration
 * code asked for then leaves within 5 s, and so do an overdue outing's alerts once it is due. Before, messages
 * left one at a time, oldest first: the code waited 200 s, the alert as long.
 *
 * Times are read from the transport's own records (when each send ended), and the test waits on them, never
 * sleeping for a set time; the clock the server reads is the test's, moved to make the outing due.
 */
import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.ts';
import { newPerson, testClock } from '../test/accounts.ts';
import { eligibleOwner } from '../test/launches.ts';
import { launchOf, outingBody, todayAt } from '../test/outings.ts';
import { createAgent } from '../test/test-agent.ts';
import { useTestServer } from '../test/test-server.ts';
import { ProviderGate } from './outbox-sending.ts';
import { enqueueMessage } from './outbox.ts';
import type { OutboxRow } from './outbox.schema.ts';
import type { Transport } from './transports.ts';

const PROVIDER_MS = 2000;
const WITHIN_MS = 5000;
const MARINA_EMAIL = 'oficina@marina901.example';

let database: Database;
let app: FastifyInstance;
// 10:00 in Madrid: the marina is open, and the outing below is due at 12:30.
const clock = testClock(Date.parse('2027-07-05T08:00:00Z'));

interface Send {
  destination: string;
  started: number;
  ended?: number;
}
const sends: Send[] = [];

/** A provider that takes PROVIDER_MS for every message, however many it is sent at once. */
const slow = (name: string): Transport => ({
  name,
  async send(message: OutboxRow) {
    const send: Send = { destination: message.destination, started: performance.now() };
    sends.push(send);
    await new Promise((resolve) => setTimeout(resolve, PROVIDER_MS));
    send.ended = performance.now();
  },
});

useTestServer((server) => ({ database, app } = server), {
  clock: clock.now,
  transports: { sms: slow('sms'), email: slow('email') },
  jobsIntervalMs: 100,
});

/** When the message to `destination` had left (the provider answered), waiting for it as long as it takes. */
async function sentTo(destination: string): Promise<number> {
  await expect
    .poll(() => sends.find((send) => send.destination === destination && send.ended !== undefined), {
      timeout: 30_000,
      interval: 20,
    })
    .toBeDefined();
  return sends.find((send) => send.destination === destination)!.ended!;
}

describe('delivery in lanes', () => {
  it('sends a registration code, and an overdue outing’s alerts, within 5 s while 100 other messages wait for a slow provider', async () => {
    const owner = await eligibleOwner(app, database.db, 901, { now: clock.now() });
    await launchOf(database.db, 901, owner.accountId, owner.boatIds[0]!, clock.now());
    const outing = await owner.agent.post(
      '/outings',
      outingBody(901, owner.boatIds[0]!, clock.now(), { expectedReturn: todayAt(901, '12:00', clock.now()) }),
    );
    expect(outing.statusCode, outing.body).toBe(201);

    // A hundred messages in line before the code (an invitation spree, say), already being sent.
    for (let index = 0; index < 100; index++) {
      const destination = `+3466${String(index).padStart(7, '0')}`;
      await enqueueMessage(
        database.db,
        { clientId: 901, channel: 'sms', destination, text: 'Marina Port Blau: aviso.' },
        clock.now(),
        { devRoutes: true },
      );
    }
    app.jobs.wake();
    await expect.poll(() => sends.length, { timeout: 30_000, interval: 20 }).toBeGreaterThan(0);

    const person = newPerson();
    const asked = performance.now();
    const registration = await createAgent(app, 901).post('/registrations', person);
    expect(registration.statusCode, registration.body).toBe(202);
    const code = (await sentTo(person.phone)) - asked;
    expect(code, `the code left after ${Math.round(code)} ms`).toBeLessThan(WITHIN_MS);

    // Due at 12:30 in Madrid: the clock goes past it, and the worker's next poll finds it.
    clock.advance(Date.parse('2027-07-05T10:31:00Z') - clock.now().getTime());
    const due = performance.now();
    const [marina, customer] = await Promise.all([sentTo(MARINA_EMAIL), sentTo(owner.phone)]);
    expect(marina - due, `the marina's alert left after ${Math.round(marina - due)} ms`).toBeLessThan(WITHIN_MS);
    expect(customer - due, `the customer's alert left after ${Math.round(customer - due)} ms`).toBeLessThan(WITHIN_MS);

    // Meanwhile the line went on.
    expect(sends.filter((send) => send.destination.startsWith('+3466')).length).toBeGreaterThan(1);
  });
});

describe('a provider’s places', () => {
  it('keeps one of them free for urgent messages, and gives a freed place to an urgent message first', async () => {
    const gate = new ProviderGate(3);
    const order: string[] = [];
    const release = new Map<string, () => void>();
    const hold = (name: string) => () =>
      new Promise<void>((resolve) => {
        order.push(name);
        release.set(name, resolve);
      });
    const settled = () => new Promise((resolve) => setImmediate(resolve));
    const runs = ['a', 'b', 'c', 'd'].map((name) => gate.run(false, hold(name)));
    await settled();
    expect(order).toEqual(['a', 'b']);
    // The place kept free: an urgent message takes it at once.
    runs.push(gate.run(true, hold('urgent 1')));
    await settled();
    expect(order).toEqual(['a', 'b', 'urgent 1']);
    // All taken: the next urgent one goes before c and d, which waited longer.
    runs.push(gate.run(true, hold('urgent 2')));
    release.get('a')!();
    await settled();
    expect(order).toEqual(['a', 'b', 'urgent 1', 'urgent 2']);
    // Two urgent ones sending: c would take the last free place, so it waits.
    release.get('b')!();
    await settled();
    expect(order).toEqual(['a', 'b', 'urgent 1', 'urgent 2']);
    release.get('urgent 1')!();
    await settled();
    expect(order).toEqual(['a', 'b', 'urgent 1', 'urgent 2', 'c']);
    release.get('urgent 2')!();
    release.get('c')!();
    await settled();
    release.get('d')!();
    await Promise.all(runs);
    expect(order).toEqual(['a', 'b', 'urgent 1', 'urgent 2', 'c', 'd']);
  });

  it('lets other messages use the only place when there is one', async () => {
    const gate = new ProviderGate(1);
    expect(await gate.run(false, async () => 'sent')).toBe('sent');
  });
});
