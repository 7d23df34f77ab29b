/**
 * What every failure says when the error catalogue itself cannot be loaded: its file is not on the phone and
 * there is no connection to fetch it. The catalogue's `network_error` says the same. A module of its own, so
 * that the catalogue (a lazy chunk) and its loader (in the first load) share it without importing each other.
 */
export const NO_CONNECTION = 'No hay conexión. Comprueba tu cobertura e inténtalo de nuevo.';
