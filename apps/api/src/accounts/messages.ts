/**
 * Every text the accounts flows send to a person (SMS, e-mail, in-app notifications), in Spanish, in one
 * place, each naming the marina so the person knows who writes. A name the person typed goes in only as
 * personText lets it (docs/product.md §7.6): the address it goes to was typed too, maybe someone else's.
 */
import { paths } from '@marina/core/domain/app-paths.ts';
import type { CodeChannel } from '@marina/core/domain/platform.ts';
import type { CodePurpose } from './accounts.schema.ts';
import { personText } from '../outbox/person-text.ts';
import { ACTIVATION_TOKEN_TTL_MS, CODE_TTL_MS } from '../security/limits.ts';

export interface MessageText {
  subject: string;
  text: string;
  /** The code or link the text carries, for the development outbox (enqueueMessage decides). */
  code?: string;
  link?: string;
}

const CODE_MINUTES = CODE_TTL_MS / 60_000;

/** «Hola, Ana:», or «Hola:» when nothing of the name may travel. */
const hello = (firstName: string) => {
  const name = personText(firstName);
  return name === '' ? 'Hola:' : `Hola, ${name}:`;
};
const LINK_HOURS = ACTIVATION_TOKEN_TTL_MS / 3_600_000;

const CODE_PURPOSE: Record<CodePurpose, { sms: string; subject: string }> = {
  registration: { sms: 'tu código de verificación es', subject: 'tu código de verificación' },
  password_reset: { sms: 'tu código para cambiar la contraseña es', subject: 'código para cambiar tu contraseña' },
  contact_change: { sms: 'tu código para confirmar este teléfono es', subject: 'confirma tu nuevo correo' },
  // Sent by authorisations/authorisation-messages.ts, which words the invitation around the code.
  authorisation: { sms: 'el código de tu autorización es', subject: 'código de tu autorización' },
};

export function codeMessage(marina: string, purpose: CodePurpose, channel: CodeChannel, code: string): MessageText {
  const wording = CODE_PURPOSE[purpose];
  const subject = `${marina}: ${wording.subject}`;
  if (channel === 'sms') {
    return { subject, code, text: `${marina}: ${wording.sms} ${code}. Caduca en ${CODE_MINUTES} minutos.` };
  }
  const what =
    purpose === 'registration'
      ? 'Tu código de verificación'
      : purpose === 'password_reset'
        ? 'Tu código para cambiar la contraseña'
        : 'Tu código para confirmar este correo';
  return {
    subject,
    code,
    text: [
      `${what} en ${marina} es:`,
      '',
      `    ${code}`,
      '',
      `Caduca en ${CODE_MINUTES} minutos.`,
      'Si no lo has pedido tú, ignora este mensaje: nadie podrá usarlo sin acceso a tu correo.',
    ].join('\n'),
  };
}

export function activationLinkMessage(marina: string, firstName: string, link: string): MessageText {
  return {
    subject: `${marina}: activa tu cuenta`,
    link,
    text: [
      hello(firstName),
      '',
      `Ya casi está. Abre este enlace para elegir tu contraseña y activar tu cuenta en ${marina}:`,
      '',
      link,
      '',
      `El enlace caduca en ${LINK_HOURS} horas y solo sirve una vez.`,
    ].join('\n'),
  };
}

/** SMS marinas: proves the e-mail nobody has checked yet (docs/decisions/009). */
export function emailConfirmationMessage(marina: string, firstName: string, link: string): MessageText {
  return {
    subject: `${marina}: confirma tu correo`,
    link,
    text: [
      hello(firstName),
      '',
      `Confirma que este es tu correo en ${marina} abriendo este enlace:`,
      '',
      link,
      '',
      'Hasta que lo confirmes no podremos usarlo para recuperar tu cuenta si olvidas la contraseña.',
      `El enlace caduca en ${LINK_HOURS} horas y necesitas haber entrado en tu cuenta para usarlo.`,
      '',
      `Si no tienes cuenta en ${marina}, ignora este mensaje: sin confirmarlo, este correo no servirá para recuperar ninguna cuenta.`,
    ].join('\n'),
  };
}

export function registrationAttemptMessage(marina: string): MessageText {
  return {
    subject: `${marina}: intento de registro con tus datos`,
    text: [
      `Alguien ha intentado registrarse con tus datos en ${marina}, pero ya tienes una cuenta.`,
      '',
      'Si has sido tú, entra con tu correo o tu documento y tu contraseña; si no la recuerdas, usa «¿Has olvidado tu contraseña?».',
      'Si no has sido tú, no tienes que hacer nada: tu cuenta sigue como estaba.',
    ].join('\n'),
  };
}

export function passwordChangedMessage(marina: string): MessageText {
  return {
    subject: `${marina}: tu contraseña ha cambiado`,
    text: [
      `Tu contraseña de ${marina} ha cambiado y se han cerrado las sesiones que tenías abiertas.`,
      '',
      'Si no has sido tú, recupera tu cuenta con «¿Has olvidado tu contraseña?» y llama a la marina.',
    ].join('\n'),
  };
}

export function emailChangedMessage(marina: string, maskedNewEmail: string): MessageText {
  return {
    subject: `${marina}: tu correo ha cambiado`,
    text: [
      `El correo de tu cuenta en ${marina} ha cambiado a ${maskedNewEmail}. A partir de ahora te escribiremos allí.`,
      '',
      'Si no has sido tú, llama a la marina.',
    ].join('\n'),
  };
}

export const notificationTexts = {
  welcome: (marina: string) => ({
    title: `Te damos la bienvenida a ${marina}`,
    body: 'Tu cuenta ya está activa. Revisa tus datos y da de alta tu barco para pedir bajadas.',
    link: paths.inicio,
  }),
  passwordChanged: () => ({
    title: 'Tu contraseña ha cambiado',
    body: 'Se ha cambiado la contraseña de tu cuenta y se han cerrado las demás sesiones. Si no has sido tú, llama a la marina.',
    link: paths.micuenta,
  }),
};
