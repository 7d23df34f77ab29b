/**
 * The launches' timed work with a fixed clock (decision 014): reminders the day before and two hours before,
 * pending requests that expire after 48 h, waiting entries whose slot passes. Two API instances share the
 * database, as two processes behind a load balancer do; on PostgreSQL (TEST_DATABASE_URL) each has its own
 * connections, and each reminder and each ending still happens once.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobRuns, jobs } from '../jobs/jobs.schema.ts';
import { launches, launchEvents } from './launches.schema.ts';
import { notifications } from '../notifications/notifications.schema.ts';
import { outbox } from '../outbox/outbox.schema.ts';
import { testClock } from '../test/accounts.ts';
import { eligibleOwner, launchBody, type Owner } from '../test/launches.ts';
import { signInStaff } from '../test/staff.ts';
import type { Agent } from '../test/test-agent.ts';
import { useTwoInstances, type TestServer } from '../test/test-server.ts';
import { REMIND_LAUNCH } from './launch-reminders.ts';
import { PENDING_EXPIRY_MS, SWEEP_LAUNCHES } from './launch-sweep.ts';

let server: TestServer;
const HOUR = 60 * 60_000;
const start = Date.parse('2027-06-01T06:00:00Z');
const clock = testClock(start);

let staff: Agent;

// Both instances schedule their recurring jobs before they run what is due.
const { bothRun, at } = useTwoInstances((ready) => (server = ready.server), clock, {
  recurring: true,
  // Marina 903 approves by hand, set before the second instance reads the marinas.
  setUp: async ({ app }) => {
    staff = await signInStaff(app, 903);
    expect((await staff.patch('/staff/settings', { manualApproval: true })).statusCode).toBe(200);
  },
});

const owner = (clientId = 901) => eligibleOwner(server.app, server.database.db, clientId, { now: clock.now() });

async function booked(who: Owner, date: string, time: string, overrides: Record<string, unknown> = {}) {
  const response = await who.agent.post(
    '/launches',
    launchBody(who.agent.clientId, who.boatIds[0]!, date, time, overrides),
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** A launch as stored (sessions do not outlive the days the clock jumps). */
async function stored(id: string) {
  const [row] = await server.database.db.select().from(launches).where(eq(launches.id, id));
  const events = await server.database.db
    .select()
    .from(launchEvents)
    .where(eq(launchEvents.launchId, id))
    .orderBy(launchEvents.id);
  return { status: row!.status, cancellationReason: row!.cancellationReason, last: events.at(-1)! };
}

const told = async (who: Owner, type: string) =>
  (
    await server.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.accountId, who.accountId), eq(notifications.type, type as never)))
  ).map((row) => row.title);

describe('reminders', () => {
  it('reminds a confirmed launch the day before and two hours before, once each with two instances running', async () => {
    const me = await owner();
    await booked(me, '2027-06-03', '10:00'); // 08:00 UTC
    const cancelledOne = await owner();
    const cancelled = await booked(cancelledOne, '2027-06-03', '10:00');
    expect((await cancelledOne.agent.post(`/launches/${cancelled.id}/cancel`)).statusCode).toBe(200);
    const mover = await owner();
    const moved = await booked(mover, '2027-06-03', '10:00');
    expect(
      (await mover.agent.post(`/launches/${moved.id}/reschedule`, { slotStart: '2027-06-04T10:00:00+02:00' }))
        .statusCode,
    ).toBe(200);

    await at('2027-06-02T07:59:00Z');
    expect(await told(me, 'launch_reminder')).toEqual([]);
    await at('2027-06-02T08:00:00Z');
    await bothRun();
    expect(await told(me, 'launch_reminder')).toEqual(['Tu bajada es mañana']);
    expect(await server.database.db.select().from(outbox).where(eq(outbox.destination, me.phone))).toHaveLength(1);
    await at('2027-06-03T06:00:00Z');
    expect(await told(me, 'launch_reminder')).toEqual(['Tu bajada es mañana', 'Tu bajada es dentro de dos horas']);
    expect(await told(cancelledOne, 'launch_reminder')).toEqual([]);
    // The moved one is reminded for its new day only.
    expect(await told(mover, 'launch_reminder')).toEqual([]);
    await at('2027-06-03T08:00:00Z');
    expect(await told(mover, 'launch_reminder')).toEqual(['Tu bajada es mañana']);
    const runs = await server.database.db.select().from(jobRuns).where(eq(jobRuns.name, REMIND_LAUNCH.name));
    // Each reminder job (the demo owners' launches' too) ran once, whichever instance claimed it.
    expect(runs.length).toBeGreaterThanOrEqual(3);
    expect(new Set(runs.map((run) => run.jobId)).size).toBe(runs.length);
    expect(runs.every((run) => run.outcome === 'done')).toBe(true);
  });
});

