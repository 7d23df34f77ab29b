import { describe, expect, it } from 'vitest';
import { maskEmail, maskPhone, normalizeEmail, normalizePhone, phoneProblem } from './contact.ts';

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
