/** Marinas whose customers receive codes by SMS (seed §9); every other marina sends them by e-mail. */
export const CLIENTES_CON_SMS: readonly number[] = [41, 25];

export type CodeChannel = 'sms' | 'email';

export function codeChannelFor(clientId: number, clientesConSMS: readonly number[] = CLIENTES_CON_SMS): CodeChannel {
  return clientesConSMS.includes(clientId) ? 'sms' : 'email';
}
