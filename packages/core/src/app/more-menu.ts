import type { MoreEntry } from '../lib/contributions.ts';
import { paths } from '../lib/paths.ts';

/** The entries of `mas`: a feature adds one line here, and `mas` never imports the feature. */
export const moreMenu: readonly MoreEntry[] = [
  { to: paths.micuenta, label: 'Mi cuenta', order: 10 },
  { to: paths.autorizados, label: 'Autorizados', order: 12 },
  { to: paths.validarDatos, label: 'Validar mis datos', order: 15 },
  { to: paths.salidas, label: 'Salidas', order: 18 },
  { to: paths.notificaciones, label: 'Notificaciones', order: 20, badge: (session) => session.unreadNotifications },
  { to: paths.ayuda, label: 'Ayuda', order: 90 },
];
