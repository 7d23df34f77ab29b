/**
 * What every failure says when the error catalogue itself cannot be loaded: its file is not on the phone and
 * there is no connection to fetch it. The catalogue's `network_error` says the same. A module of its own, so
 * the app's first load (`api/api-error.ts`, `api/load-messages.ts`) carries these words without the rest of
 * the catalogue, a lazy chunk (decision 017's budget).
 */
export const NO_CONNECTION = 'No hay conexión. Comprueba tu cobertura e inténtalo de nuevo.';
