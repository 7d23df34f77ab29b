import { describe, expect, it } from 'vitest';
import { checkLetter, documentProblem, documentTypeOf, normalizeDocument } from './identity-document.ts';

describe('identity documents', () => {
  it('accepts a DNI whose letter matches its number', () => {
    expect(checkLetter(12345678)).toBe('Z');
    expect(documentProblem('12345678Z')).toBeUndefined();
    expect(documentProblem('12.345.678-z')).toBeUndefined();
  });

  it('refuses a DNI whose letter does not match', () => {
    expect(documentProblem('12345678A')).toBe('letter');
  });

  it('checks a NIE with its leading X, Y or Z counted as 0, 1 or 2', () => {
    expect(documentProblem('X1234567L')).toBeUndefined();
    expect(documentProblem('Y1234567X')).toBeUndefined();
    expect(documentProblem('Z1234567R')).toBeUndefined();
    expect(documentProblem('X1234567A')).toBe('letter');
  });

  it('takes a passport number as it is, and refuses nonsense', () => {
    expect(documentProblem('PAA123456')).toBeUndefined();
    expect(documentTypeOf(normalizeDocument('paa123456'))).toBe('passport');
    expect(documentProblem('1234')).toBe('format');
    expect(documentProblem('1234567Z')).toBe('format');
    expect(documentProblem('AB-1')).toBe('format');
  });
});
