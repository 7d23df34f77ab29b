export type CodeChannel = 'sms' | 'email';

/**
 * Where a marina sends verification codes: by SMS when its folder says it `sendsSms`, else by e-mail. The
 * server reads the flag from its clients table, the app from its build's `clientesConSMS`.
 */
export function codeChannelFor(sendsSms: boolean): CodeChannel {
  return sendsSms ? 'sms' : 'email';
}
