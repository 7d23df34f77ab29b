import { describe, expect, it } from 'vitest';
import { isTrivialPassword, passwordForms, passwordStrength } from './password.ts';

describe('passwordForms', () => {
  it('tries what a guesser tries: lower case, no accents, no short prefix or suffix, leetspeak undone', () => {
    expect(passwordForms('Password1!')).toContain('password');
    expect(passwordForms('P4$$w0rd')).toContain('password');
    expect(passwordForms('Contraseña2024')).toEqual(expect.arrayContaining(['contraseña', 'contrasena']));
    expect(passwordForms('2024!Marina')).toContain('marina');
    expect(passwordForms('4dmin123')).toContain('admin');
  });

  it('keeps a long suffix, which is not a habit but entropy', () => {
    expect(passwordForms('barco8403917265')).not.toContain('barco');
    expect(passwordForms('barco123456789')).toContain('barco');
  });
});

describe('isTrivialPassword', () => {
  it('spots repetitions and runs of the alphabet, the digits or the keyboard', () => {
    for (const password of [
      'aaaaaaaa',
      'abababab',
      'abcabcabc',
      '12121212',
      'abcdefgh',
      '87654321',
      'qwertyuiop',
      'asdfghjk',
      'Aaaaaaaa1!',
      '1234abcd',
    ]) {
      expect(isTrivialPassword(password), password).toBe(true);
    }
  });

  it('leaves real passwords alone', () => {
    for (const password of ['Velero-en-la-rada-42', 'Puerto-Demo-41', 'mi barco sale a las ocho', 'x7#kP9!q2']) {
      expect(isTrivialPassword(password), password).toBe(false);
    }
  });
});

describe('passwordStrength', () => {
  it('calls weak what the server refuses for its shape, whatever its length', () => {
    expect(passwordStrength('aaaaaaaaaaaaaaaaaa')).toBe('weak');
    expect(passwordStrength('Aaaaaaaaaaaa1!')).toBe('weak');
    expect(passwordStrength('qwertyuiop123')).toBe('weak');
    expect(passwordStrength('Velero-en-la-rada-42')).toBe('strong');
  });
});
