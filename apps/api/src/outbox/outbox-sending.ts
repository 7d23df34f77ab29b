/**
 * Sending the outbox: each message is a job (`outbox.send`, decision 014), enqueued with the message in the
 * transaction that writes it, so the jobs module's claims, leases, retries and records apply: with several
 * instances each message is sent by one, a failed send is tried again 30 s, 1 min, 2 min… later (at most an
 * hour apart), and after 8 tries the message is `failed`. Delivery is at least once: an instance that dies
 * after the relay took a message but before recording it leaves it to be sent again.
 *
 * A message sent or given up loses its text: codes and links are not kept once they are out (or never will
 * be).
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { describeError } from '../jobs/job-errors.ts';
import { defineJob } from '../jobs/job-queue.ts';
import { handleJob, type JobHandler } from '../jobs/job-worker.ts';
import { outbox } from './outbox.schema.ts';
import { maskDestination, type Transports } from './transports.ts';

export const SEND_MESSAGE = defineJob<{ outboxId: string }>('outbox.send', { maxAttempts: 8, backoff: { firstMs: 30_000, maxMs: 60 * 60_000 } });

export function sendMessageHandler(transports: Transports, log: FastifyBaseLogger): JobHandler {
  return handleJob(
    SEND_MESSAGE,
    async ({ outboxId }, { db, clock, job }) => {
      const [message] = await db
        .select()
        .from(outbox)
        .where(and(eq(outbox.id, outboxId), eq(outbox.status, 'pending')));
      // Sent already (a try whose end was not recorded), or deleted with its account: nothing to do.
      if (!message) return;
      const transport = message.channel === 'sms' ? transports.sms : transports.email;
      try {
        await transport.send(message);
      } catch (error) {
        log.warn(
          { event: 'outbox_send_failed', outboxId, channel: message.channel, destination: maskDestination(message), transport: transport.name, attempt: job.attempt, reason: describeError(error) },
          'outbox message not sent',
        );
        throw error;
      }
      // The text (codes, links) has done its job: a sent row keeps only its metadata.
      await db.update(outbox).set({ status: 'sent', sentAt: clock(), text: '' }).where(eq(outbox.id, outboxId));
    },
    async ({ outboxId }, tx) => {
      await tx.update(outbox).set({ status: 'failed', text: '' }).where(and(eq(outbox.id, outboxId), eq(outbox.status, 'pending')));
    },
  );
}
