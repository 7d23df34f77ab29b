/**
 * The account forms' rules, written once: the screens validate with these schemas and the server
 * validates the same bodies with them. Messages are Spanish and name the field.
 */
import * as yup from 'yup';
import { normalizeEmail, normalizePhone, phoneProblem } from './contact.ts';
import { documentProblem, normalizeDocument } from './identity-document.ts';
import { PASSWORD_MAX, PASSWORD_MIN } from './password.ts';
import type {} from './schema-meta.ts';

export const CODE_LENGTH = 6;

/**
 * A one-line name, its messages naming it by `label` ("tu nombre", "el nombre"). A pasted line break or tab
 * (a person never types one in a name) becomes a space.
 */
export const nameRule = (label: string) =>
  yup
    .string()
    .transform((value: unknown) => (typeof value === 'string' ? value.replace(/\s+/g, ' ') : value))
    .trim()
    .required(`Escribe ${label}.`)
    .max(60, `${label[0]!.toUpperCase()}${label.slice(1)}: como mucho 60 caracteres.`)
    .meta({ description: 'Line breaks and tabs become spaces and the ends are trimmed before it is checked.' });

export const firstNameRule = nameRule('tu nombre');
export const surnamesRule = nameRule('tus apellidos');

/** A DNI, NIE or passport number; `required` is the message when it is missing (whose document it is). */
export const documentRuleWith = (required: string) =>
  yup
    .string()
    .required(required)
    .transform((value: unknown) => (typeof value === 'string' ? normalizeDocument(value) : value))
    .test('document', (value, context) => {
      const problem = documentProblem(value ?? '');
      if (problem === 'letter')
        return context.createError({ message: 'DNI/NIE: la letra no corresponde al número. Revísalo.' });
      if (problem === 'format')
        return context.createError({ message: 'DNI/NIE o pasaporte: el formato no es válido.' });
      return true;
    })
    .meta({
      description:
        'A Spanish DNI or NIE with its check letter, or a passport number (6 to 15 letters and digits). ' +
        'Case, spaces, dots, dashes and slashes are ignored.',
    });

export const documentRule = documentRuleWith('Escribe tu DNI, NIE o pasaporte.');

/** An e-mail address; `required` is the message when it is missing. */
export const emailRuleWith = (required: string) =>
  yup
    .string()
    .transform((value: unknown) => (typeof value === 'string' ? normalizeEmail(value) : value))
    .required(required)
    .max(254, 'Correo electrónico: es demasiado largo.')
    .email('Correo electrónico: el formato no es válido (ejemplo: nombre@correo.es).')
    .meta({ description: 'Trimmed and lower-cased before it is checked.' });

export const emailRule = emailRuleWith('Escribe tu correo electrónico.');

/** A mobile phone (codes may go there by SMS); `required` is the message when it is missing. */
export const phoneRuleWith = (required: string) =>
  yup
    .string()
    .transform((value: unknown) => (typeof value === 'string' ? normalizePhone(value) : value))
    .required(required)
    .test('phone', (value, context) => {
      const problem = phoneProblem(value ?? '');
      if (problem === 'not_mobile')
        return context.createError({ message: 'Teléfono móvil: un número español debe empezar por 6 o 7.' });
      if (problem === 'format')
        return context.createError({
          message: 'Teléfono móvil: escríbelo completo, por ejemplo 612 345 678 o +351 912 345 678.',
        });
      return true;
    })
    .meta({
      description:
        'A mobile number in international form (+351912345678), or a Spanish one of 9 digits; a Spanish number ' +
        'must start with 6 or 7. Spaces, dots, dashes and brackets are ignored, and a leading 00 stands for +.',
    });

export const phoneRule = phoneRuleWith('Escribe tu teléfono móvil.');

export const passwordRule = yup
  .string()
  .required('Elige una contraseña.')
  .min(PASSWORD_MIN, `Contraseña: al menos ${PASSWORD_MIN} caracteres.`)
  .max(PASSWORD_MAX, `Contraseña: como mucho ${PASSWORD_MAX} caracteres.`);

/** A 6-digit code; `required` is the message when it is missing (who received it). */
export const codeRuleWith = (required: string) =>
  yup
    .string()
    .transform((value: unknown) => (typeof value === 'string' ? value.replace(/\s/g, '') : value))
    .required(required)
    .matches(/^\d{6}$/, `Código: son ${CODE_LENGTH} cifras.`)
    .meta({ description: 'Spaces are ignored.' });

export const codeRule = codeRuleWith('Escribe el código que te hemos enviado.');

/** "email or document" on sign-in and recovery: either is accepted, the server decides which. */
export const identifierRule = yup
  .string()
  .trim()
  .required('Escribe tu correo electrónico o tu documento.')
  .max(254, 'Correo electrónico o documento: es demasiado largo.')
  .meta({ description: 'The e-mail address or the identity document of the account, as typed; trimmed.' });

const accepted = (message: string) => yup.boolean().required(message).oneOf([true], message);

export const registrationSchema = yup.object({
  firstName: firstNameRule,
  surnames: surnamesRule,
  document: documentRule,
  email: emailRule,
  phone: phoneRule,
  acceptPrivacy: accepted('Debes aceptar la política de privacidad para registrarte.'),
});
export type RegistrationInput = yup.InferType<typeof registrationSchema>;

export const codeSchema = yup.object({ code: codeRule });
export type CodeInput = yup.InferType<typeof codeSchema>;

export const activationSchema = yup.object({
  token: yup.string().required('Falta el enlace de activación.'),
  password: passwordRule,
  acceptTerms: accepted('Debes aceptar las condiciones del servicio para activar tu cuenta.'),
});
export type ActivationInput = yup.InferType<typeof activationSchema>;

export const signInSchema = yup.object({
  identifier: identifierRule,
  password: yup.string().required('Escribe tu contraseña.').max(PASSWORD_MAX, 'Contraseña: es demasiado larga.'),
});
export type SignInInput = yup.InferType<typeof signInSchema>;

export const resetRequestSchema = yup.object({ identifier: identifierRule });
export type ResetRequestInput = yup.InferType<typeof resetRequestSchema>;

export const resetCompleteSchema = yup.object({ code: codeRule, password: passwordRule });
export type ResetCompleteInput = yup.InferType<typeof resetCompleteSchema>;

export const profileSchema = yup.object({
  firstName: firstNameRule,
  surnames: surnamesRule,
  email: emailRule,
  phone: phoneRule,
});
export type ProfileInput = yup.InferType<typeof profileSchema>;

export const changePasswordSchema = yup.object({
  currentPassword: yup
    .string()
    .required('Escribe tu contraseña actual.')
    .max(PASSWORD_MAX, 'Contraseña actual: es demasiado larga.'),
  newPassword: passwordRule.notOneOf([yup.ref('currentPassword')], 'Nueva contraseña: debe ser distinta de la actual.'),
});
export type ChangePasswordInput = yup.InferType<typeof changePasswordSchema>;

export const deleteAccountSchema = yup.object({
  password: yup
    .string()
    .required('Escribe tu contraseña para confirmar.')
    .max(PASSWORD_MAX, 'Contraseña: es demasiado larga.'),
  confirm: accepted('Marca la casilla para confirmar que quieres borrar tu cuenta.'),
});
export type DeleteAccountInput = yup.InferType<typeof deleteAccountSchema>;
