import type { NoticeKind } from '../domain/push.ts';

/** Each kind of notice as `micuenta` names it, where the person chooses how to be told (issue 23). */
export const noticeKindLabels: Record<NoticeKind, string> = {
  launch_confirmed: 'Bajada confirmada',
  launch_cancelled: 'Bajada rechazada o cancelada por la marina',
  waitlist_promoted: 'Plaza libre en la lista de espera',
  boat_in_water: 'Barco en el agua',
  boat_back: 'Barco de vuelta en su sitio',
  stow_reminder: 'Recordatorios de tu bajada',
  contract_approved: 'Contrato aprobado o rechazado',
  authorisation: 'Autorizaciones para usar un barco',
  data_to_confirm: 'Datos por confirmar',
  outing_overdue: 'Salida sin volver a su hora',
};
