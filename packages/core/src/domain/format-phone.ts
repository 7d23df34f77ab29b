/**
 * Phone numbers as people write them (docs/design/README.md, «Words, numbers and times»): a Spanish number in
 * groups of three after the country code, `+34 600 000 041`; any other as the phone library groups it for its
 * country, `+351 912 345 678`. What cannot be read as a number is shown as it was written.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { normalizePhone } from './contact.ts';

const NO_BREAK_SPACE = '\u00A0';

/** `+34600000041` → `+34 600 000 041`; with `unbreakable`, joined by no-break spaces so a line never splits it. */
export function formatPhone(phone: string, { unbreakable = false } = {}): string {
  const parsed = parsePhoneNumberFromString(phone, 'ES');
  let written = phone;
  if (parsed?.countryCallingCode === '34' && parsed.nationalNumber.length === 9) {
    const digits = parsed.nationalNumber;
    written = `+34 ${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`;
  } else if (parsed) {
    written = parsed.formatInternational();
  }
  // Grouping only: a number the library would also change (a trunk 0 after the country code, `+44 020…`, which
  // it drops) is shown as stored, so what a person reads, or finds in a field, is the number on file.
  if (normalizePhone(written) !== normalizePhone(phone)) written = phone;
  return unbreakable ? written.replaceAll(' ', NO_BREAK_SPACE) : written;
}
