import { errorMessages, parametrisedErrorMessages } from '../messages/error-messages.ts';

export { errorMessages };

/** The words for a failed call: the message catalogue's for its code (`messages/`), with the wait it names. */
export function messageFor(error: unknown): string {
  if (error && typeof error === 'object' && 'code' in error && typeof error.code === 'string') {
    const message = (errorMessages as Record<string, string>)[error.code];
    if (message) {
      const retryAfter = 'retryAfter' in error && typeof error.retryAfter === 'number' ? error.retryAfter : undefined;
      if (retryAfter !== undefined && (error.code === 'rate_limited' || error.code === 'service_unavailable')) {
        return parametrisedErrorMessages[error.code]({ retryAfter });
      }
      return message;
    }
  }
  return errorMessages.unexpected_response;
}
