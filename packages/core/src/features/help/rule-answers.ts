import type { FaqEntry } from '../../config/app-config.ts';
import type { ClientSettings } from '../../domain/marina.ts';

/** «2 horas», «1 hora y 30 minutos», «45 minutos»: a lead time as a person says it. */
export function formatMinutes(total: number): string {
  const hours = Math.floor(total / 60);
  const minutes = total % 60;
  const hourText = hours === 1 ? '1 hora' : `${hours} horas`;
  const minuteText = minutes === 1 ? '1 minuto' : `${minutes} minutos`;
  if (hours === 0) return minuteText;
  return minutes === 0 ? hourText : `${hourText} y ${minuteText}`;
}

export const formatDays = (days: number) => (days === 1 ? '1 día' : `${days} días`);

/**
 * The questions whose answers are the marina's own rules, worded from its settings as the API serves them
 * today: staff can change a rule from the back office, and the help page must never say an old one
 * (docs/product.md §4.1). They come before the questions the marina's folder declares.
 */
export function ruleAnswers(settings: Pick<ClientSettings, 'minLeadMinutes' | 'maxAdvanceDays'>): FaqEntry[] {
  return [
    {
      question: '¿Con cuánta antelación tengo que pedir la bajada?',
      answer: `Al menos ${formatMinutes(settings.minLeadMinutes)} antes y como máximo con ${formatDays(settings.maxAdvanceDays)}. La app solo te ofrece las horas que quedan libres.`,
    },
  ];
}
