/**
 * Work to do at a time, for every instance sharing the database (decision 014): reminders, expiries, overdue
 * checks, sending the outbox, housekeeping. A job is a row; an instance claims due rows with
 * `FOR UPDATE SKIP LOCKED` and a lease, runs them, and records each run.
 */
import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at, inList, timestamps } from '../db/columns.ts';

/** What a job carries: ids and small values, never personal data (they are kept after the run). */
export type JobPayload = Record<string, string | number | boolean | null>;
export const JOB_STATUSES = ['pending', 'done', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The job type (`outbox.send.sms`, `housekeeping`…): which handler runs it, in its lane (decision 039). */
    name: text('name').notNull(),
    /**
     * One job per name and key: "remind launch X" is enqueued once however often it is asked for; a recurring
     * job's key is its period. NULL: no such rule.
     */
    dedupKey: text('dedup_key'),
    payload: jsonb('payload').$type<JobPayload>().notNull().default({}),
    status: text('status').$type<JobStatus>().notNull().default('pending'),
    /** Not before: when it is due, or when its next try is (back-off). */
    runAt: at('run_at').notNull(),
    /** Tries started, the one running included. */
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    /** The instance running it, until `locked_until`; past that its lease is over and another may take it. */
    lockedBy: text('locked_by'),
    lockedUntil: at('locked_until'),
    /** Of the last failed try, without personal data. */
    lastError: text('last_error'),
    ...timestamps,
    /** When it was done, or given up. */
    doneAt: at('done_at'),
    /** Order of enqueueing, among jobs due at the same time. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
  },
  (table) => [
    uniqueIndex('jobs_name_dedup_key').on(table.name, table.dedupKey),
    index('jobs_due_idx')
      .on(table.runAt, table.seq)
      .where(sql`${table.status} = 'pending'`),
    index('jobs_done_at_idx').on(table.doneAt),
    check('jobs_status_check', inList(table.status, JOB_STATUSES)),
  ],
);

/**
 * `done`: it worked; `retry`: it failed and will be tried again; `failed`: it failed for the last time;
 * `lost`: the instance running it stopped answering (its lease ran out) and the job was taken by another.
 */
export const JOB_OUTCOMES = ['done', 'retry', 'failed', 'lost'] as const;
export type JobOutcome = (typeof JOB_OUTCOMES)[number];

/** One row per try of a job: who ran it, when, and how it ended. Goes with its job. */
export const jobRuns = pgTable(
  'job_runs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    attempt: integer('attempt').notNull(),
    instance: text('instance').notNull(),
    startedAt: at('started_at').notNull(),
    /** NULL while it runs. */
    finishedAt: at('finished_at'),
    outcome: text('outcome').$type<JobOutcome>(),
    /** Why it failed, without personal data (scrubbed, cut short). */
    error: text('error'),
  },
  (table) => [
    index('job_runs_job_id_idx').on(table.jobId),
    check('job_runs_outcome_check', inList(table.outcome, JOB_OUTCOMES)),
  ],
);

export type JobRow = typeof jobs.$inferSelect;
export type JobRunRow = typeof jobRuns.$inferSelect;
