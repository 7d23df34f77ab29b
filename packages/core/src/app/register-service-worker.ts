// Loaded when the service worker is registered, once the app is stable: nothing of it is needed before.
import { Workbox } from 'workbox-window';

export type UpdateListener = (apply: () => void) => void;

/**
 * Registers the worker and reports a waiting new version instead of reloading: the person decides when,
 * so a half-filled form is never lost.
 */
export async function registerServiceWorker(url: string, onUpdate: UpdateListener): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const workbox = new Workbox(url);
  workbox.addEventListener('waiting', () => {
    onUpdate(() => {
      workbox.addEventListener('controlling', () => window.location.reload());
      workbox.messageSkipWaiting();
    });
  });
  await workbox.register();
}
