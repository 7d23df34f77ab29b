/**
 * Sends pending outbox messages. Safe with several instances: each batch is claimed with
 * `FOR UPDATE SKIP LOCKED` and leased (next_attempt_at pushed ahead) in one short statement, then sent
 * outside any transaction; an instance that dies mid-send leaves its lease to expire and another retries
 * (at-least-once delivery). Failures back off exponentially until MAX_ATTEMPTS, then the row is `failed`.
 * A row sent or given up loses its text: codes and links are not kept once they are out (or never will be).
 */
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.ts';
import { outbox, type OutboxRow } from '../db/schema.ts';
import { maskDestination, type Transports } from './transports.ts';

const BATCH_SIZE = 20;
const LEASE_MS = 5 * 60_000;
const MAX_ATTEMPTS = 8;
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 60 * 60_000;

export interface OutboxDispatcher {
  /** Sends what is due now; resolves with how many messages it tried. */
  runOnce(): Promise<number>;
  /** Runs soon instead of waiting for the next poll (after a call wrote messages). */
  wake(): void;
  /** Stops polling and waits for the batch in flight. */
  stop(): Promise<void>;
}

export interface DispatcherOptions {
  db: Db;
  transports: Transports;
  log: FastifyBaseLogger;
  clock: () => Date;
  /** Poll interval; 0 never polls on its own (tests call runOnce). */
  intervalMs: number;
}

export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);
}

export function createOutboxDispatcher({ db, transports, log, clock, intervalMs }: DispatcherOptions): OutboxDispatcher {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let again = false;
  let stopped = false;

  async function claim(now: Date): Promise<OutboxRow[]> {
    const due = db
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(eq(outbox.status, 'pending'), lte(outbox.nextAttemptAt, now)))
      .orderBy(asc(outbox.seq))
      .limit(BATCH_SIZE)
      .for('update', { skipLocked: true });
    return db
      .update(outbox)
      .set({ attempts: sql`${outbox.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + LEASE_MS) })
      .where(and(inArray(outbox.id, due), eq(outbox.status, 'pending')))
      .returning();
  }

  async function deliver(message: OutboxRow) {
    const transport = message.channel === 'sms' ? transports.sms : transports.email;
    try {
      await transport.send(message);
      // The text (codes, links) has done its job: a sent row keeps only its metadata.
      await db.update(outbox).set({ status: 'sent', sentAt: clock(), lastError: null, text: '' }).where(eq(outbox.id, message.id));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const failed = message.attempts >= MAX_ATTEMPTS;
      await db
        .update(outbox)
        .set(failed ? { status: 'failed', lastError: reason, text: '' } : { nextAttemptAt: new Date(clock().getTime() + retryDelayMs(message.attempts)), lastError: reason })
        .where(eq(outbox.id, message.id));
      log.warn(
        { event: 'outbox_send_failed', outboxId: message.id, channel: message.channel, destination: maskDestination(message), transport: transport.name, attempts: message.attempts, failed, reason },
        'outbox message not sent',
      );
    }
  }

  async function runOnce(): Promise<number> {
    const batch = await claim(clock());
    for (const message of batch) await deliver(message);
    return batch.length;
  }

  function schedule(delay: number) {
    if (stopped || intervalMs <= 0) return;
    clearTimeout(timer);
    timer = setTimeout(tick, delay);
    // The HTTP server keeps the process alive, not the outbox.
    timer.unref();
  }

  function tick() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      try {
        // A full batch means more may be waiting.
        while (!stopped && (await runOnce()) === BATCH_SIZE);
      } catch (error) {
        log.error({ err: error }, 'outbox dispatch failed');
      }
    })().finally(() => {
      running = undefined;
      if (again) {
        again = false;
        schedule(0);
      } else {
        schedule(intervalMs);
      }
    });
  }

  schedule(intervalMs);
  return {
    runOnce,
    wake: () => schedule(0),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      transports.email.close?.();
      if (transports.sms !== transports.email) transports.sms.close?.();
    },
  };
}
