/**
 * The live event stream (decision 062): what a staff change tells the customer's open stream, and what it
 * never tells (another account's change, another marina's, a change rolled back); reconnecting with the last
 * id; the stream ending with its session and with the server. "Nothing arrived" is checked by a marker
 * change made after it: notifications reach a stream in the order their transactions committed, so the next
 * event being the marker's proves nothing came before it.
 */
import { LIVE_TOPICS } from '@marina/core/domain/live.ts';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../accounts/accounts.schema.ts';
import { authorisations } from '../authorisations/authorisations.schema.ts';
import { boats, contracts } from '../boats/boats.schema.ts';
import type { Database } from '../db/database.ts';
import { notifications } from '../notifications/notifications.schema.ts';
import { testClock } from '../test/accounts.ts';
import { activeAuthorisation, authorisationBody, invitedAs, personWithAccount } from '../test/authorisations.ts';
import { insuranceUntil, requestNewBoat } from '../test/boats.ts';
import { eligibleOwner, launchBody, type Owner } from '../test/launches.ts';
import { openEvents, type EventStream } from '../test/live.ts';
import { signInStaff } from '../test/staff.ts';
import type { Agent } from '../test/test-agent.ts';
import { createTestServer, expectProblem, useTestServer } from '../test/test-server.ts';
import { STREAMS_PER_ACCOUNT } from './live-routes.ts';

let database: Database;
let app: FastifyInstance;
let staff: Agent;
const clock = testClock(Date.parse('2027-06-01T06:00:00Z'));
const DAY = '2027-06-02';

useTestServer((server) => ({ database, app } = server), { clock: clock.now });

beforeAll(async () => {
  staff = await signInStaff(app, 901);
  // Launches wait for the staff's confirmation, as at a marina that approves by hand.
  expect((await staff.patch('/staff/settings', { manualApproval: true })).statusCode).toBe(200);
});

const owner = (clientId = 901) => eligibleOwner(app, database.db, clientId, { now: clock.now() });

async function booked(who: Owner, time: string) {
  const response = await who.agent.post('/launches', launchBody(who.agent.clientId, who.boatIds[0]!, DAY, time));
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; status: string };
}

/** A change only `who` sees: a notification written for them. */
async function marker(who: Owner) {
  await database.db.insert(notifications).values({
    clientId: who.agent.clientId,
    accountId: who.accountId,
    type: 'launch_confirmed',
    title: 'Marca',
    body: 'Marca de prueba',
    createdAt: clock.now(),
  });
}

/**
 * Waits until every change committed before now has reached `stream`, draining what came: a notice reaches
 * the listener some time after the writer's commit returns, so a change made just before the stream opened
 * may still be on its way. A marker written now arrives after it; returns the marker's event.
 */
async function caughtUp(who: Owner, stream: EventStream) {
  await marker(who);
  for (;;) {
    const next = await stream.next();
    if (next.event === 'change' && next.data.topics?.join() === 'notifications') return next;
  }
}

