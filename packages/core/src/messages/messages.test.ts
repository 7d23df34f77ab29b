import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../domain/error-codes.ts';
import { errorMessages, formatWait, parametrisedErrorMessages } from './error-messages.ts';
import { problemTitles } from './problem-titles.ts';

/** Words, not a placeholder: at least one Spanish word of three letters. */
const WORDS = /[a-záéíóúñ]{3,}/i;

describe('the message catalogue', () => {
  it.each(ERROR_CODES)('words %s for the app and as a problem title', (code) => {
    expect(errorMessages[code]).toMatch(WORDS);
    expect(problemTitles[code]).toMatch(WORDS);
  });

  it('words no code the server never sends, but the failures that never reached it', () => {
    const codes: readonly string[] = ERROR_CODES;
    expect(Object.keys(errorMessages).filter((code) => !codes.includes(code))).toEqual([
      'network_error',
      'timeout',
      'unexpected_response',
    ]);
    expect(Object.keys(problemTitles).filter((code) => !codes.includes(code))).toEqual([]);
  });

  it('words a message that names a value with that value', () => {
    expect(parametrisedErrorMessages.rate_limited({ retryAfter: 90 })).toContain('2 minutos');
    expect(parametrisedErrorMessages.outing_too_long({ maxHours: 36 })).toContain('36 horas');
    expect([1, 30, 60, 61].map(formatWait)).toEqual(['1 segundo', '30 segundos', '1 minuto', '2 minutos']);
  });
});
