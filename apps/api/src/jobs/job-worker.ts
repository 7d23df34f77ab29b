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
 *   others' inserts do nothing, so each period runs once;
 * - jobs wait in lanes (their type's `lane`, decision 039): each lane claims and runs its own jobs, oldest
 *   first, up to its concurrency at once, so a lane full of slow work (a thousand SMS to a slow provider)
 *   never holds up another (a registration code, an overdue outing). A lane not configured runs one job at a
 *   time.
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
import { dueJobsEnqueued, enqueueJob, periodOf, type JobType } from './job-queue.ts';
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
export function handleJob<P extends JobPayload>(
  type: JobType<P>,
  run: JobHandler<P>['run'],
  giveUp?: JobHandler<P>['giveUp'],
): JobHandler {
  return { type, run, ...(giveUp ? { giveUp } : {}) } as unknown as JobHandler;
}

export interface JobWorker {
  /** Names the instance in `locked_by` and `job_runs.instance`. */
  readonly instanceId: string;
  /**
   * Claims and runs what is due now, every lane at once, until nothing is (what a job enqueued for now
   * included); answers how many tries ran.
   */
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
  /** How many jobs of a lane may run at once; a lane not listed runs one at a time. */
  lanes?: Readonly<Record<string, { concurrency: number }>>;
}

interface Lane {
  name: string;
  names: string[];
  concurrency: number;
}

interface Claimed {
  job: JobRow;
  runId: number;
}

export function createJobWorker({
  db,
  clock,
  log,
  handlers,
  intervalMs,
  leaseMs = DEFAULT_LEASE_MS,
  lanes: laneOptions = {},
}: JobWorkerOptions): JobWorker {
  const instanceId = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const byName = new Map(handlers.map((handler) => [handler.type.name, handler]));
  const recurring = handlers.filter((handler) => handler.type.everyMs !== undefined);
  const lanes = new Map<string, Lane>();
  for (const { type } of handlers) {
    const lane = lanes.get(type.lane) ?? {
      name: type.lane,
      names: [],
      concurrency: Math.max(1, laneOptions[type.lane]?.concurrency ?? 1),
    };
    lane.names.push(type.name);
    lanes.set(type.lane, lane);
  }
  /** The period each recurring type was last scheduled for here: one insert per period and instance. */
  const scheduled = new Map<string, string>();
  const inFlight = new Set<Promise<unknown>>();
  /** Lanes draining in the background (polling), and those asked to look again once they are done. */
  const draining = new Map<string, Promise<number>>();
  const lookAgain = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let polling: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  async function claim(names: string[], now: Date, limit: number): Promise<Claimed[]> {
    return db.transaction(async (tx) => {
      const free = and(eq(jobs.status, 'pending'), or(isNull(jobs.lockedUntil), lte(jobs.lockedUntil, now)));
      // Two statements, not `UPDATE … WHERE id IN (SELECT … LIMIT n FOR UPDATE SKIP LOCKED)`: PostgreSQL may run
      // such a subquery again for every row it updates, each time past the rows already leased, and so lease
      // every due job at once whatever the limit (a lane of 3 took 100).
      const due = await tx
        .select({ id: jobs.id })
        .from(jobs)
        .where(and(free, lte(jobs.runAt, now), inArray(jobs.name, names)))
        .orderBy(asc(jobs.runAt), asc(jobs.seq))
        .limit(Math.min(limit, BATCH_SIZE))
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      const taken = await tx
        .update(jobs)
        .set({
          attempts: sql`${jobs.attempts} + 1`,
          lockedBy: instanceId,
          lockedUntil: new Date(now.getTime() + leaseMs),
        })
        .where(
          and(
            inArray(
              jobs.id,
              due.map((row) => row.id),
            ),
            free,
          ),
        )
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
        .values(
          taken.map((job) => ({
            jobId: job.id,
            name: job.name,
            attempt: job.attempts,
            instance: instanceId,
            startedAt: now,
          })),
        )
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
  async function finish(
    { job, runId }: Claimed,
    outcome: JobOutcome,
    error: string | null,
    context: JobContext,
  ): Promise<boolean> {
    const now = clock();
    const unlocked = { lockedBy: null, lockedUntil: null };
    const changes =
      outcome === 'done'
        ? { status: 'done' as const, doneAt: now, lastError: null, ...unlocked }
        : outcome === 'retry'
          ? {
              runAt: new Date(now.getTime() + byName.get(job.name)!.type.retryDelayMs(job.attempts)),
              lastError: error,
              ...unlocked,
            }
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
        .set({
          finishedAt: now,
          outcome: mine ? outcome : 'lost',
          error: mine ? error : 'The job changed hands while it ran',
        })
        .where(and(eq(jobRuns.id, runId), isNull(jobRuns.finishedAt)));
      return mine;
    });
  }

  async function execute(claimed: Claimed): Promise<void> {
    const { job } = claimed;
    const handler = byName.get(job.name)!;
    const context: JobContext = {
      db,
      clock,
      log,
      job: { id: job.id, name: job.name, attempt: job.attempts, maxAttempts: job.maxAttempts },
    };
    const fields = { job: job.name, jobId: job.id, attempt: job.attempts, instance: instanceId };
    // Tried as often as allowed already, the last time by an instance that died with it: not again.
    if (job.attempts > job.maxAttempts) {
      await finish(claimed, 'failed', LEASE_LOST, context);
      log.warn({ event: 'job_failed', ...fields, final: true, error: LEASE_LOST }, 'job given up');
      return;
    }
    let error: string | undefined;
    const enqueuedBefore = dueJobsEnqueued();
    try {
      await handler.run(job.payload, context);
    } catch (thrown) {
      error = describeError(thrown);
    }
    // It wrote work due now (an overdue outing's alerts): another lane may be idle, and should not wait for
    // the next poll to send it.
    if (dueJobsEnqueued() !== enqueuedBefore) wake();
    const final = error !== undefined && job.attempts >= job.maxAttempts;
    const outcome: JobOutcome = error === undefined ? 'done' : final ? 'failed' : 'retry';
    const owned = await finish(claimed, outcome, error ?? null, context);
    if (!owned) log.warn({ event: 'job_lease_lost', ...fields }, 'job finished after losing its lease');
    else if (error !== undefined)
      log.warn({ event: 'job_failed', ...fields, final, error }, final ? 'job given up' : 'job failed, will retry');
  }

  /**
   * Runs a lane's due jobs, oldest first, up to its concurrency at once: each that ends makes room for the
   * next, claimed then (so no job is leased long before it runs). Ends when nothing of the lane is due and
   * nothing runs; answers how many tries ran.
   */
  async function drain(lane: Lane, names: string[]): Promise<number> {
    const running = new Set<Promise<void>>();
    let ran = 0;
    try {
      while (!stopped) {
        const room = lane.concurrency - running.size;
        const batch = room > 0 ? await claim(names, clock(), room) : [];
        for (const claimed of batch) {
          const run: Promise<void> = execute(claimed)
            .catch((error: unknown) =>
              log.error({ err: error, job: claimed.job.name, jobId: claimed.job.id }, 'job try not recorded'),
            )
            .finally(() => running.delete(run));
          running.add(run);
        }
        ran += batch.length;
        if (batch.length === room && room > 0) continue;
        if (running.size === 0) break;
        // Full, or nothing more due for now: wait for a try to end, then look again.
        await Promise.race(running);
      }
    } finally {
      await Promise.allSettled(running);
    }
    return ran;
  }

  function track<T>(work: Promise<T>): Promise<T> {
    inFlight.add(work);
    return work.finally(() => inFlight.delete(work));
  }

  async function runDue({ names }: { names?: readonly string[] } = {}): Promise<number> {
    const selected = [...lanes.values()]
      .map((lane) => ({ lane, names: lane.names.filter((name) => names === undefined || names.includes(name)) }))
      .filter((entry) => entry.names.length > 0);
    if (selected.length === 0) return 0;
    return track(
      (async () => {
        let total = 0;
        // Again while a round ran something: a job of one lane may have enqueued work due now in another.
        while (!stopped) {
          const ran = (await Promise.all(selected.map(({ lane, names: laneNames }) => drain(lane, laneNames)))).reduce(
            (sum, count) => sum + count,
            0,
          );
          total += ran;
          if (ran === 0) break;
        }
        return total;
      })(),
    );
  }

  /** The lanes with a job due now that no instance holds. */
  async function dueLanes(now: Date): Promise<Lane[]> {
    const due = await db
      .selectDistinct({ name: jobs.name })
      .from(jobs)
      .where(
        and(
          eq(jobs.status, 'pending'),
          lte(jobs.runAt, now),
          or(isNull(jobs.lockedUntil), lte(jobs.lockedUntil, now)),
          inArray(jobs.name, [...byName.keys()]),
        ),
      );
    const wanted = new Set(due.map((row) => byName.get(row.name)!.type.lane));
    return [...lanes.values()].filter((lane) => wanted.has(lane.name));
  }

  /** Drains a lane in the background; one already draining looks again once it is done. */
  function startLane(lane: Lane) {
    if (stopped) return;
    if (draining.has(lane.name)) {
      lookAgain.add(lane.name);
      return;
    }
    const work = track(drain(lane, lane.names))
      .catch((error: unknown) => {
        log.error({ err: error, lane: lane.name }, 'jobs could not run');
        return 0;
      })
      .finally(() => {
        draining.delete(lane.name);
        if (lookAgain.delete(lane.name)) startLane(lane);
      });
    draining.set(lane.name, work);
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
        for (const lane of await dueLanes(clock())) startLane(lane);
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

  function wake() {
    schedule(0);
  }

  schedule(0);
  return {
    instanceId,
    runDue,
    scheduleRecurring,
    wake,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await Promise.allSettled([polling, ...inFlight]);
    },
  };
}
