/**
 * What a customer is told about their launch when someone else changes it: staff (confirmed, rejected, in the
 * water, completed, cancelled, a closure), the boat's owner (cancelled, decision 033) or the platform (promoted from the waiting list, expired without an
 * answer, a waiting entry whose slot passed, reminders). Their own changes need no message.
 */
import { paths } from '@marina/core/domain/app-paths.ts';
import { describeSlot } from '@marina/core/domain/zone-time.ts';
import type { ClientRecord } from '../clients/client-directory.ts';
import type { Config } from '../config.ts';
import type { Tx } from '../db/database.ts';
import type { AccountRow } from '../accounts/accounts.schema.ts';
import type { BoatRow } from '../boats/boats.schema.ts';
import type { LaunchRow } from './launches.schema.ts';
import { tellCustomer, type CustomerNotice } from '../notifications/tell-customer.ts';
import { personText } from '../outbox/person-text.ts';

export type LaunchNoticeKind =
  | 'confirmed'
  | 'promoted'
  | 'promoted_pending'
  | 'rejected'
  | 'cancelled_by_staff'
  | 'closure'
  | 'expired'
  | 'waitlist_ended'
  | 'cancelled_by_owner'
  | 'in_water'
  | 'completed'
  | 'reminder_day'
  | 'reminder_hours';

export interface LaunchNoticeSubject {
  client: ClientRecord;
  owner: AccountRow;
  boat: Pick<BoatRow, 'name'>;
  launch: Pick<LaunchRow, 'id' | 'slotStart' | 'cancellationReason'>;
  /** Who made the change, when a customer other than the one told (the boat's owner). */
  by?: string;
}

function notice(
  kind: LaunchNoticeKind,
  { client, boat: named, launch, by: byName }: LaunchNoticeSubject,
): CustomerNotice {
  // The boat's name and the owner's are the owner's own words: they travel only as personText lets them
  // (docs/product.md §7.6). A reason is staff's, the marina's own words.
  const boat = { name: personText(named.name) || 'tu barco' };
  const by = byName === undefined ? undefined : personText(byName) || undefined;
  const when = describeSlot(launch.slotStart, client.timeZone);
  const reason = launch.cancellationReason ?? '';
  const footer = 'Lo tienes en la app, en Mis bajadas.';
  const base = (type: CustomerNotice['type'], title: string, body: string, sms: string): CustomerNotice => ({
    type,
    title,
    body,
    link: paths.pedidosbajadas,
    sms: `${client.title}: ${sms}`,
    emailFooter: footer,
  });
  switch (kind) {
    case 'confirmed':
      return base(
        'launch_confirmed',
        'Bajada confirmada',
        `Tu bajada de ${boat.name} del ${when} está confirmada.`,
        `bajada de ${boat.name} confirmada, ${when}.`,
      );
    case 'promoted':
      return base(
        'launch_confirmed',
        'Tienes plaza: bajada confirmada',
        `Se ha liberado una plaza y tu bajada de ${boat.name} del ${when} ya está confirmada.`,
        `se ha liberado una plaza: bajada de ${boat.name} confirmada, ${when}.`,
      );
    case 'promoted_pending':
      return base(
        'launch_confirmed',
        'Tienes plaza: pendiente de confirmar',
        `Se ha liberado una plaza para tu bajada de ${boat.name} del ${when}; el puerto te la confirmará.`,
        `se ha liberado una plaza para ${boat.name}, ${when}; pendiente de que el puerto la confirme.`,
      );
    case 'rejected':
      return base(
        'launch_cancelled_by_marina',
        'Bajada no aceptada',
        `El puerto no ha aceptado tu bajada de ${boat.name} del ${when}. Motivo: ${reason}`,
        `no podemos hacer la bajada de ${boat.name} del ${when}. Motivo: ${reason}`,
      );
    case 'cancelled_by_staff':
    case 'closure':
      return base(
        'launch_cancelled_by_marina',
        'Bajada cancelada por el puerto',
        `El puerto ha cancelado tu bajada de ${boat.name} del ${when}. Motivo: ${reason}`,
        `hemos cancelado la bajada de ${boat.name} del ${when}. Motivo: ${reason}`,
      );
    case 'expired':
      return base(
        'launch_cancelled_by_marina',
        'Bajada sin confirmar',
        `Tu bajada de ${boat.name} del ${when} no se ha podido confirmar a tiempo y se ha anulado. Pide otra si la sigues necesitando.`,
        `la bajada de ${boat.name} del ${when} no se confirmó a tiempo y se ha anulado.`,
      );
    case 'waitlist_ended':
      return base(
        'launch_cancelled_by_marina',
        'Lista de espera terminada',
        `No se ha liberado ninguna plaza para tu bajada de ${boat.name} del ${when}. Sales de la lista de espera.`,
        `no hubo plaza para ${boat.name} el ${when}; sales de la lista de espera.`,
      );
    case 'cancelled_by_owner':
      return base(
        'launch_cancelled_by_owner',
        'Bajada cancelada por el titular',
        `${by ?? 'El titular del barco'}, titular de ${boat.name}, ha cancelado tu bajada del ${when}.${by ? ` Si aún la necesitas, habla con ${by} antes de pedir otra.` : ''}`,
        `${by ?? 'el titular'} ha cancelado tu bajada de ${boat.name} del ${when}.`,
      );
    case 'in_water':
      return base(
        'boat_in_water',
        'Tu barco está en el agua',
        `${boat.name} ya está en el agua. Cuando vuelvas al pantalán, márcalo como «Listo para subir».`,
        `${boat.name} ya está en el agua. Al volver, márcalo en la app como listo para subir.`,
      );
    case 'completed':
      return base(
        'launch_completed',
        'Barco de vuelta en el rack',
        `${boat.name} ya está de vuelta en su sitio. ¡Gracias!`,
        `${boat.name} ya está de vuelta en el rack.`,
      );
    case 'reminder_day':
      return base(
        'launch_reminder',
        'Tu bajada es mañana',
        `Recuerda: bajada de ${boat.name} el ${when}.`,
        `recuerda tu bajada de ${boat.name} mañana, ${when}.`,
      );
    case 'reminder_hours':
      return base(
        'launch_reminder',
        'Tu bajada es dentro de dos horas',
        `Recuerda: bajada de ${boat.name} hoy, ${when}.`,
        `tu bajada de ${boat.name} es hoy, ${when}.`,
      );
  }
}

/** In the transaction that made the change. */
export async function tellLaunch(
  tx: Tx,
  kind: LaunchNoticeKind,
  subject: LaunchNoticeSubject,
  now: Date,
  config: Pick<Config, 'devRoutes'>,
): Promise<void> {
  await tellCustomer(tx, subject, notice(kind, subject), now, config);
}
