/**
 * What a failed try leaves in `jobs.last_error` and `job_runs.error`: the error's kind and message, with
 * anything that looks like an e-mail address or a phone or document number blanked and the rest cut short.
 * Handlers should throw messages without personal data; this is the net for the ones that come from
 * elsewhere (an SMTP server echoing the recipient, say).
 */
const EMAIL = /[^\s@<>"'(),;:[\]]+@[^\s@<>"'(),;:[\]]+/g;
/** Six or more digits, possibly with spaces, dots, dashes or a leading +: phones, documents, codes. */
const NUMBER = /\+?\d(?:[\s.-]?\d){5,}/g;
const MAX_LENGTH = 500;

export function describeError(error: unknown): string {
  const kind = error instanceof Error ? error.name : typeof error;
  const message = error instanceof Error ? error.message : String(error);
  const text = `${kind}: ${message}`.replace(EMAIL, '[e-mail]').replace(NUMBER, '[number]');
  return text.length > MAX_LENGTH ? `${text.slice(0, MAX_LENGTH - 1)}…` : text;
}