/** Resolves when the server ends `stream`; fails if it is still open after `timeoutMs`. */
async function endsWithin(stream: EventStream, timeoutMs = 5_000) {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`still open after ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([stream.ended, late]);
  } finally {
    clearTimeout(timer);
  }
}

async function opened(who: Owner, options: Parameters<typeof openEvents>[2] = {}): Promise<EventStream> {
  const stream = await openEvents(app, who.agent, options);
  expect(stream.status).toBe(200);
  return stream;
}

describe('opening the stream', () => {
  it('answers an event stream that starts with `ready` and where it stands', async () => {
    const me = await owner();
    const stream = await opened(me);
    expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers.get('cache-control')).toBe('no-store');
    expect(stream.headers.get('x-content-type-options')).toBe('nosniff');
    const ready = await stream.next();
    expect(ready).toMatchObject({ event: 'ready', data: {} });
    expect(ready.id).not.toBe('');
    stream.close();
  });

  it('refuses a caller without a session, or without a marina', async () => {
    const me = await owner();
    const signedOut = await openEvents(app, { ...me.agent, cookies: new Map() });
    expect(signedOut.status).toBe(401);
    const noMarina = await openEvents(app, me.agent, { headers: { 'x-client-id': '' } });
    expect(noMarina.status).toBe(400);
  });

  it('takes the marina from `clientId` when no header can be sent, checked as the header is', async () => {
    const me = await owner();
    const stream = await openEvents(app, me.agent, { query: '?clientId=901' });
    expect(stream.status).toBe(200);
    expect((await stream.next()).event).toBe('ready');
    stream.close();
    // The session is 901's: named as another marina's, it is no session there.
    expect((await openEvents(app, me.agent, { query: '?clientId=903' })).status).toBe(401);
    expect((await openEvents(app, me.agent, { query: '?clientId=9x' })).status).toBe(400);
  });

  it('is not answered as JSON through `inject`-style checks: it is documented as text/event-stream', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    const operation = document.paths['/api/v1/events'].get;
    expect(operation.operationId).toBe('openLiveEvents');
    expect(Object.keys(operation.responses['200'].content)).toEqual(['text/event-stream']);
  });
});

describe('what a stream is told', () => {
  it('tells the owner at once that staff confirmed their launch, with the topics to refetch', async () => {
    const me = await owner();
    const launch = await booked(me, '09:00');
    expect(launch.status).toBe('pending');
    const stream = await opened(me);
    await stream.next();
    const caught = await caughtUp(me, stream);
    const confirmed = await staff.post(`/staff/launches/${launch.id}/confirm`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const change = await stream.next();
    expect(change.event).toBe('change');
    expect(change.id).not.toBe(caught.id);
    // The launch and the notice written in the same transaction come as one event.
    expect(change.data.topics?.sort()).toEqual(['launches', 'notifications']);
    stream.close();
  });

  it('tells the owner of a contract approved', async () => {
    const me = await owner();
    const requested = await requestNewBoat(me.agent, {
      startsOn: '2027-06-01',
      insurance: insuranceUntil('2028-06-01'),
    });
    const stream = await opened(me);
    await stream.next();
    const approved = await staff.post(`/staff/contracts/${requested.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await stream.next()).data.topics).toContain('boats');
    stream.close();
  });

  it('never tells one account of another account’s change, nor of another marina’s', async () => {
    const me = await owner();
    const neighbour = await owner();
    const elsewhere = await owner(903);
    const stream = await opened(me);
    await stream.next();

    const theirs = await booked(neighbour, '10:00');
    expect((await staff.post(`/staff/launches/${theirs.id}/confirm`)).statusCode).toBe(200);
    await booked(elsewhere, '10:00');
    // A notice naming this very account but another marina (as no trigger writes, but the fan-out must check).
    await database.db.execute(
      sql`select pg_notify('marina_changes', ${JSON.stringify({ c: 903, a: [me.accountId], t: ['launches'], s: 1 })})`,
    );
    await marker(me);
    expect((await stream.next()).data.topics).toEqual(['notifications']);
    stream.close();
  });

  it('tells nothing of a change rolled back', async () => {
    const me = await owner();
    const stream = await opened(me);
    await stream.next();
    await expect(
      database.db.transaction(async (tx) => {
        await tx.update(boats).set({ name: 'Deshecho' }).where(eq(boats.id, me.boatIds[0]!));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await marker(me);
    expect((await stream.next()).data.topics).toEqual(['notifications']);
    stream.close();
  });

  it('tells the owner of a change to their boat, and the person they authorised on it of its launches', async () => {
    const me = await owner();
    const person = await personWithAccount(app, database.db, 901, clock.now());
    await activeAuthorisation(app, me.agent, authorisationBody(901, me.boatIds, invitedAs(person), clock.now()));
    const mine = await opened(me);
    await mine.next();
    const theirs = await opened(person);
    await theirs.next();
    // The authorisation's own notices may still be on their way.
    await caughtUp(me, mine);
    await caughtUp(person, theirs);
    await database.db.update(boats).set({ rackPosition: 'A-12' }).where(eq(boats.id, me.boatIds[0]!));
    expect((await mine.next()).data.topics).toEqual(['boats']);
    expect((await theirs.next()).data.topics).toEqual(['boats']);
    const launch = await booked(me, '12:00');
    expect((await staff.post(`/staff/launches/${launch.id}/confirm`)).statusCode).toBe(200);
    // The booking, then the confirmation; the notice is the owner's alone.
    expect((await theirs.next()).data.topics).toEqual(['launches']);
    expect((await theirs.next()).data.topics).toEqual(['launches']);
    mine.close();
    theirs.close();
  });
});

describe('what a stream is not told', () => {
  it('says nothing of a row rewritten unchanged, nor of a staff member erased from the contracts they decided', async () => {
    const me = await owner();
    const decider = await owner();
    await database.db
      .update(contracts)
      .set({ decidedBy: decider.accountId })
      .where(eq(contracts.boatId, me.boatIds[0]!));
    const stream = await opened(me);
    await stream.next();
    await caughtUp(me, stream);
    // As erasing the staff account does (`ON DELETE SET NULL`): the owner sees nothing of it.
    await database.db.update(contracts).set({ decidedBy: null }).where(eq(contracts.boatId, me.boatIds[0]!));
    // A bulk rewrite that leaves the rows as they were.
    await database.db.execute(sql`update boats set name = name where account_id = ${me.accountId}`);
    await database.db.execute(sql`update launches set status = status where account_id = ${me.accountId}`);
    await marker(me);
    expect((await stream.next()).data.topics).toEqual(['notifications']);
    stream.close();
  });

  it('tells a suspended authorised person of the boat’s launches, and an ended one no more', async () => {
    const me = await owner();
    const suspended = await personWithAccount(app, database.db, 901, clock.now());
    const ended = await personWithAccount(app, database.db, 901, clock.now());
    const first = await activeAuthorisation(
      app,
      me.agent,
      authorisationBody(901, me.boatIds, invitedAs(suspended), clock.now()),
    );
    const second = await activeAuthorisation(
      app,
      me.agent,
      authorisationBody(901, me.boatIds, invitedAs(ended), clock.now()),
    );
    const suspension = await me.agent.post(`/authorisations/${first.id}/suspend`, { reason: 'De viaje' });
    expect(suspension.statusCode, suspension.body).toBe(200);
    // As the person's erasure ends it.
    await database.db.update(authorisations).set({ state: 'ended' }).where(eq(authorisations.id, second.id));
    const heard = await opened(suspended);
    await heard.next();
    const unheard = await opened(ended);
    await unheard.next();
    await caughtUp(suspended, heard);
    await caughtUp(ended, unheard);

    await booked(me, '13:00');
    expect((await heard.next()).data.topics).toEqual(['launches']);
    await marker(ended);
    expect((await unheard.next()).data.topics).toEqual(['notifications']);
    heard.close();
    unheard.close();
  });
});

describe('reconnecting', () => {
  it('replays what was missed after the `Last-Event-ID`, in one event; `ready` when nothing was', async () => {
    const me = await owner();
    const first = await opened(me);
    const { id: before } = await first.next();
    first.close();
    // Another tab stays open, to see when the change has reached this instance.
    const watcher = await opened(me);
    await watcher.next();
    const launch = await booked(me, '11:00');
    const seen = await watcher.next();
    expect(seen.data.topics).toContain('launches');

    const again = await opened(me, { lastEventId: before });
    const missed = await again.next();
    expect(missed).toMatchObject({ event: 'change', id: seen.id });
    expect(missed.data.topics).toContain('launches');
    again.close();

    const upToDate = await opened(me, { lastEventId: seen.id });
    expect(await upToDate.next()).toMatchObject({ event: 'ready', id: seen.id });
    upToDate.close();

    // A reopen by hand names it in the query instead.
    expect((await staff.post(`/staff/launches/${launch.id}/confirm`)).statusCode).toBe(200);
    const confirmed = await watcher.next();
    const byQuery = await opened(me, { query: `?lastEventId=${seen.id}` });
    expect(await byQuery.next()).toMatchObject({ event: 'change', id: confirmed.id });
    byQuery.close();
    watcher.close();
  });

  it('asks for everything again (`resync`) after an id this instance does not hold', async () => {
    const me = await owner();
    const stream = await opened(me, { lastEventId: '987654321' });
    const resync = await stream.next();
    expect(resync.event).toBe('resync');
    expect(resync.data.topics).toEqual([...LIVE_TOPICS]);
    stream.close();
    // Not an id at all: ignored from the header, refused in the query.
    const odd = await opened(me, { lastEventId: 'a b' });
    expect((await odd.next()).event).toBe('ready');
    odd.close();
    expect((await openEvents(app, me.agent, { query: '?lastEventId=a%20b' })).status).toBe(400);
  });
});

describe('ending', () => {
  it('ends the stream when its session ends (sign-out)', async () => {
    const me = await owner();
    const stream = await opened(me);
    await stream.next();
    const other = await owner();
    const theirs = await opened(other);
    await theirs.next();
    expect((await me.agent.delete('/session')).statusCode).toBe(204);
    await stream.ended;
    // Another account's stream stays.
    await marker(other);
    expect((await theirs.next()).data.topics).toEqual(['notifications']);
    theirs.close();
  });

  it('ends the stream when its account is suspended', async () => {
    const me = await owner();
    const stream = await opened(me);
    await stream.next();
    await database.db.update(accounts).set({ status: 'suspended' }).where(eq(accounts.id, me.accountId));
    await endsWithin(stream);
  });

  it(`keeps at most ${STREAMS_PER_ACCOUNT} streams of one account open: a new one closes the oldest, saying so`, async () => {
    const me = await owner();
    const streams: EventStream[] = [];
    for (let index = 0; index <= STREAMS_PER_ACCOUNT; index++) {
      streams.push(await opened(me));
      await streams.at(-1)!.next();
    }
    // Told why, so its tab does not come back at once to close another.
    expect((await streams[0]!.next()).event).toBe('replaced');
    await streams[0]!.ended;
    await marker(me);
    for (const stream of streams.slice(1)) expect((await stream.next()).data.topics).toEqual(['notifications']);
    for (const stream of streams) stream.close();
  });

  it('answers other calls while streams are open, and closes them when the server stops', async () => {
    const separate = await createTestServer(database);
    const me = await eligibleOwner(separate, database.db, 901, { now: clock.now() });
    const stream = await openEvents(separate, me.agent);
    expect(stream.status).toBe(200);
    await stream.next();
    expect((await me.agent.get('/boats')).statusCode).toBe(200);
    await separate.close();
    await stream.ended;
  });

  it('refuses the stream to a request that is not signed in as a problem', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/events', headers: { 'x-client-id': '901' } });
    expectProblem(response, 401, 'unauthenticated');
  });
});
