/**
 * Several API instances on one database (decision 014): two `createServer`s, each with its own connection
 * pool to the same database, run their jobs at the same time, as two processes behind a load balancer do.
 * Their jobs are the real ones: sending the outbox and housekeeping. On PGlite (one process, one
 * connection) the instances share the connection; PostgreSQL (TEST_DATABASE_URL) is where races show.
 */
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jobRuns, jobs } from './jobs.schema.ts';
import { outbox, type OutboxRow } from '../outbox/outbox.schema.ts';
import { enqueueMessage } from '../outbox/outbox.ts';
import type { Transport } from '../outbox/transports.ts';
import { testClock } from '../test/accounts.ts';
import { openTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { startOtherInstance, type OtherInstance } from '../test/test-server.ts';
import { HOUSEKEEPING } from './housekeeping.ts';

let database: TestDatabase;
const clock = testClock();
const MINUTE = 60_000;

/** A transport that records what it sent; `hold` makes it hang (an instance that stopped answering). */
function recordingTransport() {
  const sent: OutboxRow[] = [];
  const state = { sent, attempted: 0, failing: false, hold: undefined as Promise<void> | undefined };
  const transport: Transport = {
    name: 'recording',
    async send(message) {
      state.attempted += 1;
      if (state.hold) await state.hold;
      if (state.failing) throw new Error('relay refused');
      // A real relay takes a moment: the other instance gets to claim meanwhile.
      await new Promise((resolve) => setTimeout(resolve, 1));
      sent.push(message);
    },
  };
  return { state, transports: { email: transport, sms: transport } };
}

interface Instance extends OtherInstance {
  sending: ReturnType<typeof recordingTransport>['state'];
}

/** Another API process: its own connection to the database, its own server and worker. */
async function startInstance(): Promise<Instance> {
  const { state, transports } = recordingTransport();
  return { ...(await startOtherInstance(database, { clock: clock.now, transports })), sending: state };
}

let a: Instance;
let b: Instance;

beforeAll(async () => {
  database = await openTestDatabase();
  a = await startInstance();
  b = await startInstance();
});

afterAll(async () => {
  await a?.close();
  await b?.close();
  await database?.close();
});

beforeEach(async () => {
  await database.db.delete(jobs);
  await database.db.delete(outbox);
  for (const { sending } of [a, b]) {
    sending.sent.length = 0;
    Object.assign(sending, { attempted: 0, failing: false, hold: undefined });
  }
});

async function writeMessages(count: number) {
  for (let i = 0; i < count; i++) {
    await enqueueMessage(
      database.db,
      {
        clientId: 901,
        channel: 'sms',
        destination: `+3461${String(i).padStart(7, '0')}`,
        text: 'Marina Port Blau: prueba.',
      },
      clock.now(),
      { devRoutes: false },
    );
  }
}

const runsOf = (name: string) =>
  database.db.select().from(jobRuns).where(eq(jobRuns.name, name)).orderBy(asc(jobRuns.id));

describe('two API instances on one database', () => {
  it('send each of 120 due messages exactly once, both working at the same time', async () => {
    await writeMessages(120);
    await Promise.all([a.app.jobs.runDue(), b.app.jobs.runDue(), a.app.jobs.runDue(), b.app.jobs.runDue()]);
    const sent = [...a.sending.sent, ...b.sending.sent];
    expect(sent).toHaveLength(120);
    expect(new Set(sent.map((message) => message.id)).size).toBe(120);
    expect(await database.db.select().from(outbox).where(eq(outbox.status, 'sent'))).toHaveLength(120);
    const runs = await runsOf('outbox.send.sms');
    expect(runs).toHaveLength(120);
    expect(runs.every((run) => run.attempt === 1 && run.outcome === 'done')).toBe(true);
  });

  it('run a recurring job once per period between them, a restarted instance included', async () => {
    const both = () =>
      Promise.all([a, b].map(async ({ app }) => (await app.jobs.scheduleRecurring(), app.jobs.runDue())));
    await both();
    await both();
    expect(await runsOf(HOUSEKEEPING.name)).toHaveLength(1);

    // A new process knows nothing of the periods the others scheduled: the row it would add is there already.
    const restarted = await startInstance();
    try {
      await restarted.app.jobs.scheduleRecurring();
      await restarted.app.jobs.runDue();
    } finally {
      await restarted.close();
    }
    expect(await runsOf(HOUSEKEEPING.name)).toHaveLength(1);

    clock.advance(HOUSEKEEPING.everyMs!);
    await both();
    await both();
    const runs = await runsOf(HOUSEKEEPING.name);
    expect(runs).toHaveLength(2);
    expect(runs.every((run) => run.outcome === 'done')).toBe(true);
  });

  it('take over a job whose instance stopped answering, once its lease is over', async () => {
    await writeMessages(1);
    let answer = () => {};
    a.sending.hold = new Promise<void>((resolve) => (answer = resolve));
    const stuck = a.app.jobs.runDue();
    await expect.poll(() => a.sending.attempted).toBe(1);

    // Leased to the instance that hangs.
    expect(await b.app.jobs.runDue()).toBe(0);
    clock.advance(5 * MINUTE + 1);
    expect(await b.app.jobs.runDue()).toBe(1);
    expect(b.sending.sent).toHaveLength(1);
    const [job] = await database.db.select().from(jobs);
    expect(job).toMatchObject({ status: 'done', attempts: 2, lockedBy: null });

    // The first instance comes back: what it writes about its try changes nothing.
    answer();
    await stuck;
    expect(await database.db.select().from(jobs)).toMatchObject([{ status: 'done', attempts: 2 }]);
    const runs = await runsOf('outbox.send.sms');
    expect(runs.map((run) => [run.attempt, run.instance, run.outcome])).toEqual([
      [1, a.app.jobs.instanceId, 'lost'],
      [2, b.app.jobs.instanceId, 'done'],
    ]);
    expect(runs[0]!.error).toMatch(/Lease expired/);
  });

  it('keep jobs, and their retries, across a restart', async () => {
    await writeMessages(1);
    a.sending.failing = true;
    expect(await a.app.jobs.runDue()).toBe(1);
    await a.close();
    // Written while no instance runs.
    await enqueueMessage(
      database.db,
      { clientId: 901, channel: 'email', destination: 'ana@correo.example', subject: 'Hola', text: 'Hola' },
      clock.now(),
      { devRoutes: false },
    );

    a = await startInstance();
    expect(await a.app.jobs.runDue()).toBe(1);
    expect(a.sending.sent.map((message) => message.destination)).toEqual(['ana@correo.example']);
    clock.advance(30_000);
    expect(await a.app.jobs.runDue()).toBe(1);
    expect(a.sending.sent.map((message) => message.destination)).toEqual(['ana@correo.example', '+34610000000']);
    const retried = await database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.status, 'done'), eq(jobs.attempts, 2)));
    expect(retried).toHaveLength(1);
  });
});
