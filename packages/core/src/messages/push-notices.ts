/**
 * What a push shows on a phone's lock screen (issue 23, decision 061), and the names of the kinds a person
 * chooses a channel for in `micuenta`. A lock screen is read by whoever holds the phone: the sentences say what
 * happened and when, never a name, a boat's name, a reason, a phone or an e-mail; the app, once opened, says the
 * rest. The server gives `when` written out in the marina's zone (`sábado 6 de junio a las 11:00`) and `back`, a
 * time.
 */
import type { NoticeKind } from '../domain/push.ts';

/** How each kind is named where a person chooses its channel. */
export const noticeKindLabels: Record<NoticeKind, string> = {
  launch_confirmed: 'Bajada confirmada',
  launch_cancelled: 'Bajada cancelada o no aceptada',
  waitlist_promoted: 'Plaza liberada en la lista de espera',
  boat_in_water: 'Barco en el agua',
  boat_back: 'Barco de vuelta en su sitio',
  launch_reminder: 'Recordatorios de bajada',
  stow_reminder: 'Aviso de «Listo para subir»',
  contract_approved: 'Contrato aprobado o no aprobado',
  authorisation: 'Autorizaciones',
  data_to_confirm: 'Datos por confirmar',
  outing_overdue: 'Salida sin volver a su hora',
};

/** How each channel is named. */
export const noticeChannelLabels = {
  push: 'Notificación en el móvil',
  message: 'SMS o e-mail del puerto',
  both: 'Las dos',
} as const;

type Words = { title: string; body: string };
type When = { when: string };

export const pushNotices = {
  launch: {
    confirmed: ({ when }: When): Words => ({
      title: 'Bajada confirmada',
      body: `Tu bajada del ${when} está confirmada.`,
    }),
    promoted: ({ when }: When): Words => ({
      title: 'Tienes plaza',
      body: `Se ha liberado una plaza: tu bajada del ${when} está confirmada.`,
    }),
    promoted_pending: ({ when }: When): Words => ({
      title: 'Tienes plaza',
      body: `Se ha liberado una plaza para tu bajada del ${when}; el puerto te la confirmará.`,
    }),
    rejected: ({ when }: When): Words => ({
      title: 'Bajada no aceptada',
      body: `El puerto no ha aceptado tu bajada del ${when}.`,
    }),
    cancelled_by_staff: ({ when }: When): Words => ({
      title: 'Bajada cancelada',
      body: `El puerto ha cancelado tu bajada del ${when}.`,
    }),
    closure: ({ when }: When): Words => ({
      title: 'Bajada cancelada',
      body: `El puerto ha cancelado tu bajada del ${when}.`,
    }),
    expired: ({ when }: When): Words => ({
      title: 'Bajada sin confirmar',
      body: `Tu bajada del ${when} no se confirmó a tiempo y se ha anulado.`,
    }),
    waitlist_ended: ({ when }: When): Words => ({
      title: 'Lista de espera terminada',
      body: `No se ha liberado ninguna plaza para tu bajada del ${when}.`,
    }),
    cancelled_by_owner: ({ when }: When): Words => ({
      title: 'Bajada cancelada',
      body: `El titular del barco ha cancelado tu bajada del ${when}.`,
    }),
    in_water: (_: When): Words => ({
      title: 'Tu barco está en el agua',
      body: 'Cuando vuelvas al pantalán, márcalo como «Listo para subir».',
    }),
    completed: (_: When): Words => ({
      title: 'Barco de vuelta en el rack',
      body: 'Tu barco ya está de vuelta en su sitio.',
    }),
    reminder_day: ({ when }: When): Words => ({
      title: 'Tu bajada es mañana',
      body: `Recuerda: bajada el ${when}.`,
    }),
    reminder_hours: ({ when }: When): Words => ({
      title: 'Tu bajada es dentro de dos horas',
      body: `Recuerda: bajada el ${when}.`,
    }),
    stow_reminder: ({ back }: When & { back: string }): Words => ({
      title: `Vuelta prevista a las ${back}`,
      body: 'Al llegar al pantalán, marca tu bajada como «Listo para subir».',
    }),
  },
  contract: {
    approved: { title: 'Contrato aprobado', body: 'El puerto ha aprobado el contrato de tu barco.' },
    rejected: {
      title: 'Contrato no aprobado',
      body: 'El puerto no ha aprobado el contrato de tu barco. Mira el motivo en la app.',
    },
  },
  authorisation: {
    validated: { title: 'Autorización activa', body: 'Ya puedes pedir bajadas con la autorización del titular.' },
    reactivated: { title: 'Autorización reactivada', body: 'El titular ha reactivado tu autorización.' },
    suspended: { title: 'Autorización suspendida', body: 'El titular ha suspendido tu autorización.' },
    attached: { title: 'Autorización en uso', body: 'La persona que autorizaste ya la usa con su cuenta.' },
    ended: { title: 'Autorización terminada', body: 'Una de tus autorizaciones ha terminado.' },
  },
  dataToConfirm: {
    title: 'Confirma tus datos',
    body: 'Ha pasado el plazo: revisa y confirma tus datos para seguir pidiendo bajadas.',
  },
  outingOverdue: ({ back }: { back: string }): Words => ({
    title: 'Salida sin volver',
    body: `El barco debía volver a las ${back} y no consta su vuelta. Si ya estás en puerto, marca «He vuelto».`,
  }),
} as const;
