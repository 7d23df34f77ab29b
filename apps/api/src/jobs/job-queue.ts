/**
 * Declaring and enqueueing jobs (decision 014). A job type names the work and how hard to try; enqueueing
 * writes a row, with the caller's transaction when the job belongs to something being created, so the job
 * exists exactly when that thing does. Handlers are attached by the worker (job-worker.ts).
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { jobs, type JobPayload } from './jobs.schema.ts';

const MINUTE = 60_000;

export interface JobType<P extends JobPayload = JobPayload> {
  readonly name: string;
  /** Tries before giving up, the first included. */
  readonly maxAttempts: number;
  /** Recurring: one run per period of this length (aligned on the epoch), by one instance. */
  readonly everyMs: number | undefined;
  /**
   * The line it waits in (job-worker.ts): jobs of one lane run in order, up to the lane's concurrency at once,
   * and never wait for another lane's (decision 039). `main` unless said.
   */
  readonly lane: string;
  /** How long to wait after the `attempt`-th try failed. */
  retryDelayMs(attempt: number): number;
  /** Carries the payload's type to enqueueJob and the handler; never set. */
  readonly payload?: P;
}

export interface JobTypeOptions {
  maxAttempts?: number;
  /** First retry after `firstMs`, each later one twice as late, never more than `maxMs` apart. */
  backoff?: { firstMs: number; maxMs: number };
  everyMs?: number;
  lane?: string;
}

export const MAIN_LANE = 'main';

export function defineJob<P extends JobPayload = Record<string, never>>(
  name: string,
  options: JobTypeOptions = {},
): JobType<P> {
  const { firstMs, maxMs } = options.backoff ?? { firstMs: MINUTE, maxMs: 60 * MINUTE };
  return {
    name,
    maxAttempts: options.maxAttempts ?? 5,
    everyMs: options.everyMs,
    lane: options.lane ?? MAIN_LANE,
    retryDelayMs: (attempt) => Math.min(firstMs * 2 ** Math.max(0, attempt - 1), maxMs),
  };
}

export interface EnqueueOptions {
  /** The server's time (`clock()`), so that tests that move the clock move jobs too. */
  now: Date;
  /** When it is due; now by default. */
  runAt?: Date;
  /** One job per type and key: "remind launch X" is enqueued once. */
  dedupKey?: string;
  /**
   * With a key already enqueued: `keep` (default) leaves the job as it is; `replace` puts this payload and
   * time in its place and starts its tries again, even if it ran already (a launch moved to another day is
   * reminded again). A try running at that moment no longer counts.
   */
  onConflict?: 'keep' | 'replace';
}

let dueEnqueued = 0;

/**
 * How many jobs due at once have been enqueued in this process so far: a request that saw it change while it
 * ran wakes the worker when it has answered (its transaction committed); one that only scheduled later work
 * (a launch's reminders) leaves the worker to its poll.
 */
export function dueJobsEnqueued(): number {
  return dueEnqueued;
}

/** Adds a job; answers whether one was added (or replaced), false when its key was already there. */
export async function enqueueJob<P extends JobPayload>(
  db: Executor,
  type: JobType<P>,
  payload: P,
  options: EnqueueOptions,
): Promise<boolean> {
  const runAt = options.runAt ?? options.now;
  if (runAt <= options.now) dueEnqueued += 1;
  const row = {
    name: type.name,
    dedupKey: options.dedupKey ?? null,
    payload,
    runAt,
    maxAttempts: type.maxAttempts,
    createdAt: options.now,
  };
  const insert = db.insert(jobs).values(row);
  const written =
    options.onConflict === 'replace' && options.dedupKey !== undefined
      ? await insert
          .onConflictDoUpdate({
            target: [jobs.name, jobs.dedupKey],
            set: {
              payload,
              runAt,
              status: 'pending',
              attempts: 0,
              maxAttempts: type.maxAttempts,
              lockedBy: null,
              lockedUntil: null,
              lastError: null,
              doneAt: null,
            },
          })
          .returning({ id: jobs.id })
      : await insert.onConflictDoNothing().returning({ id: jobs.id });
  return written.length === 1;
}

/**
 * Adds a later job (not due yet) only if `condition` holds when the statement runs, read in the database: for a
 * job a transaction's earlier statement decides, sent with it before its answer is back (a booking's reminders,
 * only if its launch was confirmed: decision 069). A key already there is kept.
 */
export async function enqueueJobIf<P extends JobPayload>(
  db: Executor,
  type: JobType<P>,
  payload: P,
  options: { now: Date; runAt: Date; dedupKey: string },
  condition: SQL,
): Promise<void> {
  const column = (name: keyof typeof jobs.$inferInsert) => sql.identifier(jobs[name].name);
  await db.execute(sql`
    insert into ${jobs} (${column('name')}, ${column('dedupKey')}, ${column('payload')}, ${column('runAt')}, ${column('maxAttempts')}, ${column('createdAt')})
    select ${type.name}, ${options.dedupKey}, ${JSON.stringify(payload)}::jsonb, ${options.runAt.toISOString()}::timestamptz, ${type.maxAttempts}::int, ${options.now.toISOString()}::timestamptz
    where ${condition}
    on conflict do nothing`);
}

/** Drops a job that has not run (a reminder of a cancelled launch); answers whether there was one. */
export async function cancelJob(db: Executor, type: JobType, dedupKey: string): Promise<boolean> {
  const deleted = await db
    .delete(jobs)
    .where(and(eq(jobs.name, type.name), eq(jobs.dedupKey, dedupKey), eq(jobs.status, 'pending')))
    .returning({ id: jobs.id });
  return deleted.length > 0;
}

/** The period a recurring job's run belongs to, as its key: one row, so one run, per period. */
export function periodOf(type: JobType, now: Date): { key: string; start: Date } {
  const every = type.everyMs!;
  const start = new Date(Math.floor(now.getTime() / every) * every);
  return { key: `every:${start.toISOString()}`, start };
}
