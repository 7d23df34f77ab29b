/**
 * Sending the outbox: each message is a job (decision 014), enqueued with the message in the transaction that
 * writes it, so the jobs module's claims, leases, retries and records apply: with several instances each
 * message is sent by one, a failed send is tried again 30 s, 1 min, 2 min… later (at most an hour apart), and
 * after 8 tries the message is `failed`. Delivery is at least once: an instance that dies after the relay took
 * a message but before recording it leaves it to be sent again.
 *
 * Messages wait in lanes (decision 039, docs/product.md §7.6): per provider (SMS, e-mail), and in each an
 * urgent lane for the codes a person waits for at the screen (registration, password reset, their own new
 * contact) and for safety alerts (an overdue outing, and its all-clear). Each provider sends at most its
 * configured concurrency at once (OUTBOX_SMS_CONCURRENCY, OUTBOX_EMAIL_CONCURRENCY, per instance); other
 * messages take at most all but one of those places, and an urgent message goes before any other waiting
 * for one, so it never waits behind them: with a hundred SMS queued on a provider that takes 2 s each, a
 * registration code still leaves at once.
 *
 * A message sent or given up loses its text: codes and links are not kept once they are out (or never will
 * be).
 */
import type { CodeChannel } from '@marina/core/domain/platform.ts';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import { describeError } from '../jobs/job-errors.ts';
import { defineJob, type JobType } from '../jobs/job-queue.ts';
import { handleJob, type JobHandler } from '../jobs/job-worker.ts';
import { outbox } from './outbox.schema.ts';
import { maskDestination, type Transports } from './transports.ts';

type SendPayload = { outboxId: string };

const sendJob = (name: string, lane: string) =>
  defineJob<SendPayload>(name, { maxAttempts: 8, backoff: { firstMs: 30_000, maxMs: 60 * 60_000 }, lane });

/** The job that sends a message, by its channel and whether it is urgent. */
export const SEND_MESSAGE: Readonly<Record<'urgent' | 'normal', Readonly<Record<CodeChannel, JobType<SendPayload>>>>> =
  {
    normal: { sms: sendJob('outbox.send.sms', 'outbox.sms'), email: sendJob('outbox.send.email', 'outbox.email') },
    urgent: {
      sms: sendJob('outbox.urgent.sms', 'outbox.sms.urgent'),
      email: sendJob('outbox.urgent.email', 'outbox.email.urgent'),
    },
  };
/** Messages written before the lanes (either channel): sent as other messages are. */
const SEND_MESSAGE_BEFORE_LANES = sendJob('outbox.send', 'outbox.email');

export type OutboxConcurrency = Config['outboxConcurrency'];

/**
 * How many of each lane run at once: a provider's concurrency for its urgent lane, one less (at least one) for
 * the other, so that there is always a place an urgent message can take.
 */
export function outboxLanes(concurrency: OutboxConcurrency): Record<string, { concurrency: number }> {
  const lanes: Record<string, { concurrency: number }> = {};
  for (const channel of ['sms', 'email'] as const) {
    lanes[SEND_MESSAGE.urgent[channel].lane] = { concurrency: concurrency[channel] };
    lanes[SEND_MESSAGE.normal[channel].lane] = { concurrency: Math.max(1, concurrency[channel] - 1) };
  }
  return lanes;
}

/**
 * A provider's places: at most `concurrency` sends at once in this instance. Other messages take at most all
 * but one of them (all, when there is only one), and a freed place goes to an urgent message first.
 */
export class ProviderGate {
  private inUse = 0;
  private readonly urgentWaiting: (() => void)[] = [];
  private readonly otherWaiting: (() => void)[] = [];
  readonly concurrency: number;

  constructor(concurrency: number) {
    this.concurrency = Math.max(1, concurrency);
  }

  private get otherPlaces(): number {
    return Math.max(1, this.concurrency - 1);
  }

  async run<T>(urgent: boolean, work: () => Promise<T>): Promise<T> {
    await this.acquire(urgent);
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  private acquire(urgent: boolean): Promise<void> {
    const free = urgent
      ? this.inUse < this.concurrency
      : this.inUse < this.otherPlaces && this.urgentWaiting.length === 0;
    if (free) {
      this.inUse += 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => (urgent ? this.urgentWaiting : this.otherWaiting).push(resolve));
  }

  private release() {
    this.inUse -= 1;
    const next = this.urgentWaiting.shift() ?? (this.inUse < this.otherPlaces ? this.otherWaiting.shift() : undefined);
    if (next) {
      this.inUse += 1;
      next();
    }
  }
}

/**
 * The handlers of every sending job, sharing one gate per provider. `smsAllowed` says whether the message's
 * marina sends SMS to its number (sms-countries.ts): one it does not is given up unsent, whatever wrote it.
 */
export function sendMessageHandlers(
  transports: Transports,
  log: FastifyBaseLogger,
  concurrency: OutboxConcurrency = { sms: 1, email: 1 },
  smsAllowed: (clientId: number, phone: string) => boolean = () => true,
): JobHandler[] {
  const gates: Record<CodeChannel, ProviderGate> = {
    sms: new ProviderGate(concurrency.sms),
    email: new ProviderGate(concurrency.email),
  };
  const handler = (type: JobType<SendPayload>, urgent: boolean) =>
    handleJob(
      type,
      async ({ outboxId }, { db, clock, job }) => {
        const [message] = await db
          .select()
          .from(outbox)
          .where(and(eq(outbox.id, outboxId), eq(outbox.status, 'pending')));
        // Sent already (a try whose end was not recorded), or deleted with its account: nothing to do.
        if (!message) return;
        if (message.channel === 'sms' && !smsAllowed(message.clientId, message.destination)) {
          log.warn(
            { event: 'outbox_sms_country_refused', outboxId, destination: maskDestination(message) },
            'SMS to a country the marina does not allow: not sent',
          );
          await db.update(outbox).set({ status: 'failed', text: '' }).where(eq(outbox.id, outboxId));
          return;
        }
        const transport = message.channel === 'sms' ? transports.sms : transports.email;
        try {
          await gates[message.channel].run(urgent, () => transport.send(message));
        } catch (error) {
          log.warn(
            {
              event: 'outbox_send_failed',
              outboxId,
              channel: message.channel,
              destination: maskDestination(message),
              transport: transport.name,
              attempt: job.attempt,
              reason: describeError(error),
            },
            'outbox message not sent',
          );
          throw error;
        }
        // The text (codes, links) has done its job: a sent row keeps only its metadata.
        await db.update(outbox).set({ status: 'sent', sentAt: clock(), text: '' }).where(eq(outbox.id, outboxId));
      },
      async ({ outboxId }, tx) => {
        await tx
          .update(outbox)
          .set({ status: 'failed', text: '' })
          .where(and(eq(outbox.id, outboxId), eq(outbox.status, 'pending')));
      },
    );
  return [
    handler(SEND_MESSAGE.urgent.sms, true),
    handler(SEND_MESSAGE.urgent.email, true),
    handler(SEND_MESSAGE.normal.sms, false),
    handler(SEND_MESSAGE.normal.email, false),
    handler(SEND_MESSAGE_BEFORE_LANES, false),
  ];
}
