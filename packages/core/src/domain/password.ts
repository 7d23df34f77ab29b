export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export type PasswordStrength = 'weak' | 'fair' | 'strong';

/**
 * Digits and symbols people put before or after a word ("2024", "123", "!", "-41"): up to this many are
 * a habit a guesser tries first; a longer run is entropy and stays.
 */
export const HABITUAL_AFFIX_MAX = 6;

// Leetspeak a guesser undoes. "1" is "i" or "l": both are tried.
const LEET: Record<string, string> = {
  '0': 'o',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '8': 'b',
  '9': 'g',
  '@': 'a',
  $: 's',
  '!': 'i',
  '|': 'l',
  '+': 't',
};
const LEET_ONE = ['i', 'l'];

// Runs people type instead of choosing (alphabet, digits, Spanish and other keyboard rows).
const RUNS = [
  'abcdefghijklmnopqrstuvwxyz',
  '01234567890',
  'qwertyuiop',
  'asdfghjklñ',
  'zxcvbnm',
  'qwertzuiop',
  'azertyuiop',
  '1qaz2wsx3edc4rfv',
];
const RUNS_BOTH_WAYS = [...RUNS, ...RUNS.map((run) => [...run].reverse().join(''))];

/** Lower case, compatibility forms unified (full-width letters and the like), accents dropped (ñ → n). */
export function foldText(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

function deleet(text: string): string[] {
  return LEET_ONE.map((one) =>
    [...text].map((character) => (character === '1' ? one : (LEET[character] ?? character))).join(''),
  );
}

/** A repetition of one short unit ("aaaa", "abab", "121212") or a run of the alphabet, digits or keyboard. */
function isTrivialForm(form: string): boolean {
  if (form.length < 3) return false;
  return /^(.{1,4})\1+$/su.test(form) || RUNS_BOTH_WAYS.some((run) => run.includes(form));
}

function isHabitualAffix(affix: string): boolean {
  return affix.length <= HABITUAL_AFFIX_MAX || isTrivialForm(affix);
}

/** The text without the habitual digits and symbols around its letters: prefix, suffix, and both. */
function withoutAffixes(text: string): string[] {
  const prefix = /^[^\p{L}]*/u.exec(text)![0];
  const suffix = /[^\p{L}]*$/u.exec(text)![0];
  const forms = [text];
  if (prefix.length === text.length) return forms;
  const cutPrefix = prefix.length > 0 && isHabitualAffix(prefix);
  const cutSuffix = suffix.length > 0 && isHabitualAffix(suffix);
  if (cutSuffix) forms.push(text.slice(0, text.length - suffix.length));
  if (cutPrefix) forms.push(text.slice(prefix.length));
  if (cutPrefix && cutSuffix) forms.push(text.slice(prefix.length, text.length - suffix.length));
  return forms;
}

/**
 * The forms of a password a guesser would try it as: lower case, with and without accents, without the
 * habitual prefix or suffix, with leetspeak undone ("P4$$w0rd1!" → "password"). The server looks each
 * one up in its list of common passwords.
 */
export function passwordForms(password: string): string[] {
  const lower = password.normalize('NFKC').toLowerCase();
  const forms = new Set<string>();
  for (const base of new Set([lower, foldText(password)])) {
    for (const form of withoutAffixes(base)) {
      forms.add(form);
      for (const plain of deleet(form)) forms.add(plain);
    }
    // Leetspeak at the edges ("4dmin123") hides the word until the suffix is cut from the plain form.
    for (const plain of deleet(base)) for (const form of withoutAffixes(plain)) forms.add(form);
  }
  forms.delete('');
  return [...forms];
}

/** Built from a repetition or a run ("aaaaaaaa", "Qwerty123!", "1234abcd"): refused by the server whatever the list says. */
export function isTrivialPassword(password: string): boolean {
  return passwordForms(password).some(isTrivialForm);
}

/**
 * A hint while typing, not a rule: length counts most (NIST 800-63B), and a password the server refuses
 * for its shape is weak. The server alone also refuses common passwords against its list, and passwords
 * made of the person's or the marina's own words.
 */
export function passwordStrength(password: string): PasswordStrength {
  if (password.length < PASSWORD_MIN) return 'weak';
  const kinds = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((kind) => kind.test(password)).length;
  const predictable = isTrivialPassword(password) || /^(?:0123|1234|abcd|qwer)/i.test(password);
  if (predictable) return 'weak';
  if (password.length >= 16 || (password.length >= 12 && kinds >= 3)) return 'strong';
  return password.length >= 10 || kinds >= 3 ? 'fair' : 'weak';
}
