import { describe, expect, it } from 'vitest';
import {
  maskEmail,
  maskPhone,
  normalizeEmail,
  normalizePhone,
  phoneCountry,
  phoneProblem,
  smsAllowed,
} from './contact.ts';

describe('phones', () => {
  it('normalises a Spanish mobile to E.164', () => {
    expect(normalizePhone('612 34 56 12')).toBe('+34612345612');
    expect(normalizePhone('0034 612-345-612')).toBe('+34612345612');
  });

  it('accepts Spanish mobiles and foreign numbers, refuses Spanish landlines', () => {
    expect(phoneProblem('+34 712 345 612')).toBeUndefined();
    expect(phoneProblem('+351 912 345 678')).toBeUndefined();
    expect(phoneProblem('971 000 041')).toBe('not_mobile');
    expect(phoneProblem('12')).toBe('format');
  });

  it('tells the country of a number by its calling code, the longest that starts it', () => {
    expect(phoneCountry('612 345 612')).toBe('ES');
    expect(phoneCountry('+351 912 345 678')).toBe('PT');
    expect(phoneCountry('+350 5400 1234')).toBe('GI');
    expect(phoneCountry('+44 7700 900123')).toBe('GB');
    // Shared codes and unlisted countries: unknown.
    expect(phoneCountry('+1 202 555 0143')).toBeUndefined();
    expect(phoneCountry('+7 912 345 67 89')).toBeUndefined();
    expect(phoneCountry('+233 24 123 4567')).toBeUndefined();
  });

  it('allows SMS only to the countries given', () => {
    expect(smsAllowed('+34 612 345 612', ['ES'])).toBe(true);
    expect(smsAllowed('+351 912 345 678', ['ES'])).toBe(false);
    expect(smsAllowed('+351 912 345 678', ['ES', 'PT'])).toBe(true);
    expect(smsAllowed('+1 202 555 0143', ['ES'])).toBe(false);
  });

  it('masks all but the first digit and the last two', () => {
    expect(maskPhone('+34612345612')).toBe('+34 6•• ••• •12');
  });
});

describe('e-mails', () => {
  it('normalises to lower case and masks the local part', () => {
    expect(normalizeEmail('  Juan.Perez@Gmail.com ')).toBe('juan.perez@gmail.com');
    expect(maskEmail('juan.perez@gmail.com')).toBe('j•••@gmail.com');
  });
});
