/**
 * The jobs module on one instance: when a job runs, keys, transactions, retries and the record of each try.
 * Several instances on one database: server-instances.test.ts.
 */
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TestDatabase } from '../test/test-database.ts';
import { testClock } from '../test/accounts.ts';
import { useTestServer } from '../test/test-server.ts';
import { describeError } from './job-errors.ts';
import { cancelJob, defineJob, enqueueJob } from './job-queue.ts';
import { createJobWorker, handleJob, type JobWorker } from './job-worker.ts';
import { jobRuns, jobs } from './jobs.schema.ts';

let database: TestDatabase;
let app: FastifyInstance;
const clock = testClock();

useTestServer((server) => ({ database, app } = server), { clock: clock.now });

const TEST_JOB = defineJob<{ item: string }>('test.job', { maxAttempts: 3, backoff: { firstMs: 1000, maxMs: 1500 } });
let calls: string[];
let gaveUp: string[];
let failWith: Error | undefined;

const handler = handleJob(
  TEST_JOB,
  async ({ item }) => {
    calls.push(item);
    if (failWith) throw failWith;
  },
  async ({ item }) => {
    gaveUp.push(item);
  },
);

let worker: JobWorker;

beforeEach(async () => {
  calls = [];
  gaveUp = [];
  failWith = undefined;
  await database.db.delete(jobs);
  worker = createJobWorker({ db: database.db, clock: clock.now, log: app.log, handlers: [handler], intervalMs: 0 });
});

afterEach(() => worker.stop());

const enqueue = (item: string, options: { runAt?: Date; dedupKey?: string; onConflict?: 'keep' | 'replace' } = {}) =>
  enqueueJob(database.db, TEST_JOB, { item }, { now: clock.now(), ...options });

const onlyJob = async () => {
  const rows = await database.db.select().from(jobs);
  expect(rows).toHaveLength(1);
  return rows[0]!;
};

