/**
 * What a customer is told when the time to confirm their data has come again (docs/product.md §4.4, decision
 * 061): once per due period, the notification's title and body, the SMS after the marina's name, and the
 * e-mail's footer. No value needed: the marina's name is the server's, and the data stay in the app.
 */
export const validationNotices = {
  due: ({ days }: { days: number }) => ({
    title: 'Toca confirmar tus datos',
    body: `Han pasado ${days} días desde que confirmaste tus datos. Revisa tu documento de identidad, tu titulación y el seguro de tus barcos y confírmalos para seguir pidiendo bajadas.`,
    sms: 'toca confirmar tus datos para seguir pidiendo bajadas. Hazlo en la app, en Validar mis datos.',
  }),
  emailFooter: 'Lo tienes en la app, en Validar mis datos.',
};
