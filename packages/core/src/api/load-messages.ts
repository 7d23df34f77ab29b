import type { messageFor } from './error-catalogue.ts';

export type MessageFor = typeof messageFor;

/**
 * What every failure says when the catalogue itself cannot be loaded: its file is not on the phone and
 * there is no connection to fetch it (the catalogue's `network_error`).
 */
export const NO_CONNECTION = 'No hay conexión. Comprueba tu cobertura e inténtalo de nuevo.';

let loading: Promise<MessageFor> | undefined;

/**
 * The error catalogue (`error-catalogue.ts`) for the code of the app's first load (the sign-in form, the
 * last-resort error screen), which says what went wrong only once a call has failed. It is a chunk of its
 * own, out of what the sign-in form needs before it can be sent (decision 017), and the API client loads
 * it with its HTTP part (`client.ts`): it is there by the time a call has failed. The screens loaded later
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
