import { describe, expect, it } from 'vitest';
import { formatPhone } from './format-phone.ts';

describe('phone numbers as people write them', () => {
  it('groups a Spanish number in threes after the country code, however it was typed', () => {
    expect(formatPhone('+34600000041')).toBe('+34 600 000 041');
    expect(formatPhone('971 12 34 56')).toBe('+34 971 123 456');
    expect(formatPhone('+34 612-345-678')).toBe('+34 612 345 678');
  });

  it("groups another country's number as its own country does", () => {
    expect(formatPhone('+351912345678')).toBe('+351 912 345 678');
  });

  it('never changes the number, only its groups: a trunk 0 the library would drop is shown as stored', () => {
    // A British number typed with its national 0 after +44 (the layout test's longest phone, 15 digits).
    expect(formatPhone('+44020942959950')).toBe('+44020942959950');
  });

  it('keeps what is no number as written, and joins the groups with no-break spaces when asked', () => {
    expect(formatPhone('llamar a capitanía')).toBe('llamar a capitanía');
    expect(formatPhone('+34600000041', { unbreakable: true })).toBe('+34\u00A0600\u00A0000\u00A0041');
  });
});
