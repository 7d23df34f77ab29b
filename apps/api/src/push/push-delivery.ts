/**
 * Which way a notice goes (issue 23, decision 061): by the person's channel for its kind on that marina
 * (`push`, `message`, `both`; `both` until they choose, always for the overdue-outing alert). A push goes to
 * every browser the account subscribed on that marina, one row and job each, written in the caller's transaction; the
 * message (SMS or e-mail, the outbox) goes unless the person chose push only and has somewhere to push to, so
 * nobody is left told nothing. The notification in the app is written whatever the channel (tell-customer.ts).
 */
import {
  DEFAULT_NOTICE_CHANNEL,
  LOCKED_NOTICE_KINDS,
  type NoticeChannel,
  type NoticeKind,
  type PushPayload,
} from '@marina/core/domain/push.ts';
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { enqueueJob } from '../jobs/job-queue.ts';
import { SEND_PUSH } from './push-sending.ts';
import { notificationPreferences, pushMessages, pushSubscriptions } from './push.schema.ts';

export interface Recipient {
  clientId: number;
  accountId: string;
}

/** The account's channel for `kind` on the marina. */
export async function channelFor(
  db: Executor,
  { clientId, accountId }: Recipient,
  kind: NoticeKind,
): Promise<NoticeChannel> {
  if (LOCKED_NOTICE_KINDS.has(kind)) return 'both';
  const [row] = await db
    .select({ channel: notificationPreferences.channel })
    .from(notificationPreferences)
    .where(
      and(
        eq(notificationPreferences.accountId, accountId),
        eq(notificationPreferences.clientId, clientId),
        eq(notificationPreferences.kind, kind),
      ),
    );
  return row?.channel ?? DEFAULT_NOTICE_CHANNEL;
}

/**
 * Enqueues the notice's pushes by the person's choice; answers whether the message must go too. Without `push`
 * (a notice of no kind a person chooses for: a welcome, a security notice) nothing is pushed and the message goes,
 * as before pushes existed.
 */
export async function pushNotice(
  db: Executor,
  to: Recipient,
  push: PushPayload | undefined,
  { urgent, now }: { urgent: boolean; now: Date },
): Promise<{ message: boolean; pushed: number }> {
  if (!push) return { message: true, pushed: 0 };
  const channel = await channelFor(db, to, push.kind);
  if (channel === 'message') return { message: true, pushed: 0 };
  const devices = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.accountId, to.accountId), eq(pushSubscriptions.clientId, to.clientId)))
    .orderBy(asc(pushSubscriptions.createdAt));
  const payload: PushPayload = {
    title: push.title,
    body: push.body,
    url: push.url,
    tag: push.tag,
    kind: push.kind,
    at: now.toISOString(),
  };
  for (const device of devices) {
    // The words wait in their own row, erased with the account; the job carries only its id (decision 014).
    const [row] = await db
      .insert(pushMessages)
      .values({ clientId: to.clientId, accountId: to.accountId, subscriptionId: device.id, payload, createdAt: now })
      .returning({ id: pushMessages.id });
    await enqueueJob(db, SEND_PUSH[urgent ? 'urgent' : 'normal'], { pushId: row!.id }, { now });
  }
  return { message: channel === 'both' || devices.length === 0, pushed: devices.length };
}
