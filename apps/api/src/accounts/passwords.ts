/**
 * Password hashing (argon2id, OWASP's m=19456 KiB, t=2, p=1, set explicitly so a library default never
 * changes them) and the refusal of passwords easy to guess (docs/product.md §7.3; docs/decisions/012): common ones,
 * also dressed up ("Password1!", "Marina2024"), and those made of the person's or the marina's own words.
 */
import { foldText, HABITUAL_AFFIX_MAX, isTrivialPassword, passwordForms } from '@marina/core/domain/password.ts';
import { hash, verify, type Options } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import { problem, type HttpProblem } from '../http/problem.ts';
import { errorMessages } from '@marina/core/messages/error-messages.ts';
import { fieldMessages, problemDetails } from '@marina/core/messages/problem-details.ts';

export const ARGON2_OPTIONS: Options = {
  // Algorithm.Argon2id: the enum is `const` in the typings, which type stripping cannot inline.
  algorithm: 2,
  version: 1, // 0x13, argon2 v1.3
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

/**
 * Verified when there is no account (or no password), so that sign-in for an unknown account costs what a
 * real one costs. Made with ARGON2_OPTIONS from a random password nobody knows (a test keeps them in step).
 */
export const DUMMY_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$ltry1iG0VAq2qVUwKRSldg$uXQCm0bbe1hUw3sd9R4PoMeW3xaNioMrCKwTnGlKJAQ';

/**
 * One object so that tests can count verifications (equal work for unknown accounts) with a spy.
 */
export const passwordHasher = {
  hash(password: string): Promise<string> {
    return hash(password, ARGON2_OPTIONS);
  },

  async verify(passwordHash: string, password: string): Promise<boolean> {
    try {
      return await verify(passwordHash, password);
    } catch {
      // A malformed stored hash is a failed check, not a crash.
      return false;
    }
  },

  /** Checks `password` against the stored hash, or spends one verification when there is none. */
  async check(passwordHash: string | null | undefined, password: string): Promise<boolean> {
    if (passwordHash) return passwordHasher.verify(passwordHash, password);
    await passwordHasher.verify(DUMMY_HASH, password);
    return false;
  },
};

// The zxcvbn-ts list (about 49 000 passwords from breaches, lower case, most frequent first: Xato's and
// others, as kept by @zxcvbn-ts/language-common) plus Spanish favourites it lacks.
const COMMON_PASSWORDS = new Set([
  ...dictionary['passwords-common'],
  'contraseña',
  'contrasena',
  'contraseña1',
  'contrasena1',
  'contraseña123',
  'contrasena123',
  'micontraseña',
  'micontrasena',
  'barcelona1',
  'madrid123',
  'españa123',
  'espana123',
  'tequiero',
  'tequiero1',
  'marinero',
  'velero123',
]);

/** Whose words a password must not be made of. Either part may be missing. */
export interface PasswordContext {
  /** The account: first name, surnames, e-mail, phone and document are the first words a guesser tries. */
  person?: Partial<Record<'firstName' | 'surnames' | 'email' | 'phone' | 'document', string | null>> | undefined;
  /** The marina: its name and code. */
  client?: { title: string; app: string } | undefined;
}

export type WeakPasswordReason = 'common' | 'personal';

// Too short to be anyone's own word, or words every title has.
const MIN_WORD_LENGTH = 3;
const FILLER_WORDS = new Set(['del', 'las', 'los', 'les', 'els', 'dos', 'das', 'the']);
// What must remain of a password once its owner's words are taken out, for it to stand on its own.
const MIN_OWN_CHARACTERS = 4;

/** The person's and the marina's words, folded as passwords are, longest first. */
function contextWords({ person, client }: PasswordContext): string[] {
  const values = [
    person?.firstName,
    person?.surnames,
    person?.email?.split('@')[0],
    person?.document,
    client?.title,
    client?.app,
  ];
  const words = new Set<string>();
  const add = (word: string) => {
    if (word.length >= MIN_WORD_LENGTH && !FILLER_WORDS.has(word)) words.add(word);
  };
  for (const value of values) {
    if (!value) continue;
    const folded = foldText(value);
    add(folded);
    add(folded.replace(/[^\p{L}\p{N}]/gu, ''));
    for (const part of folded.split(/[^\p{L}\p{N}]+/u)) add(part);
    for (const digits of folded.match(/\d{4,}/g) ?? []) add(digits);
  }
  // A phone as typed: the national number and with its prefix.
  const phone = person?.phone?.replace(/\D/g, '');
  if (phone) {
    add(phone);
    add(phone.slice(-9));
  }
  return [...words].sort((a, b) => b.length - a.length);
}

function isListedOrTrivial(password: string): boolean {
  return isTrivialPassword(password) || passwordForms(password).some((form) => COMMON_PASSWORDS.has(form));
}

/**
 * Made of the given words: with them taken out, what is left is too short, a habitual run of digits and
 * symbols (a year, "123!"), or itself common ("Lucía-password").
 */
function isMadeOfWords(password: string, words: readonly string[]): boolean {
  if (words.length === 0) return false;
  for (const form of passwordForms(password)) {
    let rest = form;
    for (const word of words) rest = rest.split(word).join('');
    if (rest === form) continue;
    const own = rest.replace(/[^\p{L}\p{N}]/gu, '');
    if (own.length < MIN_OWN_CHARACTERS) return true;
    if (!/\p{L}/u.test(rest) && rest.length <= HABITUAL_AFFIX_MAX) return true;
    if (isListedOrTrivial(rest)) return true;
  }
  return false;
}

/** Why a password is too easy to guess, or undefined when it is not. */
export function weakPasswordReason(password: string, context: PasswordContext = {}): WeakPasswordReason | undefined {
  // The more telling reason first: "Lucia2024!" is common, but for Lucía it is her name.
  if (isMadeOfWords(password, contextWords(context))) return 'personal';
  if (isListedOrTrivial(password)) return 'common';
  return undefined;
}

export function isCommonPassword(password: string, context: PasswordContext = {}): boolean {
  return weakPasswordReason(password, context) !== undefined;
}

const REFUSALS: Record<WeakPasswordReason, [detail: string, message: string]> = {
  common: [errorMessages.password_too_common, fieldMessages.password_too_common],
  personal: [problemDetails.password_personal, fieldMessages.password_personal],
};

/** The answer to a weak password, on the form's field that holds it. */
export function passwordTooCommon(field: string, reason: WeakPasswordReason = 'common'): HttpProblem {
  const [detail, message] = REFUSALS[reason];
  return problem('password_too_common', 422, detail, [{ field, code: 'password_too_common', message }]);
}

/** Throws password_too_common (422) when `password` is common or made of the person's or marina's words. */
export function refuseWeakPassword(password: string, field: string, context: PasswordContext = {}): void {
  const reason = weakPasswordReason(password, context);
  if (reason !== undefined) throw passwordTooCommon(field, reason);
}
