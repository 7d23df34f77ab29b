import { describe, expect, it } from 'vitest';
import { formatDays, formatMinutes, ruleAnswers } from './rule-answers.ts';

describe('the questions answered from the rules', () => {
  it('word lead times as a person says them', () => {
    expect(formatMinutes(120)).toBe('2 horas');
    expect(formatMinutes(60)).toBe('1 hora');
    expect(formatMinutes(90)).toBe('1 hora y 30 minutos');
    expect(formatMinutes(45)).toBe('45 minutos');
    expect(formatMinutes(61)).toBe('1 hora y 1 minuto');
    expect(formatDays(1)).toBe('1 día');
    expect(formatDays(30)).toBe('30 días');
  });

  it("answer with the marina's settings, whatever staff set them to", () => {
    expect(ruleAnswers({ minLeadMinutes: 120, maxAdvanceDays: 30 })[0]?.answer).toBe(
      'Al menos 2 horas antes y como máximo con 30 días. La app solo te ofrece las horas que quedan libres.',
    );
    expect(ruleAnswers({ minLeadMinutes: 30, maxAdvanceDays: 7 })[0]?.answer).toMatch(
      /^Al menos 30 minutos antes y como máximo con 7 días\./,
    );
  });
});
