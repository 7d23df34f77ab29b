/**
 * Leaves the app's screens for another address with a new start of the page: what a screen drawn from a
 * copy the phone kept does when the session behind it turns out to have ended (nothing of it may stay in
 * memory). A module of its own so that tests can watch it (jsdom does not navigate).
 */
export function leaveFor(path: string): void {
  window.location.replace(path);
}
