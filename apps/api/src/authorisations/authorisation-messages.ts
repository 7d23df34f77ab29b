/**
 * What an authorised person is told (docs/product.md §4.8), in Spanish, naming the marina and the owner: the
 * code that proves their contact (with, when they have no account, how to register), the validation, the
 * suspension and the reactivation. The code goes by the marina's channel to the contact the owner typed; the
 * notices also reach the person's account in the app when they have one.
 */
import { paths } from '@marina/core/domain/app-paths.ts';
import { formatCalendarDate } from '@marina/core/domain/calendar.ts';
import { codeChannelFor, type CodeChannel } from '@marina/core/domain/platform.ts';
import type { ClientRecord } from '../clients/client-directory.ts';
import type { Config } from '../config.ts';
import type { Tx } from '../db/database.ts';
import type { AccountRow } from '../accounts/accounts.schema.ts';
import { createNotification } from '../notifications/notifications.ts';
import { enqueueMessage } from '../outbox/outbox.ts';
import { personName, personText, PERSON_NOTE_MAX } from '../outbox/person-text.ts';
import { CODE_TTL_MS } from '../security/limits.ts';
import type { AuthorisationRow } from './authorisations.schema.ts';

const CODE_MINUTES = CODE_TTL_MS / 60_000;

type Owner = Pick<AccountRow, 'firstName' | 'surnames'>;

/** Names the owner typed travel only as personText lets them (docs/product.md §7.6). */
const ownerName = (owner: Owner) => personName(owner, 'El titular de un barco');

function period(row: Pick<AuthorisationRow, 'validFrom' | 'validTo'>): string {
  return row.validTo === null
    ? `desde el ${formatCalendarDate(row.validFrom)}`
    : `del ${formatCalendarDate(row.validFrom)} al ${formatCalendarDate(row.validTo)}`;
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
  const subject = `${client.title}: ${ownerName(owner)} quiere autorizarte a usar su barco`;
  const register = `Cuando esté validada, verás el barco en la app de ${client.title}, en Mis barcos, con una cuenta que tenga este mismo documento (${row.document}) y este correo; si aún no la tienes, regístrate con ellos.`;
  if (channel === 'sms') {
    return {
      subject,
      code,
      text: `${client.title}: ${ownerName(owner)} te autoriza a usar su barco. Dale este código para validarlo: ${code} (caduca en ${CODE_MINUTES} min). Lo verás en la app entrando, o registrándote, con tu mismo documento y este teléfono.`,
    };
  }
  return {
    subject,
    code,
    text: [
      `Hola, ${personText(row.firstName)}:`,
      '',
      `${ownerName(owner)} quiere autorizarte a usar su barco en ${client.title} ${period(row)}.`,
      'Si estás de acuerdo, dale este código para que termine la autorización:',
      '',
      `    ${code}`,
      '',
      `Caduca en ${CODE_MINUTES} minutos.`,
      register,
      'Si no conoces a esta persona, ignora este mensaje.',
    ].join('\n'),
  };
}

export type PersonNoticeKind = 'validated' | 'suspended' | 'reactivated';

function personNotice(kind: PersonNoticeKind, client: ClientRecord, owner: Owner, row: AuthorisationRow) {
  switch (kind) {
    case 'validated':
      return {
        type: 'authorisation_validated' as const,
        title: 'Autorización activa',
        body: `${ownerName(owner)} te ha autorizado a usar su barco ${period(row)}. Lo tienes en Mis barcos.`,
      };
    case 'suspended':
      return {
        type: 'authorisation_suspended' as const,
        title: 'Autorización suspendida',
        body:
          `${ownerName(owner)} ha suspendido tu autorización para usar su barco` +
          `${row.suspensionReason ? `. Motivo: ${personText(row.suspensionReason, PERSON_NOTE_MAX)}` : ''}. Tus bajadas pedidas con esa autorización se han cancelado.`,
      };
    case 'reactivated':
      return {
        type: 'authorisation_validated' as const,
        title: 'Autorización reactivada',
        body: `${ownerName(owner)} ha reactivado tu autorización para usar su barco ${period(row)}.`,
      };
  }
}

/**
 * Tells the person, in the transaction that made the change: a notification in the app when they have an
 * account at the marina, and a message by the marina's channel to the contact on the authorisation.
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
  if (person)
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
  const { channel, destination } = personDestination(client, row);
  await enqueueMessage(
    tx,
    {
      clientId: client.id,
      accountId: person?.id ?? owner.id,
      channel,
      destination,
      subject: `${client.title}: ${notice.title.toLowerCase()}`,
      text:
        channel === 'sms' ? `${client.title}: ${notice.body}` : `Hola, ${personText(row.firstName)}:\n\n${notice.body}`,
    },
    now,
    config,
  );
}
