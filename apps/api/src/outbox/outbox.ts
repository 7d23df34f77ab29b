/**
 * Writing messages to the outbox. Call it with the transaction that creates what the message carries (a
 * code, a link), so a message exists exactly when its code does; its sending job sends it afterwards, in its
 * channel's lane, urgent or not (outbox-sending.ts).
 */
import type { CodeChannel } from '@marina/core/domain/platform.ts';
import type { Config } from '../config.ts';
import type { Executor } from '../db/database.ts';
import { enqueueJob } from '../jobs/job-queue.ts';
import { SEND_MESSAGE } from './outbox-sending.ts';
import { outbox } from './outbox.schema.ts';

export interface OutgoingMessage {
  clientId: number;
  accountId?: string | null;
  channel: CodeChannel;
  /** E-mail address or E.164 phone. */
  destination: string;
  /** E-mail subject; SMS have none. */
  subject?: string | null;
  text: string;
  /** The verification code the text carries, copied for the development outbox only. */
  code?: string | null;
  /** The link the text carries, copied for the development outbox only. */
  link?: string | null;
  /**
   * Never waits behind other messages (decision 039): only a code the person waits for at the screen for
   * their own account (registration, password reset, their new contact) and a safety alert (an overdue
   * outing). Not an invitation, nor anything else a person sends to an address they choose.
   */
  urgent?: boolean;
}

/**
 * `config.devRoutes` decides whether the code and link are copied into their own columns: only the
 * development outbox reads them, and it never exists in production, where they must not be kept in clear.
 */
export async function enqueueMessage(
  db: Executor,
  message: OutgoingMessage,
  now: Date,
  config: Pick<Config, 'devRoutes'>,
): Promise<void> {
  // The message and its job together (a savepoint inside the caller's transaction).
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(outbox)
      .values({
        clientId: message.clientId,
        accountId: message.accountId ?? null,
        channel: message.channel,
        destination: message.destination,
        subject: message.channel === 'email' ? (message.subject ?? null) : null,
        text: message.text,
        code: config.devRoutes ? (message.code ?? null) : null,
        link: config.devRoutes ? (message.link ?? null) : null,
        createdAt: now,
      })
      .returning({ id: outbox.id });
    await enqueueJob(
      tx,
      SEND_MESSAGE[message.urgent ? 'urgent' : 'normal'][message.channel],
      { outboxId: row!.id },
      { now },
    );
  });
}