describe('reminders enqueued with the booking', () => {
  it('for a launch that takes a place, both; for one that joins the waiting list, none (decision 069)', async () => {
    // Bookings into one slot until one waits: the place, the launch and its reminders leave together, before
    // the place's answer says whether there was one.
    const answers: { id: string; status: string }[] = [];
    while (!answers.some((answer) => answer.status === 'waitlisted')) {
      expect(answers.length).toBeLessThan(20);
      answers.push(await booked(await owner(), '2027-06-10', '12:00', { waitlist: true }));
    }
    for (const { id, status } of answers) {
      const reminders = await server.database.db
        .select({ key: jobs.dedupKey })
        .from(jobs)
        .where(and(eq(jobs.name, REMIND_LAUNCH.name), inArray(jobs.dedupKey, [`${id}:day`, `${id}:hours`])));
      expect(reminders.map((row) => row.key).sort(), status).toEqual(
        status === 'confirmed' ? [`${id}:day`, `${id}:hours`] : [],
      );
    }
    expect(answers.filter((answer) => answer.status === 'confirmed').length).toBeGreaterThan(0);
  });
});

describe('the sweep', () => {
  it('expires a pending request unanswered for 48 hours, once, and gives its place to who waits', async () => {
    const base = clock.now().getTime();
    const requests = [await owner(903), await owner(903), await owner(903), await owner(903)];
    const pending = [];
    for (const person of requests) pending.push(await booked(person, '2027-06-20', '10:00'));
    expect(pending.map((launch) => launch.status)).toEqual(['pending', 'pending', 'pending', 'pending']);
    // The clock has moved on days since the staff member signed in: a new session.
    const desk = await signInStaff(server.app, 903);
    expect((await desk.post(`/staff/launches/${pending[1].id}/confirm`)).statusCode).toBe(200);
    const waiting = await owner(903);
    const wait = await booked(waiting, '2027-06-20', '10:00', { waitlist: true });
    expect(wait.status).toBe('waitlisted');

    await at(base + PENDING_EXPIRY_MS - 60_000);
    expect((await stored(pending[0].id)).status).toBe('pending');
    await at(base + PENDING_EXPIRY_MS + SWEEP_LAUNCHES.everyMs!);
    const expired = await stored(pending[0].id);
    expect(expired).toMatchObject({ status: 'cancelled', cancellationReason: 'El puerto no la confirmó en 48 horas' });
    expect(expired.last).toMatchObject({ actor: 'system', fromStatus: 'pending', toStatus: 'cancelled' });
    expect((await stored(pending[1].id)).status).toBe('confirmed');
    expect(await told(requests[0]!, 'launch_cancelled_by_marina')).toEqual(['Bajada sin confirmar']);
    // Three pending ones expired; one place went to the person waiting, who now waits for staff.
    expect((await stored(wait.id)).status).toBe('pending');
    expect(await told(waiting, 'launch_confirmed')).toEqual(['Tienes plaza: pendiente de confirmar']);
    const sweeps = await server.database.db.select().from(jobRuns).where(eq(jobRuns.name, SWEEP_LAUNCHES.name));
    expect(new Set(sweeps.map((run) => run.jobId)).size).toBe(sweeps.length);
  });

  it('ends a waiting entry whose slot has begun, and tells its customer', async () => {
    const holders = [await owner(), await owner(), await owner(), await owner()];
    const date = new Date(clock.now().getTime() + 3 * 24 * HOUR).toISOString().slice(0, 10);
    for (const holder of holders) await booked(holder, date, '12:00');
    const waiting = await owner();
    const wait = await booked(waiting, date, '12:00', { waitlist: true });
    await at(`${date}T09:59:00Z`);
    expect((await stored(wait.id)).status).toBe('waitlisted');
    await at(`${date}T10:05:00Z`);
    const ended = await stored(wait.id);
    expect(ended).toMatchObject({ status: 'cancelled', cancellationReason: 'No se liberó ninguna plaza a tiempo' });
    expect(await told(waiting, 'launch_cancelled_by_marina')).toEqual(['Lista de espera terminada']);
  });

  it('gives no one a place in a slot that has begun: staff cancel a no-show, and the wait still ends with its notice', async () => {
    const holders = [await owner(), await owner(), await owner(), await owner()];
    const date = new Date(clock.now().getTime() + 3 * 24 * HOUR).toISOString().slice(0, 10);
    const held = [];
    for (const holder of holders) held.push(await booked(holder, date, '13:00'));
    const waiting = await owner();
    const wait = await booked(waiting, date, '13:00', { waitlist: true });
    // Two minutes into the slot (13:00 in Madrid is 11:00 UTC in summer), before the sweep runs again.
    clock.advance(Date.parse(`${date}T11:02:00Z`) - clock.now().getTime());
    const desk = await signInStaff(server.app, 901);
    const cancelled = await desk.post(`/staff/launches/${held[0].id}/cancel`, { reason: 'No se ha presentado' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await stored(wait.id)).status).toBe('waitlisted');
    expect(await told(waiting, 'launch_confirmed')).toEqual([]);
    await bothRun();
    expect(await stored(wait.id)).toMatchObject({
      status: 'cancelled',
      cancellationReason: 'No se liberó ninguna plaza a tiempo',
    });
    expect(await told(waiting, 'launch_cancelled_by_marina')).toEqual(['Lista de espera terminada']);
  });
});