describe('jobs', () => {
  it('runs a due job once, and a later one when its time comes; each try is recorded', async () => {
    const started = clock.now();
    await enqueue('now');
    await enqueue('later', { runAt: new Date(started.getTime() + 10 * 60_000) });
    expect(await worker.runDue()).toBe(1);
    expect(calls).toEqual(['now']);
    expect(await worker.runDue()).toBe(0);
    clock.advance(10 * 60_000);
    expect(await worker.runDue()).toBe(1);
    expect(calls).toEqual(['now', 'later']);

    const rows = await database.db.select().from(jobs).orderBy(asc(jobs.seq));
    expect(rows.map((row) => [row.status, row.attempts, row.lockedBy, row.lastError])).toEqual([
      ['done', 1, null, null],
      ['done', 1, null, null],
    ]);
    expect(rows[1]!.doneAt).toEqual(clock.now());
    const runs = await database.db.select().from(jobRuns).where(eq(jobRuns.jobId, rows[0]!.id));
    expect(runs).toEqual([
      {
        id: expect.any(Number),
        jobId: rows[0]!.id,
        name: 'test.job',
        attempt: 1,
        instance: worker.instanceId,
        startedAt: started,
        finishedAt: started,
        outcome: 'done',
        error: null,
      },
    ]);
  });

  it('keeps one job per key; replacing reschedules it, even after it ran; cancelling drops it', async () => {
    expect(await enqueue('first', { dedupKey: 'launch-1' })).toBe(true);
    expect(await enqueue('second', { dedupKey: 'launch-1' })).toBe(false);
    expect((await onlyJob()).payload).toEqual({ item: 'first' });
    expect(await worker.runDue()).toBe(1);
    expect(await enqueue('again', { dedupKey: 'launch-1' })).toBe(false);
    expect(await worker.runDue()).toBe(0);

    const tomorrow = new Date(clock.now().getTime() + 24 * 60 * 60_000);
    expect(await enqueue('moved', { dedupKey: 'launch-1', runAt: tomorrow, onConflict: 'replace' })).toBe(true);
    expect(await onlyJob()).toMatchObject({
      payload: { item: 'moved' },
      runAt: tomorrow,
      status: 'pending',
      attempts: 0,
      doneAt: null,
    });

    expect(await cancelJob(database.db, TEST_JOB, 'launch-1')).toBe(true);
    expect(await cancelJob(database.db, TEST_JOB, 'launch-1')).toBe(false);
    clock.advance(24 * 60 * 60_000);
    expect(await worker.runDue()).toBe(0);
    expect(calls).toEqual(['first']);
  });

  it('exists only if the transaction that enqueued it commits', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await enqueueJob(tx, TEST_JOB, { item: 'rolled back' }, { now: clock.now() });
        throw new Error('the launch could not be saved');
      }),
    ).rejects.toThrow('the launch could not be saved');
    expect(await database.db.select().from(jobs)).toEqual([]);
  });

  it('retries a failing job with growing delays, then records the final failure and gives up once', async () => {
    failWith = new Error('relay refused ana@correo.example at +34 611 222 333');
    await enqueue('fails');
    expect(await worker.runDue()).toBe(1);
    let job = await onlyJob();
    expect(job).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: 'Error: relay refused [e-mail] at [number]',
      lockedBy: null,
    });
    expect(job.runAt.getTime()).toBe(clock.now().getTime() + 1000);

    clock.advance(999);
    expect(await worker.runDue()).toBe(0);
    clock.advance(1);
    expect(await worker.runDue()).toBe(1);
    job = await onlyJob();
    expect(job.runAt.getTime()).toBe(clock.now().getTime() + 1500);
    clock.advance(1500);
    expect(await worker.runDue()).toBe(1);

    job = await onlyJob();
    expect(job).toMatchObject({ status: 'failed', attempts: 3, doneAt: clock.now() });
    expect(calls).toEqual(['fails', 'fails', 'fails']);
    expect(gaveUp).toEqual(['fails']);
    const runs = await database.db
      .select()
      .from(jobRuns)
      .where(eq(jobRuns.jobId, job.id))
      .orderBy(asc(jobRuns.attempt));
    expect(runs.map((run) => [run.attempt, run.outcome, run.error])).toEqual([
      [1, 'retry', 'Error: relay refused [e-mail] at [number]'],
      [2, 'retry', 'Error: relay refused [e-mail] at [number]'],
      [3, 'failed', 'Error: relay refused [e-mail] at [number]'],
    ]);
    clock.advance(24 * 60 * 60_000);
    expect(await worker.runDue()).toBe(0);
  });

  it('gives up, without running it again, a job whose every try died with its instance', async () => {
    await enqueue('poison');
    // As left by an instance that died during the last allowed try.
    await database.db.update(jobs).set({ attempts: TEST_JOB.maxAttempts, lockedBy: 'gone', lockedUntil: clock.now() });
    expect(await worker.runDue()).toBe(1);
    expect(calls).toEqual([]);
    expect(gaveUp).toEqual(['poison']);
    expect(await onlyJob()).toMatchObject({ status: 'failed', lastError: expect.stringContaining('Lease expired') });
  });

  it('runs a lane up to its concurrency at once, leasing only what runs, and never behind another lane (decision 039)', async () => {
    const SLOW = defineJob<{ item: string }>('test.slow', { lane: 'slow' });
    const QUICK = defineJob<{ item: string }>('test.quick', { lane: 'quick' });
    let running = 0;
    let most = 0;
    const held: (() => void)[] = [];
    const slow = handleJob(SLOW, async () => {
      running += 1;
      most = Math.max(most, running);
      await new Promise<void>((resolve) => held.push(resolve));
      running -= 1;
    });
    const quickRan: string[] = [];
    const quick = handleJob(QUICK, async ({ item }) => {
      quickRan.push(item);
    });
    const laned = createJobWorker({
      db: database.db,
      clock: clock.now,
      log: app.log,
      handlers: [slow, quick],
      intervalMs: 0,
      lanes: { slow: { concurrency: 2 } },
    });
    for (let index = 0; index < 5; index++)
      await enqueueJob(database.db, SLOW, { item: `slow ${index}` }, { now: clock.now() });
    await enqueueJob(database.db, QUICK, { item: 'quick' }, { now: clock.now() });

    let finished = false;
    const ran = laned.runDue().finally(() => (finished = true));
    await expect.poll(() => held.length).toBe(2);
    // Enqueued last, run at once: the slow lane's line is not its own.
    await expect.poll(() => quickRan).toEqual(['quick']);
    // Only what runs is leased: another instance may take the rest.
    const leased = await database.db.select().from(jobs).where(eq(jobs.lockedBy, laned.instanceId));
    expect(leased.map((job) => job.name)).toEqual(['test.slow', 'test.slow']);
    while (!finished) {
      held.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await ran).toBe(6);
    expect(most).toBe(2);
    await laned.stop();
  });

  it('leaves alone the jobs it has no handler for (another version of the server)', async () => {
    await enqueueJob(database.db, defineJob('test.unknown'), {}, { now: clock.now() });
    expect(await worker.runDue()).toBe(0);
    expect(await onlyJob()).toMatchObject({ status: 'pending', attempts: 0 });
  });
});

describe('describeError', () => {
  it('keeps the kind and message of an error without e-mails, phones or documents, cut short', () => {
    expect(
      describeError(new TypeError('no mailbox <Ana.Pons+x@correo.example> for 12345678Z or +34 612-345-678')),
    ).toBe('TypeError: no mailbox <[e-mail]> for [number]Z or [number]');
    expect(describeError('plain text')).toBe('string: plain text');
    expect(describeError(new Error('x'.repeat(2000)))).toHaveLength(500);
  });
});
