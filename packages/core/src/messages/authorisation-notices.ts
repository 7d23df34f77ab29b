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

  /** What the owner is told when their authorisation moves to an account, or ends with the person's account. */
  toOwner: {
    unnamedBoat: 'tu barco',
    /** The person invited, when nothing of their name may travel: inside a sentence, and opening one. */
    unnamedInvited: 'la persona que autorizaste',
    unnamedInvitedOpening: 'La persona que autorizaste',
    /** «Brisa», «Brisa y Sirena», «Brisa, Sirena y Alba». */
    boats: (names: string[]) =>
      names.length <= 1 ? (names[0] ?? 'tu barco') : `${names.slice(0, -1).join(', ')} y ${names.at(-1)}`,
    emailFooter: 'La tienes en la app, en Autorizados.',
    attached: ({
      marina,
      invited,
      holder,
      boats,
    }: {
      marina: string;
      invited: string;
      holder: string;
      boats: string;
    }) => ({
      title: 'Autorización en uso',
      body:
        `Tu autorización a ${invited} está ahora en la cuenta de ${holder} en la app: desde esa cuenta se puede usar ${boats}. ` +
        'Si no es quien esperabas, suspéndela en Autorizados.',
      sms: `${marina}: tu autorización para ${boats} está ahora en la cuenta de ${holder}. Si no la esperabas, suspéndela en la app.`,
    }),
    ended: ({
      marina,
      invited,
      boats,
      cancelledLaunches,
    }: {
      marina: string;
      invited: string;
      boats: string;
      cancelledLaunches: number;
    }) => {
      const launchesLine =
        cancelledLaunches === 0
          ? ''
          : cancelledLaunches === 1
            ? ' Se ha anulado la bajada que tenía pedida.'
            : ` Se han anulado las ${cancelledLaunches} bajadas que tenía pedidas.`;
      return {
        title: 'Autorización terminada',
        body: `${invited} ha borrado su cuenta en la app: su autorización para usar ${boats} ha terminado.${launchesLine} Si vuelve a registrarse, tendrás que autorizarla de nuevo.`,
        sms: `${marina}: ${invited} ha borrado su cuenta; su autorización para ${boats} ha terminado.${launchesLine}`,
      };
    },
  },
};
