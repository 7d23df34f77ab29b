/**
 * The account forms' rules, written once: the screens validate with these schemas and the server
 * validates the same bodies with them. Their words are the catalogue's (messages/field-rules.ts) and name the field.
 */
import * as yup from 'yup';
import { normalizeEmail, normalizePhone, phoneProblem } from './contact.ts';
import { documentProblem, normalizeDocument } from './identity-document.ts';
import { PASSWORD_MAX, PASSWORD_MIN } from './password.ts';
import type {} from './schema-meta.ts';
import { fieldLabels, fieldRuleMessages as m } from '../messages/field-rules.ts';

export const CODE_LENGTH = 6;
/** The longest first name or surnames. */
const NAME_MAX = 60;

/**
 * A one-line name, its messages naming it by `label` ("tu nombre", "el nombre"). A pasted line break or tab
 * (a person never types one in a name) becomes a space.
 */
export const nameRule = (label: string) =>
  yup
    .string()
    .transform((value: unknown) => (typeof value === 'string' ? value.replace(/\s+/g, ' ') : value))
    .trim()
    .required(m.name_required({ label }))
    .max(NAME_MAX, m.name_too_long({ label, max: NAME_MAX }))
    .meta({ description: 'Line breaks and tabs become spaces and the ends are trimmed before it is checked.' });

export const firstNameRule = nameRule(fieldLabels.your_first_name);
export const surnamesRule = nameRule(fieldLabels.your_surnames);

/** A DNI, NIE or passport number; `required` is the message when it is missing (whose document it is). */
export const documentRuleWith = (required: string) =>
  yup
    .string()
    .required(required)
    .transform((value: unknown) => (typeof value === 'string' ? normalizeDocument(value) : value))
    .test('document', (value, context) => {
      const problem = documentProblem(value ?? '');
      if (problem === 'letter') return context.createError({ message: m.document_letter });
      if (problem === 'format') return context.createError({ message: m.document_format });
      return true;
    })
    .meta({
      description:
        'A Spanish DNI or NIE with its check letter, or a passport number (6 to 15 letters and digits). ' +
        'Case, spaces, dots, dashes and slashes are ignored.',
    });

export const documentRule = documentRuleWith(m.document_required);

/** An e-mail address; `required` is the message when it is missing. */
export const emailRuleWith = (required: string) =>
  yup
    .string()
    .transform((value: unknown) => (typeof value === 'string' ? normalizeEmail(value) : value))
    .required(required)
    .max(254, m.email_too_long)
    .email(m.email_format)
    .meta({ description: 'Trimmed and lower-cased before it is checked.' });

export const emailRule = emailRuleWith(m.email_required);

/** A mobile phone (codes may go there by SMS); `required` is the message when it is missing. */
export const phoneRuleWith = (required: string) =>
  yup
    .string()
    .transform((value: unknown) => (typeof value === 'string' ? normalizePhone(value) : value))
    .required(required)
    .test('phone', (value, context) => {
      const problem = phoneProblem(value ?? '');
      if (problem === 'not_mobile') return context.createError({ message: m.phone_not_mobile });
      if (problem === 'format') return context.createError({ message: m.phone_format });
      return true;
    })
    .meta({
      description:
        'A mobile number in international form (+351912345678), or a Spanish one of 9 digits; a Spanish number ' +
        'must start with 6 or 7. Spaces, dots, dashes and brackets are ignored, and a leading 00 stands for +.',
    });

export const phoneRule = phoneRuleWith(m.phone_required);

export const passwordRule = yup
  .string()
  .required(m.new_password_required)
  .min(PASSWORD_MIN, m.password_too_short({ min: PASSWORD_MIN }))
  .max(PASSWORD_MAX, m.too_long({ label: fieldLabels.password, max: PASSWORD_MAX }));

/** A 6-digit code; `required` is the message when it is missing (who received it). */
export const codeRuleWith = (required: string) =>
  yup
    .string()
    .transform((value: unknown) => (typeof value === 'string' ? value.replace(/\s/g, '') : value))
    .required(required)
    .matches(/^\d{6}$/, m.code_format({ digits: CODE_LENGTH }))
    .meta({ description: 'Spaces are ignored.' });

export const codeRule = codeRuleWith(m.code_required);

/** "email or document" on sign-in and recovery: either is accepted, the server decides which. */
export const identifierRule = yup
  .string()
  .trim()
  .required(m.identifier_required)
  .max(254, m.identifier_too_long)
  .meta({ description: 'The e-mail address or the identity document of the account, as typed; trimmed.' });

const accepted = (message: string) => yup.boolean().required(message).oneOf([true], message);

export const registrationSchema = yup.object({
  firstName: firstNameRule,
  surnames: surnamesRule,
  document: documentRule,
  email: emailRule,
  phone: phoneRule,
  acceptPrivacy: accepted(m.privacy_not_accepted),
});
export type RegistrationInput = yup.InferType<typeof registrationSchema>;

export const codeSchema = yup.object({ code: codeRule });
export type CodeInput = yup.InferType<typeof codeSchema>;

export const activationSchema = yup.object({
  token: yup.string().required(m.activation_link_missing),
  password: passwordRule,
  acceptTerms: accepted(m.terms_not_accepted),
});
export type ActivationInput = yup.InferType<typeof activationSchema>;

export const signInSchema = yup.object({
  identifier: identifierRule,
  password: yup.string().required(m.password_required).max(PASSWORD_MAX, m.password_too_long),
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
  currentPassword: yup.string().required(m.current_password_required).max(PASSWORD_MAX, m.current_password_too_long),
  newPassword: passwordRule.notOneOf([yup.ref('currentPassword')], m.new_password_same),
});
export type ChangePasswordInput = yup.InferType<typeof changePasswordSchema>;

export const deleteAccountSchema = yup.object({
  password: yup.string().required(m.delete_password_required).max(PASSWORD_MAX, m.password_too_long),
  confirm: accepted(m.delete_not_confirmed),
});
export type DeleteAccountInput = yup.InferType<typeof deleteAccountSchema>;
