import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error.ts';
import { errorMessages, messageFor } from './error-catalogue.ts';

describe('messageFor', () => {
  it("gives the catalogue's message for the code", () => {
    expect(messageFor(new ApiError('slot_full', { status: 409 }))).toBe(errorMessages.slot_full);
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
