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

/**
 * The countries a marina may allow SMS to (its folder's `smsCountries`, docs/product.md §7.6): each by its
 * E.164 calling code, and its name as messages say it. Only countries whose code is theirs alone, so that the
 * number tells the country: not the United States or Canada (+1, shared with twenty others) nor Russia (+7,
 * with Kazakhstan). A number of a territory sharing a country's code counts as that country's (Jersey's as
 * the United Kingdom's).
 */
export const SMS_COUNTRIES: Readonly<Record<string, { callingCode: string; name: string }>> = Object.freeze({
  ES: { callingCode: '34', name: 'España' },
  PT: { callingCode: '351', name: 'Portugal' },
  AD: { callingCode: '376', name: 'Andorra' },
  GI: { callingCode: '350', name: 'Gibraltar' },
  FR: { callingCode: '33', name: 'Francia' },
  MC: { callingCode: '377', name: 'Mónaco' },
  IT: { callingCode: '39', name: 'Italia' },
  MT: { callingCode: '356', name: 'Malta' },
  GR: { callingCode: '30', name: 'Grecia' },
  HR: { callingCode: '385', name: 'Croacia' },
  DE: { callingCode: '49', name: 'Alemania' },
  AT: { callingCode: '43', name: 'Austria' },
  CH: { callingCode: '41', name: 'Suiza' },
  BE: { callingCode: '32', name: 'Bélgica' },
  NL: { callingCode: '31', name: 'Países Bajos' },
  LU: { callingCode: '352', name: 'Luxemburgo' },
  IE: { callingCode: '353', name: 'Irlanda' },
  GB: { callingCode: '44', name: 'Reino Unido' },
  DK: { callingCode: '45', name: 'Dinamarca' },
  SE: { callingCode: '46', name: 'Suecia' },
  NO: { callingCode: '47', name: 'Noruega' },
  FI: { callingCode: '358', name: 'Finlandia' },
  PL: { callingCode: '48', name: 'Polonia' },
  MA: { callingCode: '212', name: 'Marruecos' },
});

/** Where a marina sends SMS when its folder does not say: Spain. */
export const DEFAULT_SMS_COUNTRIES: readonly string[] = Object.freeze(['ES']);

/** The country of an E.164 number among SMS_COUNTRIES (the longest code that starts it), if any. */
export function phoneCountry(phone: string): string | undefined {
  const digits = normalizePhone(phone).replace(/^\+/, '');
  let found: { country: string; length: number } | undefined;
  for (const [country, { callingCode }] of Object.entries(SMS_COUNTRIES)) {
    if (digits.startsWith(callingCode) && callingCode.length > (found?.length ?? 0))
      found = { country, length: callingCode.length };
  }
  return found?.country;
}

/** Whether the marina sends SMS to this number: it belongs to one of `countries`. */
export function smsAllowed(phone: string, countries: readonly string[]): boolean {
  const country = phoneCountry(phone);
  return country !== undefined && countries.includes(country);
}

/** «España», «España o Portugal», «España, Portugal o Francia». */
export function smsCountryNames(countries: readonly string[]): string {
  const names = countries.map((country) => SMS_COUNTRIES[country]?.name ?? country);
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} o ${names.at(-1)}`;
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
