import { describe, expect, it } from 'vitest';
import { HttpProblem } from '../http/problem.ts';
import { DUMMY_HASH, isCommonPassword, passwordHasher, refuseWeakPassword } from './passwords.ts';

describe('passwordHasher', () => {
  it('hashes with argon2id, m=19456 KiB, t=2, p=1, and verifies', async () => {
    const hash = await passwordHasher.hash('Velero-en-la-rada-42');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/);
    expect(await passwordHasher.verify(hash, 'Velero-en-la-rada-42')).toBe(true);
    expect(await passwordHasher.verify(hash, 'velero-en-la-rada-42')).toBe(false);
    expect(await passwordHasher.verify('not-a-hash', 'x')).toBe(false);
  });

  it('spends a verification against a dummy hash of the same cost when there is no account', async () => {
    const real = await passwordHasher.hash('cualquier-cosa-1');
    const parameters = (hash: string) => hash.split('$').slice(1, 4).join('$');
    expect(parameters(DUMMY_HASH)).toBe(parameters(real));
    expect(await passwordHasher.check(null, 'cualquier-cosa-1')).toBe(false);
    expect(await passwordHasher.check(real, 'cualquier-cosa-1')).toBe(true);
  });

  it('salts every hash', async () => {
    expect(await passwordHasher.hash('misma-clave-1')).not.toBe(await passwordHasher.hash('misma-clave-1'));
  });
});

describe('isCommonPassword', () => {
  it('refuses the most common passwords whatever their case', () => {
    for (const password of ['password', '12345678', 'Qwertyuiop', 'iloveyou', 'contraseña', 'Barcelona']) {
      expect(isCommonPassword(password), password).toBe(true);
    }
  });

  it('refuses them dressed up with capitals, a year, a digit, a symbol or leetspeak', () => {
    for (const password of [
      'Password1!',
      'aaaaaaaa',
      'demo1234',
      'Marina2024',
      'P4ssw0rd!',
      'Contraseña2024',
      '!!Barcelona1',
      'Iloveyou!!',
      'monkey123456789',
    ]) {
      expect(isCommonPassword(password), password).toBe(true);
    }
  });

  it('accepts an uncommon one', () => {
    expect(isCommonPassword('Velero-en-la-rada-42')).toBe(false);
    expect(isCommonPassword('Puerto-Demo-41')).toBe(false);
    expect(isCommonPassword('mi barco sale a las ocho')).toBe(false);
    expect(isCommonPassword('barco8403917265')).toBe(false);
  });
});

describe('passwords made of the person’s or the marina’s own words', () => {
  const person = {
    firstName: 'Lucía',
    surnames: 'García Pons',
    email: 'lucia.garcia@correo.example',
    phone: '+34612345678',
    document: '20000001B',
  };
  // A marina's own words, as a client record carries them (only these two fields count).
  const client = { title: 'Marina Port Blau', app: 'MB41' };

  it('are refused', () => {
    for (const password of [
      'Lucia2024!',
      'LuciaGarcia',
      'garcia.pons',
      'LUC14-G4RC14',
      'lucia.garcia',
      '20000001B',
      '20000001',
      '612345678',
      'PortBlau2024',
      'MarinaPortBlau',
      'mb41mb41',
      'Lucía-password',
    ]) {
      expect(isCommonPassword(password, { person, client }), password).toBe(true);
    }
  });

  it('are fine as one part of a password that stands on its own', () => {
    for (const password of [
      'Lucía-velero-azul-del-puerto',
      'lucia8403917265',
      'Velero-en-la-rada-42',
      'Puerto-Demo-41',
    ]) {
      expect(isCommonPassword(password, { person, client }), password).toBe(false);
    }
  });

  it('only count when they are that person’s or that marina’s', () => {
    expect(isCommonPassword('PortBlau2024', { client: { title: 'Varadero Costa Brava', app: 'MB25' } })).toBe(false);
    expect(isCommonPassword('Remedios-1908', { person })).toBe(false);
    expect(isCommonPassword('Remedios-1908', { person: { firstName: 'Remedios', surnames: 'Varo' } })).toBe(true);
  });

  it('are refused with password_too_common and a message that says why, on the given field', () => {
    let refusal: unknown;
    try {
      refuseWeakPassword('Lucia2024!', 'newPassword', { person, client });
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(HttpProblem);
    expect(refusal).toMatchObject({
      status: 422,
      code: 'password_too_common',
      errors: [{ field: 'newPassword', code: 'password_too_common', message: expect.stringContaining('tu nombre') }],
    });
    expect(() => refuseWeakPassword('Password1!', 'password')).toThrow(
      expect.objectContaining({
        errors: [expect.objectContaining({ message: expect.stringContaining('de las más usadas') })],
      }),
    );
    expect(() => refuseWeakPassword('Velero-en-la-rada-42', 'password', { person, client })).not.toThrow();
  });
});
