/**
 * Password hashing (argon2id, OWASP's m=19456 KiB, t=2, p=1, set explicitly so a library default never
 * changes them) and the common-password refusal (DESIGN §7).
 */
import { hash, verify, type Options } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import { problem, type HttpProblem } from '../http/problem.ts';

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
export const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$ltry1iG0VAq2qVUwKRSldg$uXQCm0bbe1hUw3sd9R4PoMeW3xaNioMrCKwTnGlKJAQ';

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

// The zxcvbn-ts list (about 49 000 passwords from breaches, lower case) plus Spanish favourites it lacks.
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

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.trim().toLowerCase());
}

/** The answer to a common password, on the form's field that holds it. */
export function passwordTooCommon(field: string): HttpProblem {
  return problem('password_too_common', 422, 'Esa contraseña es demasiado común. Elige otra más difícil de adivinar.', [
    { field, code: 'password_too_common', message: 'Contraseña: es de las más usadas y fácil de adivinar. Elige otra.' },
  ]);
}
