import type { MoreEntry } from '../lib/contributions.ts';
import { paths } from '../lib/paths.ts';

/** The entries of `mas`: a feature adds one line here, and `mas` never imports the feature. */
export const moreMenu: readonly MoreEntry[] = [
  {
    to: paths.micuenta,
    label: 'Mi cuenta',
    icon: 'account',
    description: 'Tus datos, tu contraseña y tu correo',
    order: 10,
  },
  {
    to: paths.autorizados,
    label: 'Autorizados',
    icon: 'people',
    description: 'Quién más puede usar tus barcos',
    order: 12,
  },
  {
    to: paths.validarDatos,
    label: 'Validar mis datos',
    icon: 'validate',
    description: 'Confirma que tus datos siguen al día',
    order: 15,
  },
  { to: paths.salidas, label: 'Salidas', icon: 'outing', description: 'Tus salidas al mar y tu regreso', order: 18 },
  {
    to: paths.notificaciones,
    label: 'Notificaciones',
    icon: 'notifications',
    description: 'Lo que el puerto te ha contado',
    order: 20,
    badge: (session) => session.unreadNotifications,
  },
  { to: paths.ayuda, label: 'Ayuda', icon: 'help', description: 'Contacto, horario y preguntas', order: 90 },
];
