/**
 * Telling a customer something the marina or the platform did: in the app (a notification, always), by Web Push
 * to their browsers and by SMS or e-mail through the outbox, by the marina's channel (the registration channel
 * rule: SMS marinas write to the mobile, the others to the proven e-mail), as the person chose for the notice's
 * kind (push-delivery.ts, decision 061), in Spanish. Called in the transaction that made the change, so the
 * notice and its pushes and messages exist exactly when the change does.
 */
import type { PushPayload } from '@marina/core/domain/push.ts';
import type { NotificationType } from '@marina/core/domain/accounts.ts';
import { codeChannelFor } from '@marina/core/domain/platform.ts';
import { provenEmail } from '../accounts/email-confirmations.ts';
import type { ClientRecord } from '../clients/client-directory.ts';
import type { Config } from '../config.ts';
import type { Tx } from '../db/database.ts';
import type { AccountRow } from '../accounts/accounts.schema.ts';
import { enqueueMessage } from '../outbox/outbox.ts';
import { pushNotice } from '../push/push-delivery.ts';
import { createNotification } from './notifications.ts';

export interface CustomerNotice {
  type: NotificationType;
  title: string;
  /** The app's text. */
  body: string;
  /** Where the notification opens in the app. */
  link: string | null;
  /** The SMS, short and naming the marina. */
  sms: string;
  /** What the e-mail adds after the body: where to find it in the app. */
  emailFooter: string;
  /** A safety alert (an overdue outing): never waits behind other messages or pushes (decision 039). */
  urgent?: boolean;
  /**
   * What the lock screen shows, and the kind whose channel the person chose (push-notices.ts); none for a notice
   * of no such kind, which goes by message only, as before pushes.
   */
  push?: PushPayload;
}

export async function tellCustomer(
  tx: Tx,
  { client, owner }: { client: ClientRecord; owner: Pick<AccountRow, 'id' | 'phone' | 'email' | 'emailVerifiedAt'> },
  notice: CustomerNotice,
  now: Date,
  config: Pick<Config, 'devRoutes'>,
): Promise<void> {
  await createNotification(
    tx,
    {
      clientId: client.id,
      accountId: owner.id,
      type: notice.type,
      title: notice.title,
      body: notice.body,
      link: notice.link,
    },
    now,
  );
  const { message } = await pushNotice(tx, { clientId: client.id, accountId: owner.id }, notice.push, {
    urgent: notice.urgent ?? false,
    now,
  });
  if (!message) return;
  const channel = codeChannelFor(client.sendsSms);
  const destination = channel === 'sms' ? owner.phone : provenEmail(owner);
  if (destination === null) return;
  await enqueueMessage(
    tx,
    {
      clientId: client.id,
      accountId: owner.id,
      channel,
      destination,
      subject: `${client.title}: ${notice.title.toLowerCase()}`,
      text: channel === 'sms' ? notice.sms : `${notice.body}\n\n${notice.emailFooter}`,
      urgent: notice.urgent ?? false,
    },
    now,
    config,
  );
}
