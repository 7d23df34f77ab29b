import { describe, expect, it } from 'vitest';
import { DUMMY_HASH, isCommonPassword, passwordHasher } from './passwords.ts';

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

  it('accepts an uncommon one', () => {
    expect(isCommonPassword('Velero-en-la-rada-42')).toBe(false);
    expect(isCommonPassword('Puerto-Demo-41')).toBe(false);
  });
});
