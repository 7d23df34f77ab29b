/**
 * What a customer is told about their launch when someone else changes it (decision 044): the notification's
 * title and body, and the SMS after the marina's name. The server gives the values: the boat's name and the
 * canceller's made fit to travel (docs/product.md §7.6), the slot written out, staff's reason as written.
 */

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
  | 'reminder_hours'
  | 'stow_reminder';

export interface LaunchNoticeValues {
  /** The boat's name, or `launchNoticeWords.unnamedBoat`. */
  boat: string;
  /** The slot, written out. */
  when: string;
  /** Staff's reason, for a rejection or cancellation ('' when none). */
  reason: string;
  /** Who cancelled, when the boat's owner did and their name may travel. */
  by: string | undefined;
  /** The launch's planned return, a time in the marina's zone (`14:00`). */
  back: string;
}

/**
 * Why the system cancelled a launch, kept on the launch and read in its notice («Motivo: …»). `suspended`
 * carries the owner's reason as they wrote it, when they gave one.
 */
export const launchCancellationReasons = {
  expired: 'El puerto no la confirmó en 48 horas',
  waitlist_ended: 'No se liberó ninguna plaza a tiempo',
  authorised_account_deleted: 'La persona autorizada ha borrado su cuenta',
  outside_new_period: 'Fuera del nuevo periodo de la autorización',
  suspended: ({ reason }: { reason: string }) =>
    reason === ''
      ? 'Autorización suspendida por el propietario'
      : `Autorización suspendida por el propietario: ${reason}`,
};

export const launchNoticeWords = {
  unnamedBoat: 'tu barco',
  emailFooter: 'Lo tienes en la app, en Mis bajadas.',
};

export const launchNotices: Record<
  LaunchNoticeKind,
  (values: LaunchNoticeValues) => { title: string; body: string; sms: string }
> = {
  confirmed: ({ boat, when }) => ({
    title: 'Bajada confirmada',
    body: `Tu bajada de ${boat} del ${when} está confirmada.`,
    sms: `bajada de ${boat} confirmada, ${when}.`,
  }),
  promoted: ({ boat, when }) => ({
    title: 'Tienes plaza: bajada confirmada',
    body: `Se ha liberado una plaza y tu bajada de ${boat} del ${when} ya está confirmada.`,
    sms: `se ha liberado una plaza: bajada de ${boat} confirmada, ${when}.`,
  }),
  promoted_pending: ({ boat, when }) => ({
    title: 'Tienes plaza: pendiente de confirmar',
    body: `Se ha liberado una plaza para tu bajada de ${boat} del ${when}; el puerto te la confirmará.`,
    sms: `se ha liberado una plaza para ${boat}, ${when}; pendiente de que el puerto la confirme.`,
  }),
  rejected: ({ boat, when, reason }) => ({
    title: 'Bajada no aceptada',
    body: `El puerto no ha aceptado tu bajada de ${boat} del ${when}. Motivo: ${reason}`,
    sms: `no podemos hacer la bajada de ${boat} del ${when}. Motivo: ${reason}`,
  }),
  cancelled_by_staff: ({ boat, when, reason }) => ({
    title: 'Bajada cancelada por el puerto',
    body: `El puerto ha cancelado tu bajada de ${boat} del ${when}. Motivo: ${reason}`,
    sms: `hemos cancelado la bajada de ${boat} del ${when}. Motivo: ${reason}`,
  }),
  closure: ({ boat, when, reason }) => ({
    title: 'Bajada cancelada por el puerto',
    body: `El puerto ha cancelado tu bajada de ${boat} del ${when}. Motivo: ${reason}`,
    sms: `hemos cancelado la bajada de ${boat} del ${when}. Motivo: ${reason}`,
  }),
  expired: ({ boat, when }) => ({
    title: 'Bajada sin confirmar',
    body: `Tu bajada de ${boat} del ${when} no se ha podido confirmar a tiempo y se ha anulado. Pide otra si la sigues necesitando.`,
    sms: `la bajada de ${boat} del ${when} no se confirmó a tiempo y se ha anulado.`,
  }),
  waitlist_ended: ({ boat, when }) => ({
    title: 'Lista de espera terminada',
    body: `No se ha liberado ninguna plaza para tu bajada de ${boat} del ${when}. Sales de la lista de espera.`,
    sms: `no hubo plaza para ${boat} el ${when}; sales de la lista de espera.`,
  }),
  cancelled_by_owner: ({ boat, when, by }) => ({
    title: 'Bajada cancelada por el titular',
    body: `${by ?? 'El titular del barco'}, titular de ${boat}, ha cancelado tu bajada del ${when}.${by ? ` Si aún la necesitas, habla con ${by} antes de pedir otra.` : ''}`,
    sms: `${by ?? 'el titular'} ha cancelado tu bajada de ${boat} del ${when}.`,
  }),
  in_water: ({ boat }) => ({
    title: 'Tu barco está en el agua',
    body: `${boat} ya está en el agua. Cuando vuelvas al pantalán, márcalo como «Listo para subir».`,
    sms: `${boat} ya está en el agua. Al volver, márcalo en la app como listo para subir.`,
  }),
  completed: ({ boat }) => ({
    title: 'Barco de vuelta en el rack',
    body: `${boat} ya está de vuelta en su sitio. ¡Gracias!`,
    sms: `${boat} ya está de vuelta en el rack.`,
  }),
  reminder_day: ({ boat, when }) => ({
    title: 'Tu bajada es mañana',
    body: `Recuerda: bajada de ${boat} el ${when}.`,
    sms: `recuerda tu bajada de ${boat} mañana, ${when}.`,
  }),
  reminder_hours: ({ boat, when }) => ({
    title: 'Tu bajada es dentro de dos horas',
    body: `Recuerda: bajada de ${boat} hoy, ${when}.`,
    sms: `tu bajada de ${boat} es hoy, ${when}.`,
  }),
  stow_reminder: ({ boat, back }) => ({
    title: 'Recuerda marcar «Listo para subir»',
    body: `La vuelta de ${boat} está prevista a las ${back}. Cuando estés en el pantalán, márcalo como «Listo para subir» y el puerto lo subirá al rack.`,
    sms: `la vuelta de ${boat} está prevista a las ${back}. Al llegar al pantalán, márcalo en la app como listo para subir.`,
  }),
};

