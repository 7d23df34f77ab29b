/**
 * The live event stream across API instances (decision 062): a change made through one instance reaches a
 * stream open on another, as behind a load balancer. On PostgreSQL (TEST_DATABASE_URL) each instance has its
 * own pool and its own listening connection, so the notice travels through the server; on PGlite (one process)
 * both listen on the one database.
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.ts';
import { notifications } from '../notifications/notifications.schema.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { testClock } from '../test/accounts.ts';
import { eligibleOwner, launchBody } from '../test/launches.ts';
import { openEvents, type EventStream } from '../test/live.ts';
import { signInStaff } from '../test/staff.ts';
import { createAgent, type Agent } from '../test/test-agent.ts';
import { useTwoInstances, type OtherInstance, type TestServer } from '../test/test-server.ts';

let server: TestServer;
let other: OtherInstance;
const clock = testClock(Date.parse('2027-06-01T06:00:00Z'));
let staff: Agent;

useTwoInstances((instances) => ({ server, other } = instances), clock);

beforeAll(async () => {
  staff = await signInStaff(server.app, 901);
  expect((await staff.patch('/staff/settings', { manualApproval: true })).statusCode).toBe(200);
});

/** The same browser (its cookies) talking to another instance. */
function sameBrowserOn(app: FastifyInstance, agent: Agent): Agent {
  const moved = createAgent(app, agent.clientId);
  for (const [name, value] of agent.cookies) moved.cookies.set(name, value);
  return moved;
}

/** A change only `accountId` sees: a notification written for them. */
async function marker(db: Database['db'], accountId: string) {
  await db.insert(notifications).values({
    clientId: 901,
    accountId,
    type: 'launch_confirmed',
    title: 'Marca',
    body: 'Marca de prueba',
    createdAt: clock.now(),
  });
}

/** Drains `stream` up to the marker's event (a change that names only notifications); returns it. */
async function markerOn(stream: EventStream) {
  for (;;) {
    const next = await stream.next();
    if (next.event === 'change' && next.data.topics?.join() === 'notifications') return next;
  }
}

describe('two instances', () => {
  it('delivers a staff confirmation made through one instance to a stream open on the other', async () => {
    const me = await eligibleOwner(server.app, server.database.db, 901, { now: clock.now() });
    const booked = await me.agent.post('/launches', launchBody(901, me.boatIds[0]!, '2027-06-02', '09:00'));
    expect(booked.statusCode, booked.body).toBe(201);
    await other.app.jobs.runDue();
    const stream = await openEvents(other.app, sameBrowserOn(other.app, me.agent));
    expect(stream.status).toBe(200);
    await stream.next();
    // A stream on the first instance too, to see when the changes have reached it.
    const watcher = await openEvents(server.app, me.agent);
    expect(watcher.status).toBe(200);
    await watcher.next();
    // The booking's notice may still be on its way to either instance: both hold it after the marker's.
    await marker(server.database.db, me.accountId);
    const marked = await markerOn(stream);
    await markerOn(watcher);

    const confirmed = await staff.post(`/staff/launches/${booked.json().id}/confirm`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const change = await stream.next();
    expect(change.data.topics?.sort()).toEqual(['launches', 'notifications']);
    expect((await watcher.next()).id).toBe(change.id);

    // Reconnecting to the first instance with the id the second gave: both received the changes in the same
    // order, so the first can tell what came after it (nothing).
    const back = await openEvents(server.app, me.agent, { lastEventId: change.id });
    expect(await back.next()).toMatchObject({ event: 'ready', id: change.id });
    const fromBefore = await openEvents(server.app, me.agent, { lastEventId: marked.id });
    // Both were listening before the marker: the first holds the id the second stood at, too.
    const missed = await fromBefore.next();
    expect(missed).toMatchObject({ event: 'change', id: change.id });
    expect(missed.data.topics).toContain('launches');
    for (const open of [stream, watcher, back, fromBefore]) open.close();
  });
});
