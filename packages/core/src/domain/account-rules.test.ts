import { describe, expect, it } from 'vitest';
import { ValidationError } from 'yup';
import { changePasswordSchema, registrationSchema } from './account-rules.ts';
import { passwordStrength } from './password.ts';

const valid = {
  firstName: 'Ana',
  surnames: 'García Pons',
  document: '12345678z',
  email: ' Ana@Correo.ES ',
  phone: '612 345 678',
  acceptPrivacy: true,
};

function messages(schema: typeof registrationSchema, value: unknown): Record<string, string> {
  try {
    schema.validateSync(value, { abortEarly: false });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return Object.fromEntries(error.inner.map((inner) => [inner.path ?? '', inner.message]));
  }
}

describe('registration rules', () => {
  it('normalises what the server stores', () => {
    expect(registrationSchema.validateSync(valid)).toMatchObject({
      document: '12345678Z',
      email: 'ana@correo.es',
      phone: '+34612345678',
    });
  });

  it('keeps names on one line', () => {
    expect(
      registrationSchema.validateSync({ ...valid, firstName: ' Ana\r\n\tMaría ', surnames: 'García \n Pons' }),
    ).toMatchObject({
      firstName: 'Ana María',
      surnames: 'García Pons',
    });
  });

  it('names each wrong field in Spanish', () => {
    const problems = messages(registrationSchema, {
      ...valid,
      firstName: ' ',
      document: '12345678A',
      email: 'ana@',
      phone: '971000041',
      acceptPrivacy: false,
    });
    expect(problems).toEqual({
      firstName: 'Escribe tu nombre.',
      document: 'La letra no corresponde al número. Revísalo.',
      email: 'Escribe el correo completo, por ejemplo nombre@correo.es.',
      phone: 'Un móvil español empieza por 6 o 7.',
      acceptPrivacy: 'Debes aceptar la política de privacidad para registrarte.',
    });
  });

  it('asks for a new password different from the current one', () => {
    expect(() =>
      changePasswordSchema.validateSync({ currentPassword: 'barco-azul-1', newPassword: 'barco-azul-1' }),
    ).toThrow('Elige una distinta de la actual.');
  });
});

describe('password strength hint', () => {
  it('grades by length first', () => {
    expect(passwordStrength('corta')).toBe('weak');
    expect(passwordStrength('aaaaaaaaaa')).toBe('weak');
    expect(passwordStrength('barcoazul1')).toBe('fair');
    expect(passwordStrength('mi barco sale a las ocho')).toBe('strong');
  });
});
