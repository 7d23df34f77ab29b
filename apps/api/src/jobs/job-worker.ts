/**
 * Runs due jobs (decision 014). Safe with any number of instances on one database:
 *
 * - a batch of due jobs is claimed in one statement with `FOR UPDATE SKIP LOCKED`, and leased: the claim
 *   counts a try and sets `locked_by` / `locked_until`, so no other instance takes them while it runs;
 * - an instance that dies mid-run leaves its lease to run out; then another takes the job again (its open
 *   run is recorded as `lost`). Delivery is at least once: a handler must cope with being run again (it
 *   reads the state of what it works on first);
 * - the end of a try is written only while the try still owns the job (same instance, same try), so a try
 *   that outlived its lease, or a job rescheduled meanwhile, changes nothing;
 * - a failed try is retried after the job type's back-off, until its `maxAttempts`; then the handler's
 *   `giveUp` runs in the transaction that marks the job failed;
 * - a recurring job gets one row per period (its key), inserted by whichever instance comes first; the
 *   others' inserts do nothing, so each period runs once.
 *
 * Every try is a `job_runs` row: instance, start, end, outcome, error (without personal data). Time is the
 * server's clock, so tests move it instead of sleeping.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../db/database.ts';
import { describeError } from './job-errors.ts';
import { enqueueJob, periodOf, type JobType } from './job-queue.ts';
import { jobRuns, jobs, type JobOutcome, type JobPayload, type JobRow } from './jobs.schema.ts';

const BATCH_SIZE = 10;
/** How long a try may take before another instance may take the job; handlers finish well within it. */
const DEFAULT_LEASE_MS = 5 * 60_000;
const LEASE_LOST = 'Lease expired: the instance running it stopped answering';

export interface JobContext {
  db: Db;
  clock: () => Date;
  log: FastifyBaseLogger;
  job: { id: string; name: string; attempt: number; maxAttempts: number };
}

export interface JobHandler<P extends JobPayload = JobPayload> {
  type: JobType<P>;
  run(payload: P, context: JobContext): Promise<void>;
  /** After the last try failed: leave what the job was for in a final state, in the job's own transaction. */
  giveUp?(payload: P, tx: Tx, context: JobContext): Promise<void>;
}

/** A handler for one job type, typed by it. */
export function handleJob<P extends JobPayload>(type: JobType<P>, run: JobHandler<P>['run'], giveUp?: JobHandler<P>['giveUp']): JobHandler {
  return { type, run, ...(giveUp ? { giveUp } : {}) } as unknown as JobHandler;
}

export interface JobWorker {
  /** Names the instance in `locked_by` and `job_runs.instance`. */
  readonly instanceId: string;
  /** Claims and runs what is due now, batch after batch, until nothing is; answers how many tries ran. */
  runDue(options?: { names?: readonly string[] }): Promise<number>;
  /** Adds the current period's job of every recurring type, unless an instance already did. */
  scheduleRecurring(): Promise<void>;
  /** Runs soon instead of at the next poll (a request has just enqueued work). */
  wake(): void;
  /** Stops polling and waits for the tries in flight. */
  stop(): Promise<void>;
}

export interface JobWorkerOptions {
  db: Db;
  clock: () => Date;
  log: FastifyBaseLogger;
  handlers: readonly JobHandler[];
  /** Poll interval; 0 never polls on its own (tests call runDue and scheduleRecurring). */
  intervalMs: number;
  leaseMs?: number;
}

interface Claimed {
  job: JobRow;
  runId: number;
}

