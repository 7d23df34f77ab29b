import type { CodeChannel } from '../domain/platform.ts';

/**
 * What an authorised person is told (docs/product.md §4.8, decision 044): the code that proves their contact,
 * with how to find the boat in the app, and the notices of validation, suspension and reactivation. The server
 * gives the values: names made fit to travel (docs/product.md §7.6), dates written out, the code's minutes.
 */

export type PersonNoticeKind = 'validated' | 'suspended' | 'reactivated';

export const authorisationNotices = {
  /** The owner, when nothing of their name may travel. */
  unnamedOwner: 'El titular de un barco',

  period: ({ from, to }: { from: string; to: string | null }) =>
    to === null ? `desde el ${from}` : `del ${from} al ${to}`,

  /**
   * The same words whether or not the person has an account at the marina (docs/product.md §7.4); the boat
   * reaches only an account with the document and this very contact, proven (decision 038), so both are said.
   */
  code: ({
    marina,
    owner,
    person,
    document,
    period,
    channel,
    code,
    minutes,
  }: {
    marina: string;
    owner: string;
    person: string;
    document: string;
    period: string;
    channel: CodeChannel;
    code: string;
    minutes: number;
  }) => {
    const subject = `${marina}: ${owner} quiere autorizarte a usar su barco`;
    if (channel === 'sms') {
      return {
        subject,
        text: `${marina}: ${owner} te autoriza a usar su barco. Dale este código para validarlo: ${code} (caduca en ${minutes} min). Lo verás en la app entrando, o registrándote, con tu mismo documento y este teléfono.`,
      };
    }
    return {
      subject,
      text: [
        `Hola, ${person}:`,
        '',
        `${owner} quiere autorizarte a usar su barco en ${marina} ${period}.`,
        'Si estás de acuerdo, dale este código para que termine la autorización:',
        '',
        `    ${code}`,
        '',
        `Caduca en ${minutes} minutos.`,
        `Cuando esté validada, verás el barco en la app de ${marina}, en Mis barcos, con una cuenta que tenga este mismo documento (${document}) y este correo; si aún no la tienes, regístrate con ellos.`,
        'Si no conoces a esta persona, ignora este mensaje.',
      ].join('\n'),
    };
  },

  notices: {
    validated: ({ owner, period }: { owner: string; period: string; reason: string | null }) => ({
      title: 'Autorización activa',
      body: `${owner} te ha autorizado a usar su barco ${period}. Lo tienes en Mis barcos.`,
    }),
    suspended: ({ owner, reason }: { owner: string; period: string; reason: string | null }) => ({
      title: 'Autorización suspendida',
      body:
        `${owner} ha suspendido tu autorización para usar su barco` +
        `${reason ? `. Motivo: ${reason}` : ''}. Tus bajadas pedidas con esa autorización se han cancelado.`,
    }),
    reactivated: ({ owner, period }: { owner: string; period: string; reason: string | null }) => ({
      title: 'Autorización reactivada',
      body: `${owner} ha reactivado tu autorización para usar su barco ${period}.`,
    }),
  } satisfies Record<
    PersonNoticeKind,
    (values: { owner: string; period: string; reason: string | null }) => { title: string; body: string }
  >,

  /** A notice as the marina's channel carries it. */
  message: ({
    marina,
    person,
    channel,
    title,
    body,
  }: {
    marina: string;
    person: string;
    channel: CodeChannel;
    title: string;
    body: string;
  }) => ({
    subject: `${marina}: ${title.toLowerCase()}`,
    text: channel === 'sms' ? `${marina}: ${body}` : `Hola, ${person}:\n\n${body}`,
  }),
};