export interface MaintenanceNoticeValues {
  /** The boat's name, or `launchNoticeWords.unnamedBoat`. */
  boat: string;
  /** The launch's slot, written out. */
  when: string;
}

/**
 * A boat staff have just put in maintenance while it has a launch still to come (docs/product.md §4.7): the
 * launch is not cancelled, the boat simply cannot go down until the work ends. `asker` is for the person who
 * asked for the launch, the boat's owner or an authorised person (`own` says which); `owner` is for the
 * boat's owner when someone else asked (`bookedBy`, their name fit to travel).
 */
export const maintenanceNotices = {
  asker: ({ boat, when, own }: MaintenanceNoticeValues & { own: boolean }) => ({
    title: own ? 'Tu barco está en mantenimiento' : 'El barco está en mantenimiento',
    body: `El puerto ha puesto ${boat} en mantenimiento. Tu bajada del ${when} sigue pedida, pero el barco no podrá bajar al agua mientras siga en mantenimiento. Si tienes dudas, llama al puerto.`,
    sms: `${boat} está en mantenimiento. Tu bajada del ${when} sigue pedida, pero no podrá bajar al agua hasta que termine. Si tienes dudas, llámanos.`,
  }),
  owner: ({ boat, when, bookedBy }: MaintenanceNoticeValues & { bookedBy: string }) => ({
    title: 'Tu barco está en mantenimiento',
    body: `El puerto ha puesto ${boat} en mantenimiento. La bajada que pidió ${bookedBy} para el ${when} sigue pedida, pero el barco no podrá bajar al agua mientras siga en mantenimiento. Si tienes dudas, llama al puerto.`,
    sms: `${boat} está en mantenimiento. La bajada que pidió ${bookedBy} para el ${when} sigue pedida, pero no podrá bajar al agua hasta que termine.`,
  }),
};
