import type { messageFor } from './error-catalogue.ts';
import { NO_CONNECTION } from './api-error.ts';

export type MessageFor = typeof messageFor;

let loading: Promise<MessageFor> | undefined;

/**
 * The error catalogue (`error-catalogue.ts`) for the code of the app's first load (the sign-in form, the
 * last-resort error screen), which says what went wrong only once a call has failed. It is a chunk of its
 * own, out of what the sign-in form needs before it can be sent (decision 017), and out of the first load
 * altogether (decision 065): a form asks for it as soon as the person moves into it (`api-form.tsx`), so it
 * is there by the time a call has failed, and the error screen when it shows. The screens loaded later
 * import the catalogue itself.
 */
export function loadMessageFor(): Promise<MessageFor> {
  loading ??= import('./error-catalogue.ts').then(
    (catalogue) => catalogue.messageFor,
    () => {
      // Tried again the next time.
      loading = undefined;
      return () => NO_CONNECTION;
    },
  );
  return loading;
}
