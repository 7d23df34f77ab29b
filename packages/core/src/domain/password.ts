export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export type PasswordStrength = 'weak' | 'fair' | 'strong';

/**
 * A hint while typing, not a rule: length counts most (NIST 800-63B). The server alone refuses common
 * passwords, against its list.
 */
export function passwordStrength(password: string): PasswordStrength {
  if (password.length < PASSWORD_MIN) return 'weak';
  const kinds = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((kind) => kind.test(password)).length;
  const repeated = /^(.)\1+$/.test(password) || /^(?:0123|1234|abcd|qwer)/i.test(password);
  if (repeated) return 'weak';
  if (password.length >= 16 || (password.length >= 12 && kinds >= 3)) return 'strong';
  return password.length >= 10 || kinds >= 3 ? 'fair' : 'weak';
}
