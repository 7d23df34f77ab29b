/**
 * The «listo para subir» reminder (docs/product.md §4.7, decision 061) with a fixed clock that the test moves:
 * staff put the boat in the water, and 30 minutes before the launch's planned return the person who asked for it
 * is told, once with two instances running; not when the launch was already marked ready, completed or
 * cancelled, nor when the boat went down after that moment; a return scheduled again moves the reminder.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobRuns, jobs } from '../jobs/jobs.schema.ts';
import { launches } from './launches.schema.ts';
import { notifications } from '../notifications/notifications.schema.ts';
import { outbox } from '../outbox/outbox.schema.ts';
import { SESSION_COOKIE } from '../config.ts';
import { createSession } from '../sessions/session-store.ts';
import { testClock } from '../test/accounts.ts';
import { eligibleOwner, launchBody, type Owner } from '../test/launches.ts';
import { signInStaff } from '../test/staff.ts';
import { useTwoInstances, type TestServer } from '../test/test-server.ts';
import { REMIND_STOW, scheduleStowReminder } from './launch-reminders.ts';

let server: TestServer;
const clock = testClock(Date.parse('2027-06-01T06:00:00Z'));
const { bothRun, at } = useTwoInstances((ready) => (server = ready.server), clock);

const owner = () => eligibleOwner(server.app, server.database.db, 901, { now: clock.now() });

/** Booked for `date` at `time` in Madrid (UTC+2), back two hours later; marina 901 confirms at once. */
async function booked(who: Owner, time: string, date = '2027-06-03') {
  const response = await who.agent.post('/launches', launchBody(901, who.boatIds[0]!, date, time));
  expect(response.statusCode, response.body).toBe(201);
  expect(response.json().status).toBe('confirmed');
  return response.json() as { id: string };
}

/** A session of the moment for `who` (the clock jumps days). */
async function signedIn(who: Owner) {
  who.agent.cookies.set(
    SESSION_COOKIE,
    await createSession(server.database.db, { clientId: 901, accountId: who.accountId, now: clock.now() }),
  );
  expect((await who.agent.get('/session')).statusCode).toBe(200);
  return who.agent;
}

async function staffDo(id: string, action: 'in-water' | 'complete') {
  // The clock jumps days: a session of the moment.
  const staff = await signInStaff(server.app, 901);
  const response = await staff.post(`/staff/launches/${id}/${action}`);
  expect(response.statusCode, response.body).toBe(200);
}

const reminded = async (who: Owner) =>
  (
    await server.database.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.accountId, who.accountId), eq(notifications.title, 'Recuerda marcar «Listo para subir»')),
      )
  ).map((row) => ({ type: row.type, link: row.link, body: row.body }));

const messagesTo = async (who: Owner) =>
  (await server.database.db.select().from(outbox).where(eq(outbox.destination, who.phone))).length;

const stowJobs = (id: string) =>
  server.database.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.name, REMIND_STOW.name), eq(jobs.dedupKey, id)));

