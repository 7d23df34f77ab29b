import type { NoticeChannel } from '../../domain/push.ts';

/** What a channel is called where the marina sends its messages by SMS, or by e-mail. */
export function channelLabel(channel: NoticeChannel, sendsSms: boolean): string {
  const message = sendsSms ? 'SMS' : 'correo';
  if (channel === 'push') return 'Solo aviso en el móvil';
  if (channel === 'message') return `Solo por ${message}`;
  return `Aviso en el móvil y ${message}`;
}

export const pushTexts = {
  title: 'Avisos',
  lead: 'Te avisamos cuando la marina confirme o cancele una bajada, cuando tu barco esté en el agua y de lo demás que pase con tus cosas.',
  deviceSwitch: 'Avisos en este móvil',
  on: 'Activados: este móvil te avisará aunque no tengas la app abierta.',
  off: 'Desactivados en este móvil.',
  working: 'Un momento…',
  unsupported:
    'Este navegador no puede recibir avisos. En un iPhone o iPad, añade la app a la pantalla de inicio (Compartir › Añadir a pantalla de inicio) y ábrela desde allí.',
  blocked:
    'Los avisos están bloqueados para esta app en el navegador. Para recibirlos, permite las notificaciones de esta web en los ajustes del navegador (el icono junto a la dirección, o Ajustes › Notificaciones en el móvil) y vuelve aquí.',
  notReady: 'La app aún se está preparando en este móvil. Prueba de nuevo en unos segundos.',
  failedOn: (why: string) => `No se han podido activar los avisos en este móvil. ${why}`,
  failedOff: (why: string) => `No se han podido desactivar los avisos en este móvil. ${why}`,
  unknownFailure: 'Prueba de nuevo.',
  channelsTitle: 'Cómo te avisamos de cada cosa',
  channelsHint: (sendsSms: boolean) =>
    `Si eliges solo el aviso en el móvil y ningún móvil tuyo tiene los avisos activados, te lo enviaremos por ${sendsSms ? 'SMS' : 'correo'} igualmente.`,
  devices: (count: number) =>
    count === 1
      ? 'Tienes los avisos activados en 1 dispositivo.'
      : `Tienes los avisos activados en ${count} dispositivos.`,
  locked: (label: string, channel: string) => `${label}: ${channel.toLowerCase()}, siempre. Es un aviso de seguridad.`,
  saved: (label: string) => `Guardado: ${label}.`,
  saveFailed: (label: string, why: string) => `No se ha guardado cómo te avisamos de «${label}». ${why}`,
  retry: 'Intentar de nuevo',
  offerTitle: '¿Te avisamos en este móvil cuando la marina confirme tu bajada?',
  offerWhy:
    'Así lo sabrás al momento, sin tener que abrir la app. Puedes cambiarlo cuando quieras en Mi cuenta › Avisos.',
  offerYes: 'Activar avisos',
  offerNo: 'Ahora no',
  offerOn: 'Avisos activados en este móvil.',
} as const;
