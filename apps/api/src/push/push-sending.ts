/**
 * Sending Web Push (issue 23, decision 061): each push to one browser is a `push_messages` row and a job
 * (decision 014) carrying its id, written with the notice in the transaction that made the change
 * (push-delivery.ts), so the jobs module's claims, leases and retries apply: with several instances each push is
 * sent by one. The row goes once the push is sent or given up: its words are not kept. The payload is encrypted
 * for the browser (RFC 8291, aes128gcm) and signed with the deployment's VAPID key (RFC 8292) by `web-push`, never
 * by our own crypto.
 *
 * Pushes wait in two lanes of their own (decision 039): `push` for every notice, `push.urgent` for the
 * overdue-outing alert, which never waits behind the others. What the push service answers decides what
 * follows:
 *
 * - 2xx: sent;
 * - 404 / 410: the browser dropped the subscription; it is removed, and the job ends;
 * - 429, 5xx, no answer: tried again later (30 s, 1 min, 2 min… at most 30 min apart; 10 s… for the urgent
 *   lane), up to 6 tries;
 * - any other (400, 403, 413…): the push cannot be sent as it is; given up at once with a warning.
 *
 * Logs never carry the endpoint (a capability URL: whoever has it can push to that browser): only its origin.
 */
import { onPushService } from './push-hosts.ts';
import type { Agent } from 'node:https';
import type { PushPayload } from '@marina/core/domain/push.ts';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import webPush from 'web-push';
import type { VapidConfig } from '../config.ts';
import { describeError } from '../jobs/job-errors.ts';
import { defineJob, type JobType } from '../jobs/job-queue.ts';
import { handleJob, type JobHandler } from '../jobs/job-worker.ts';
import { pushMessages, pushSubscriptions } from './push.schema.ts';

/** What a push job carries: the id of its `push_messages` row, never the words (decision 014). */
export type PushJobPayload = { pushId: string };

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/** The job that sends a push, urgent (the overdue-outing alert) or not, each in its lane. */
export const SEND_PUSH: Readonly<Record<'urgent' | 'normal', JobType<PushJobPayload>>> = {
  normal: defineJob<PushJobPayload>('push.send', {
    maxAttempts: 6,
    backoff: { firstMs: 30 * SECOND, maxMs: 30 * MINUTE },
    lane: 'push',
  }),
  urgent: defineJob<PushJobPayload>('push.urgent', {
    maxAttempts: 6,
    backoff: { firstMs: 10 * SECOND, maxMs: 5 * MINUTE },
    lane: 'push.urgent',
  }),
};

/** Pushes of each lane at once, per instance: push services answer in tens of milliseconds. */
export const PUSH_LANES: Readonly<Record<string, { concurrency: number }>> = {
  [SEND_PUSH.normal.lane]: { concurrency: 4 },
  [SEND_PUSH.urgent.lane]: { concurrency: 2 },
};

/** How long a push service keeps a push for a browser that is offline: a day, an hour for a safety alert. */
export const PUSH_TTL_SECONDS = { normal: 24 * 60 * 60, urgent: 60 * 60 } as const;

export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface PushOptions {
  /** Seconds. */
  ttl: number;
  urgency: 'normal' | 'high';
}

/** The push service answered with something other than 2xx. */
export class PushServiceAnswer extends Error {
  readonly statusCode: number;

  constructor(statusCode: number) {
    super(`Push service answered ${statusCode}`);
    this.name = 'PushServiceAnswer';
    this.statusCode = statusCode;
  }
}

export interface PushTransport {
  readonly name: string;
  /** Resolves when the push service took it; throws PushServiceAnswer for an answer, anything else for none. */
  send(target: PushTarget, payload: string, options: PushOptions): Promise<void>;
}

const PUSH_TIMEOUT_MS = 10_000;

/**
 * Through `web-push`, signed with `vapid`. `agent` is for tests (a fake push service's own certificate);
 * production uses Node's default agent and trust store.
 */
export function webPushTransport(vapid: VapidConfig, { agent }: { agent?: Agent } = {}): PushTransport {
  return {
    name: 'web-push',
    async send(target, payload, options) {
      try {
        await webPush.sendNotification(target, payload, {
          vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
          TTL: options.ttl,
          urgency: options.urgency,
          timeout: PUSH_TIMEOUT_MS,
          ...(agent ? { agent } : {}),
        });
      } catch (error) {
        // Its error carries the endpoint and the service's body: only the status travels on.
        if (error instanceof webPush.WebPushError) throw new PushServiceAnswer(error.statusCode);
        throw error;
      }
    },
  };
}

/** A push endpoint as logs may show it: its origin (`https://fcm.googleapis.com`), never the path. */
export function maskEndpoint(endpoint: string): string {
  try {
    return new URL(endpoint).origin;
  } catch {
    return '(not a URL)';
  }
}

const GONE = new Set([404, 410]);
const retryable = (status: number) => status === 429 || status >= 500;

/**
 * `pushServiceHosts`: where an endpoint may be (config.ts); one stored before the list changed is removed
 * unsent, never posted to.
 */
export function sendPushHandlers(
  transport: PushTransport,
  log: FastifyBaseLogger,
  pushServiceHosts: readonly string[],
): JobHandler[] {
  const handler = (type: JobType<PushJobPayload>, urgent: boolean) =>
    handleJob(
      type,
      async ({ pushId }, { db, job }) => {
        const [found] = await db
          .select({ message: pushMessages, subscription: pushSubscriptions })
          .from(pushMessages)
          .innerJoin(pushSubscriptions, eq(pushSubscriptions.id, pushMessages.subscriptionId))
          .where(eq(pushMessages.id, pushId));
        // Sent already (a try whose end was not recorded), or gone with its subscription (signed out, account
        // deleted, dropped by the browser): nothing to push.
        if (!found) return;
        const { message, subscription } = found;
        const done = () => db.delete(pushMessages).where(eq(pushMessages.id, pushId));
        const fields = {
          pushId,
          subscriptionId: subscription.id,
          origin: maskEndpoint(subscription.endpoint),
          kind: message.payload.kind,
          attempt: job.attempt,
          transport: transport.name,
        };
        if (!onPushService(subscription.endpoint, pushServiceHosts)) {
          await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscription.id));
          log.warn({ event: 'push_subscription_refused', ...fields }, 'push subscription removed: not a push service');
          return;
        }
        try {
          await transport.send(
            { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
            JSON.stringify(message.payload satisfies PushPayload),
            {
              ttl: PUSH_TTL_SECONDS[urgent ? 'urgent' : 'normal'],
              urgency: urgent ? 'high' : 'normal',
            },
          );
        } catch (error) {
          const status = error instanceof PushServiceAnswer ? error.statusCode : undefined;
          if (status !== undefined && GONE.has(status)) {
            // The browser dropped it: the subscription goes, and every push still waiting for it with it.
            await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscription.id));
            log.info({ event: 'push_subscription_gone', ...fields, status }, 'push subscription removed: gone');
            return;
          }
          if (status !== undefined && !retryable(status)) {
            await done();
            log.warn({ event: 'push_refused', ...fields, status }, 'push refused by the push service: given up');
            return;
          }
          log.warn({ event: 'push_send_failed', ...fields, reason: describeError(error) }, 'push not sent');
          throw error;
        }
        // The words have done their job: nothing of them is kept.
        await done();
      },
      // Tried as often as allowed: the words go too.
      async ({ pushId }, tx) => {
        await tx.delete(pushMessages).where(eq(pushMessages.id, pushId));
      },
    );
  return [handler(SEND_PUSH.urgent, true), handler(SEND_PUSH.normal, false)];
}
