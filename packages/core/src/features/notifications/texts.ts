export const notificationTexts = {
  title: 'Notificaciones',
  unread: (count: number) =>
    count === 0
      ? 'No tienes notificaciones sin leer.'
      : count === 1
        ? 'Tienes 1 notificación sin leer.'
        : `Tienes ${count} notificaciones sin leer.`,
  seeAll: 'Ver notificaciones',
} as const;