export function createJobWorker({ db, clock, log, handlers, intervalMs, leaseMs = DEFAULT_LEASE_MS }: JobWorkerOptions): JobWorker {
  const instanceId = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const byName = new Map(handlers.map((handler) => [handler.type.name, handler]));
  const recurring = handlers.filter((handler) => handler.type.everyMs !== undefined);
  /** The period each recurring type was last scheduled for here: one insert per period and instance. */
  const scheduled = new Map<string, string>();
  const inFlight = new Set<Promise<unknown>>();
  let timer: NodeJS.Timeout | undefined;
  let polling: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  async function claim(names: string[], now: Date): Promise<Claimed[]> {
    return db.transaction(async (tx) => {
      const free = and(eq(jobs.status, 'pending'), or(isNull(jobs.lockedUntil), lte(jobs.lockedUntil, now)));
      const due = tx
        .select({ id: jobs.id })
        .from(jobs)
        .where(and(free, lte(jobs.runAt, now), inArray(jobs.name, names)))
        .orderBy(asc(jobs.runAt), asc(jobs.seq))
        .limit(BATCH_SIZE)
        .for('update', { skipLocked: true });
      const taken = await tx
        .update(jobs)
        .set({ attempts: sql`${jobs.attempts} + 1`, lockedBy: instanceId, lockedUntil: new Date(now.getTime() + leaseMs) })
        .where(and(inArray(jobs.id, due), free))
        .returning();
      if (taken.length === 0) return [];
      const ids = taken.map((job) => job.id);
      // A try still open on a job whose lease ran out belonged to an instance that stopped answering.
      await tx
        .update(jobRuns)
        .set({ finishedAt: now, outcome: 'lost', error: LEASE_LOST })
        .where(and(inArray(jobRuns.jobId, ids), isNull(jobRuns.finishedAt)));
      const runs = await tx
        .insert(jobRuns)
        .values(taken.map((job) => ({ jobId: job.id, name: job.name, attempt: job.attempts, instance: instanceId, startedAt: now })))
        .returning({ id: jobRuns.id, jobId: jobRuns.jobId });
      const runOf = new Map(runs.map((run) => [run.jobId, run.id]));
      return taken
        .sort((a, b) => a.runAt.getTime() - b.runAt.getTime() || a.seq - b.seq)
        .map((job) => ({ job, runId: runOf.get(job.id)! }));
    });
  }

  /**
   * Writes how a try ended, if it still owns its job. Answers whether it did; one that no longer does
   * (lease run out and taken, or job rescheduled) is recorded as lost.
   */
  async function finish({ job, runId }: Claimed, outcome: JobOutcome, error: string | null, context: JobContext): Promise<boolean> {
    const now = clock();
    const unlocked = { lockedBy: null, lockedUntil: null };
    const changes =
      outcome === 'done'
        ? { status: 'done' as const, doneAt: now, lastError: null, ...unlocked }
        : outcome === 'retry'
          ? { runAt: new Date(now.getTime() + byName.get(job.name)!.type.retryDelayMs(job.attempts)), lastError: error, ...unlocked }
          : { status: 'failed' as const, doneAt: now, lastError: error, ...unlocked };
    return db.transaction(async (tx) => {
      const owned = await tx
        .update(jobs)
        .set(changes)
        .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, instanceId), eq(jobs.attempts, job.attempts)))
        .returning({ id: jobs.id });
      const mine = owned.length === 1;
      if (mine && outcome === 'failed') await byName.get(job.name)!.giveUp?.(job.payload, tx, context);
      await tx
        .update(jobRuns)
        .set({ finishedAt: now, outcome: mine ? outcome : 'lost', error: mine ? error : 'The job changed hands while it ran' })
        .where(and(eq(jobRuns.id, runId), isNull(jobRuns.finishedAt)));
      return mine;
    });
  }

  async function execute(claimed: Claimed): Promise<void> {
    const { job } = claimed;
    const handler = byName.get(job.name)!;
    const context: JobContext = { db, clock, log, job: { id: job.id, name: job.name, attempt: job.attempts, maxAttempts: job.maxAttempts } };
    const fields = { job: job.name, jobId: job.id, attempt: job.attempts, instance: instanceId };
    // Tried as often as allowed already, the last time by an instance that died with it: not again.
    if (job.attempts > job.maxAttempts) {
      await finish(claimed, 'failed', LEASE_LOST, context);
      log.warn({ event: 'job_failed', ...fields, final: true, error: LEASE_LOST }, 'job given up');
      return;
    }
    let error: string | undefined;
    try {
      await handler.run(job.payload, context);
    } catch (thrown) {
      error = describeError(thrown);
    }
    const final = error !== undefined && job.attempts >= job.maxAttempts;
    const outcome: JobOutcome = error === undefined ? 'done' : final ? 'failed' : 'retry';
    const owned = await finish(claimed, outcome, error ?? null, context);
    if (!owned) log.warn({ event: 'job_lease_lost', ...fields }, 'job finished after losing its lease');
    else if (error !== undefined) log.warn({ event: 'job_failed', ...fields, final, error }, final ? 'job given up' : 'job failed, will retry');
  }

  async function runDue({ names }: { names?: readonly string[] } = {}): Promise<number> {
    const wanted = [...byName.keys()].filter((name) => names === undefined || names.includes(name));
    if (wanted.length === 0) return 0;
    const work = (async () => {
      let ran = 0;
      while (!stopped) {
        const batch = await claim(wanted, clock());
        if (batch.length === 0) break;
        for (const claimed of batch) await execute(claimed);
        ran += batch.length;
      }
      return ran;
    })();
    inFlight.add(work);
    try {
      return await work;
    } finally {
      inFlight.delete(work);
    }
  }

  async function scheduleRecurring(): Promise<void> {
    const now = clock();
    for (const { type } of recurring) {
      const period = periodOf(type, now);
      if (scheduled.get(type.name) === period.key) continue;
      await enqueueJob(db, type, {}, { now, runAt: period.start, dedupKey: period.key });
      scheduled.set(type.name, period.key);
    }
  }

  function schedule(delay: number) {
    if (stopped || intervalMs <= 0) return;
    clearTimeout(timer);
    timer = setTimeout(poll, delay);
    // The HTTP server keeps the process alive, not the jobs.
    timer.unref();
  }

  function poll() {
    if (stopped) return;
    if (polling) {
      again = true;
      return;
    }
    polling = (async () => {
      try {
        await scheduleRecurring();
        await runDue();
      } catch (error) {
        log.error({ err: error }, 'jobs could not run');
      }
    })().finally(() => {
      polling = undefined;
      if (again) {
        again = false;
        schedule(0);
      } else {
        schedule(intervalMs);
      }
    });
  }

  schedule(0);
  return {
    instanceId,
    runDue,
    scheduleRecurring,
    wake: () => schedule(0),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await Promise.allSettled([polling, ...inFlight]);
    },
  };
}
