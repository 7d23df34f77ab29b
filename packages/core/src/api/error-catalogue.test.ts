import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../domain/error-codes.ts';
import { ApiError } from './api-error.ts';
import { errorMessages, messageFor } from './error-catalogue.ts';

describe('the error catalogue', () => {
  it.each(ERROR_CODES)('has a Spanish message for %s', (code) => {
    expect(errorMessages[code]).toMatch(/[a-záéíóúñ]{3,}/i);
  });

  it('has no message for a code the server never sends', () => {
    const extra = Object.keys(errorMessages).filter((code) => !(ERROR_CODES as readonly string[]).includes(code));
    expect(extra.sort()).toEqual(['network_error', 'timeout', 'unexpected_response']);
  });

  it('says how long to wait when throttled', () => {
    expect(messageFor(new ApiError('rate_limited', { retryAfter: 90 }))).toBe(
      'Demasiados intentos. Podrás volver a intentarlo en 2 minutos.',
    );
  });

  it('says how soon to try again when a busy server says so', () => {
    expect(messageFor(new ApiError('service_unavailable', { retryAfter: 2 }))).toBe(
      'Hay muchas peticiones a la vez y esta no se ha podido atender. Vuelve a intentarlo en 2 segundos.',
    );
    expect(messageFor(new ApiError('service_unavailable'))).toBe(errorMessages.service_unavailable);
  });

  it('falls back to a generic message for anything else', () => {
    expect(messageFor(new Error('boom'))).toBe(errorMessages.unexpected_response);
  });
});
