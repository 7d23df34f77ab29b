import type { CodeChannel } from '../domain/platform.ts';

/**
 * The texts the accounts flows send a person (decision 044): SMS, e-mails and in-app notifications, each
 * naming the marina so the person knows who writes. Functions of typed parameters; the server computes the
 * values (a name already made fit to travel, docs/product.md §7.6; the minutes a code lasts) and adds what
 * is not words (the code or link for the development outbox, a notification's screen).
 */

/** What a verification code is for. */
export type CodePurpose = 'registration' | 'password_reset' | 'contact_change' | 'authorisation';

/** A message's words: the subject (an e-mail's; an SMS has none shown) and the text. */
export interface NoticeWords {
  subject: string;
  text: string;
}

/** An in-app notification's words. */
export interface NotificationWords {
  title: string;
  body: string;
}

/** «Hola, Ana:», or «Hola:» when nothing of the name may travel. */
const hello = (name: string) => (name === '' ? 'Hola:' : `Hola, ${name}:`);

const CODE_PURPOSE: Record<CodePurpose, { sms: string; subject: string }> = {
  registration: { sms: 'tu código de verificación es', subject: 'tu código de verificación' },
  password_reset: { sms: 'tu código para cambiar la contraseña es', subject: 'código para cambiar tu contraseña' },
  contact_change: { sms: 'tu código para confirmar este teléfono es', subject: 'confirma tu nuevo correo' },
  // Sent by the authorisations' messages, which word the invitation around the code.
  authorisation: { sms: 'el código de tu autorización es', subject: 'código de tu autorización' },
};

export const accountNotices = {
  code: ({
    marina,
    purpose,
    channel,
    code,
    minutes,
  }: {
    marina: string;
    purpose: CodePurpose;
    channel: CodeChannel;
    code: string;
    minutes: number;
  }): NoticeWords => {
    const wording = CODE_PURPOSE[purpose];
    const subject = `${marina}: ${wording.subject}`;
    if (channel === 'sms') return { subject, text: `${marina}: ${wording.sms} ${code}. Caduca en ${minutes} minutos.` };
    const what =
      purpose === 'registration'
        ? 'Tu código de verificación'
        : purpose === 'password_reset'
          ? 'Tu código para cambiar la contraseña'
          : 'Tu código para confirmar este correo';
    return {
      subject,
      text: [
        `${what} en ${marina} es:`,
        '',
        `    ${code}`,
        '',
        `Caduca en ${minutes} minutos.`,
        'Si no lo has pedido tú, ignora este mensaje: nadie podrá usarlo sin acceso a tu correo.',
      ].join('\n'),
    };
  },

  activationLink: ({ marina, name, link, hours }: { marina: string; name: string; link: string; hours: number }) => ({
    subject: `${marina}: activa tu cuenta`,
    text: [
      hello(name),
      '',
      `Ya casi está. Abre este enlace para elegir tu contraseña y activar tu cuenta en ${marina}:`,
      '',
      link,
      '',
      `El enlace caduca en ${hours} horas y solo sirve una vez.`,
    ].join('\n'),
  }),

  /** SMS marinas: proves the e-mail nobody has checked yet (decision 009). */
  emailConfirmation: ({
    marina,
    name,
    link,
    hours,
  }: {
    marina: string;
    name: string;
    link: string;
    hours: number;
  }): NoticeWords => ({
    subject: `${marina}: confirma tu correo`,
    text: [
      hello(name),
      '',
      `Confirma que este es tu correo en ${marina} abriendo este enlace:`,
      '',
      link,
      '',
      'Hasta que lo confirmes no podremos usarlo para recuperar tu cuenta si olvidas la contraseña.',
      `El enlace caduca en ${hours} horas y necesitas haber entrado en tu cuenta para usarlo.`,
      '',
      `Si no tienes cuenta en ${marina}, ignora este mensaje: sin confirmarlo, este correo no servirá para recuperar ninguna cuenta.`,
    ].join('\n'),
  }),

  registrationAttempt: ({ marina }: { marina: string }): NoticeWords => ({
    subject: `${marina}: intento de registro con tus datos`,
    text: [
      `Alguien ha intentado registrarse con tus datos en ${marina}, pero ya tienes una cuenta.`,
      '',
      'Si has sido tú, entra con tu correo o tu documento y tu contraseña; si no la recuerdas, usa «¿Has olvidado tu contraseña?».',
      'Si no has sido tú, no tienes que hacer nada: tu cuenta sigue como estaba.',
    ].join('\n'),
  }),

  passwordChanged: ({ marina }: { marina: string }): NoticeWords => ({
    subject: `${marina}: tu contraseña ha cambiado`,
    text: [
      `Tu contraseña de ${marina} ha cambiado y se han cerrado las sesiones que tenías abiertas.`,
      '',
      'Si no has sido tú, recupera tu cuenta con «¿Has olvidado tu contraseña?» y llama a la marina.',
    ].join('\n'),
  }),

  emailChanged: ({ marina, maskedEmail }: { marina: string; maskedEmail: string }): NoticeWords => ({
    subject: `${marina}: tu correo ha cambiado`,
    text: [
      `El correo de tu cuenta en ${marina} ha cambiado a ${maskedEmail}. A partir de ahora te escribiremos allí.`,
      '',
      'Si no has sido tú, llama a la marina.',
    ].join('\n'),
  }),

  welcomeNotification: ({ marina }: { marina: string }): NotificationWords => ({
    title: `Te damos la bienvenida a ${marina}`,
    body: 'Tu cuenta ya está activa. Revisa tus datos y da de alta tu barco para pedir bajadas.',
  }),

  passwordChangedNotification: (): NotificationWords => ({
    title: 'Tu contraseña ha cambiado',
    body: 'Se ha cambiado la contraseña de tu cuenta y se han cerrado las demás sesiones. Si no has sido tú, llama a la marina.',
  }),
};
