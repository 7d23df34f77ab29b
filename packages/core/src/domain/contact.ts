/** E-mail and mobile phone: normalised the same way by the form and the server, and masked for display. */

export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

/**
 * To E.164: spaces, dots, dashes and brackets go; `00` becomes `+`; a bare 9-digit Spanish number gets
 * +34. Returns the input trimmed when it cannot be read, so validation reports it.
 */
export function normalizePhone(value: string): string {
  let digits = value.trim().replace(/[\s.\-()]/g, '');
  if (digits.startsWith('00')) digits = `+${digits.slice(2)}`;
  if (/^[6789]\d{8}$/.test(digits)) digits = `+34${digits}`;
  return digits;
}

export type PhoneProblem = 'format' | 'not_mobile';

/** Any E.164 number; a Spanish one must be a mobile (6 or 7), because codes go there by SMS. */
export function phoneProblem(value: string): PhoneProblem | undefined {
  const phone = normalizePhone(value);
  if (!/^\+[1-9]\d{7,14}$/.test(phone)) return 'format';
  if (phone.startsWith('+34') && !/^\+34[67]\d{8}$/.test(phone)) return 'not_mobile';
  return undefined;
}

const DOT = '•';

/** "+34612345612" → "+34 6•• ••• •12" */
export function maskPhone(phone: string): string {
  const normalized = normalizePhone(phone);
  const spanish = /^\+34(\d)(\d{6})(\d{2})$/.exec(normalized);
  if (spanish) return `+34 ${spanish[1]}${DOT.repeat(2)} ${DOT.repeat(3)} ${DOT}${spanish[3]}`;
  return `${normalized.slice(0, 3)} ${DOT.repeat(Math.max(normalized.length - 5, 3))}${normalized.slice(-2)}`;
}

/** "juan.perez@gmail.com" → "j•••@gmail.com" */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = normalizeEmail(email).split('@');
  return `${local.slice(0, 1)}${DOT.repeat(3)}@${domain}`;
}