describe('the «listo para subir» reminder', () => {
  it('tells the person 30 minutes before the return, once with two instances, unless the launch left the water', async () => {
    const me = await owner();
    const mine = await booked(me, '10:00'); // back at 12:00 Madrid, 10:00 UTC
    const ready = await owner();
    const readyOne = await booked(ready, '10:00');
    const done = await owner();
    const doneOne = await booked(done, '10:30');
    const cancelling = await owner();
    const cancelledOne = await booked(cancelling, '10:30');
    expect((await cancelling.agent.post(`/launches/${cancelledOne.id}/cancel`)).statusCode).toBe(200);

    await at('2027-06-03T08:00:00Z');
    for (const { id } of [mine, readyOne, doneOne]) await staffDo(id, 'in-water');
    const [job] = await stowJobs(mine.id);
    expect(job!.runAt).toEqual(new Date('2027-06-03T09:30:00Z'));
    // A launch never put in the water has no reminder waiting.
    expect(await stowJobs(cancelledOne.id)).toEqual([]);

    // «Listo para subir» and staff lifting the boat drop the reminder.
    expect((await (await signedIn(ready)).post(`/launches/${readyOne.id}/ready-to-stow`)).statusCode).toBe(200);
    await staffDo(doneOne.id, 'complete');
    expect(await stowJobs(readyOne.id)).toEqual([]);
    expect(await stowJobs(doneOne.id)).toEqual([]);

    await at('2027-06-03T09:29:00Z');
    expect(await reminded(me)).toEqual([]);
    const textsBefore = await messagesTo(me);
    await at('2027-06-03T09:30:00Z');
    expect(await reminded(me)).toEqual([
      {
        type: 'launch_reminder',
        link: `/pedidosbajadas/${mine.id}`,
        body: expect.stringContaining('está prevista a las 12:00'),
      },
    ]);
    // And by SMS, marina 901's channel (the person chose nothing: both).
    expect(await messagesTo(me)).toBe(textsBefore + 1);
    await at('2027-06-03T09:45:00Z');
    await bothRun();
    expect(await reminded(me)).toHaveLength(1);
    expect(await messagesTo(me)).toBe(textsBefore + 1);
    for (const who of [ready, done, cancelling]) expect(await reminded(who)).toEqual([]);
    const runs = await server.database.db.select().from(jobRuns).where(eq(jobRuns.jobId, job!.id));
    expect(runs.map((run) => run.outcome)).toEqual(['done']);
  });

  it('reads the launch when it runs: one no longer in the water is not reminded', async () => {
    const me = await owner();
    const launch = await booked(me, '11:00', '2027-06-05'); // back at 13:00 Madrid, 11:00 UTC
    await at('2027-06-05T09:00:00Z');
    await staffDo(launch.id, 'in-water');
    clock.advance(90 * 60_000);
    // The job is due and still there (as when a run had claimed it before «listo para subir» could drop it),
    // but the launch has left the water by then.
    await server.database.db.update(launches).set({ status: 'ready_to_stow' }).where(eq(launches.id, launch.id));
    expect(await stowJobs(launch.id)).toHaveLength(1);
    await bothRun();
    expect(await reminded(me)).toEqual([]);
  });

  it('is not sent for a boat put in the water after the reminder’s time', async () => {
    const me = await owner();
    const launch = await booked(me, '12:00', '2027-06-07'); // back at 14:00 Madrid, 12:00 UTC
    await at('2027-06-07T11:40:00Z');
    await staffDo(launch.id, 'in-water');
    expect(await stowJobs(launch.id)).toEqual([]);
    await at('2027-06-07T12:30:00Z');
    expect(await reminded(me)).toEqual([]);
  });

  it('moves with the return: scheduled again, the one job waits for the new time and the old time says nothing', async () => {
    const me = await owner();
    const launch = await booked(me, '13:00', '2027-06-09'); // back at 15:00 Madrid, 13:00 UTC
    await at('2027-06-09T11:00:00Z');
    await staffDo(launch.id, 'in-water');
    const later = new Date('2027-06-09T14:00:00Z');
    const [moved] = await server.database.db
      .update(launches)
      .set({ expectedReturn: later })
      .where(eq(launches.id, launch.id))
      .returning();
    await scheduleStowReminder(server.database.db, moved!, clock.now());
    const waiting = await stowJobs(launch.id);
    expect(waiting.map((job) => job.runAt)).toEqual([new Date('2027-06-09T13:30:00Z')]);

    await at('2027-06-09T12:30:00Z');
    expect(await reminded(me)).toEqual([]);
    await at('2027-06-09T13:30:00Z');
    expect(await reminded(me)).toEqual([expect.objectContaining({ body: expect.stringContaining('a las 16:00') })]);
  });

  it('skips a job whose return is no longer the launch’s', async () => {
    const me = await owner();
    const launch = await booked(me, '14:00', '2027-06-11'); // back at 16:00 Madrid, 14:00 UTC
    await at('2027-06-11T12:00:00Z');
    await staffDo(launch.id, 'in-water');
    // The return changed without the reminder being scheduled again: the old job must not speak for it.
    await server.database.db
      .update(launches)
      .set({ expectedReturn: new Date('2027-06-11T15:00:00Z') })
      .where(eq(launches.id, launch.id));
    await at('2027-06-11T13:30:00Z');
    expect(await reminded(me)).toEqual([]);
  });
});
