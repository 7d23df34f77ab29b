/**
 * What an authorised person is told (docs/product.md §4.8), naming the marina and the owner, in the message
 * catalogue's words (`@marina/core/messages/authorisation-notices.ts`, decision 044): the
 * code that proves their contact (with, when they have no account, how to register), the validation, the
 * suspension and the reactivation. The code goes by the marina's channel to the contact the owner typed; the
 * notices also reach the person's account in the app when they have one.
 */
import { paths } from '@marina/core/domain/app-paths.ts';
import { formatDay } from '@marina/core/domain/format-dates.ts';
import { codeChannelFor, type CodeChannel } from '@marina/core/domain/platform.ts';
import { authorisationNotices, type PersonNoticeKind } from '@marina/core/messages/authorisation-notices.ts';
import { pushNotices } from '@marina/core/messages/push-notices.ts';
import type { ClientRecord } from '../clients/client-directory.ts';
import type { Config } from '../config.ts';
import type { Tx } from '../db/database.ts';
import type { AccountRow } from '../accounts/accounts.schema.ts';
import { createNotification } from '../notifications/notifications.ts';
import { enqueueMessage } from '../outbox/outbox.ts';
import { pushNotice } from '../push/push-delivery.ts';
import { personName, personText, PERSON_NOTE_MAX } from '../outbox/person-text.ts';
import { CODE_TTL_MS } from '../security/limits.ts';
import type { AuthorisationRow } from './authorisations.schema.ts';

const CODE_MINUTES = CODE_TTL_MS / 60_000;

type Owner = Pick<AccountRow, 'firstName' | 'surnames'>;

/** Names the owner typed travel only as personText lets them (docs/product.md §7.6). */
const ownerName = (owner: Owner) => personName(owner, authorisationNotices.unnamedOwner);

function period(row: Pick<AuthorisationRow, 'validFrom' | 'validTo'>): string {
  return authorisationNotices.period({
    from: formatDay(row.validFrom),
    to: row.validTo === null ? null : formatDay(row.validTo),
  });
}

/** Where the person's messages go: the phone on SMS marinas, the e-mail elsewhere (as typed by the owner). */
export function personDestination(
  client: Pick<ClientRecord, 'sendsSms'>,
  row: Pick<AuthorisationRow, 'phone' | 'email'>,
): { channel: CodeChannel; destination: string } {
  const channel = codeChannelFor(client.sendsSms);
  return { channel, destination: channel === 'sms' ? row.phone : row.email };
}

/**
 * The code, and how the person finds the boat in the app: the same words whether or not they have an account at
 * the marina, since the owner chooses where the message goes and must not learn that (docs/product.md §7.4). The
 * boat reaches only an account with the document and this very contact, proven (decision 038), so both are said.
 */
export function authorisationCodeMessage(
  client: ClientRecord,
  owner: Owner,
  row: AuthorisationRow,
  channel: CodeChannel,
  code: string,
) {
  const words = authorisationNotices.code({
    marina: client.title,
    owner: ownerName(owner),
    person: personText(row.firstName),
    document: row.document,
    period: period(row),
    channel,
    code,
    minutes: CODE_MINUTES,
  });
  return { subject: words.subject, code, text: words.text };
}

export type { PersonNoticeKind };

const NOTICE_TYPES = {
  validated: 'authorisation_validated',
  suspended: 'authorisation_suspended',
  reactivated: 'authorisation_validated',
} as const satisfies Record<PersonNoticeKind, string>;

function personNotice(kind: PersonNoticeKind, client: ClientRecord, owner: Owner, row: AuthorisationRow) {
  const words = authorisationNotices.notices[kind]({
    owner: ownerName(owner),
    period: period(row),
    reason: row.suspensionReason ? personText(row.suspensionReason, PERSON_NOTE_MAX) : null,
  });
  return { type: NOTICE_TYPES[kind], ...words };
}

/**
 * Tells the person, in the transaction that made the change: a notification in the app when they have an
 * account at the marina, pushes to their browsers as they chose (decision 061), and a message by the marina's
 * channel to the contact on the authorisation, unless they chose push only and have a browser to push to.
 */
export async function tellPerson(
  tx: Tx,
  kind: PersonNoticeKind,
  {
    client,
    owner,
    row,
    person,
  }: {
    client: ClientRecord;
    owner: Pick<AccountRow, 'id' | 'firstName' | 'surnames'>;
    row: AuthorisationRow;
    person: AccountRow | null;
  },
  now: Date,
  config: Pick<Config, 'devRoutes'>,
): Promise<void> {
  const notice = personNotice(kind, client, owner, row);
  let message = true;
  if (person) {
    await createNotification(
      tx,
      {
        clientId: client.id,
        accountId: person.id,
        type: notice.type,
        title: notice.title,
        body: notice.body,
        link: paths.misbarcos,
      },
      now,
    );
    ({ message } = await pushNotice(
      tx,
      { clientId: client.id, accountId: person.id },
      {
        ...pushNotices.authorisation[kind],
        url: paths.misbarcos,
        tag: `authorisation-${row.id}`,
        kind: 'authorisation',
      },
      { urgent: false, now },
    ));
  }
  if (!message) return;
  const { channel, destination } = personDestination(client, row);
  await enqueueMessage(
    tx,
    {
      clientId: client.id,
      accountId: person?.id ?? owner.id,
      channel,
      destination,
      ...authorisationNotices.message({
        marina: client.title,
        person: personText(row.firstName),
        channel,
        title: notice.title,
        body: notice.body,
      }),
    },
    now,
    config,
  );
}
