/**
 * Writing messages to the outbox. Call it with the transaction that creates what the message carries (a
 * code, a link), so a message exists exactly when its code does; the dispatcher sends it afterwards.
 */
import type { CodeChannel } from '@marina/core/domain/platform.ts';
import type { Executor } from '../db/database.ts';
import { outbox } from '../db/schema.ts';

export interface OutgoingMessage {
  clientId: number;
  accountId?: string | null;
  channel: CodeChannel;
  /** E-mail address or E.164 phone. */
  destination: string;
  /** E-mail subject; SMS have none. */
  subject?: string | null;
  text: string;
  /** The verification code the text carries, for the development outbox endpoint. */
  code?: string | null;
}

export async function enqueueMessage(db: Executor, message: OutgoingMessage, now: Date): Promise<void> {
  await db.insert(outbox).values({
    clientId: message.clientId,
    accountId: message.accountId ?? null,
    channel: message.channel,
    destination: message.destination,
    subject: message.channel === 'email' ? (message.subject ?? null) : null,
    text: message.text,
    code: message.code ?? null,
    createdAt: now,
    nextAttemptAt: now,
  });
}
