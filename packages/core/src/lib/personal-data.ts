import { PUSH_OFFER_DECLINED, SLIDER_SEEN } from './first-start.ts';
import type { ServerCache } from './server-cache.ts';
import type { SessionStore } from './session-store.ts';

/**
 * Keys that say nothing about the person and survive sign-out (the intro was seen on this device, push was
 * declined on it).
 */
const DEVICE_KEYS = new Set([SLIDER_SEEN, PUSH_OFFER_DECLINED]);

/**
 * Sign-out and account deletion leave nothing personal on the phone: session, server cache (in memory
 * and kept for offline use), storage, the service worker's data caches.
 */
export async function clearPersonalData({
  storage,
  session,
  cache,
}: {
  storage: Storage;
  session: SessionStore;
  cache: ServerCache;
}): Promise<void> {
  session.set(null);
  await cache.close();
  await clearStorage(storage);
}

/**
 * What the phone's storage holds of the person: everything but the device's own keys, the tab's storage, and
 * the service worker's data caches (the app shell's precache stays: it is the same for everyone).
 */
export async function clearStorage(storage: Storage): Promise<void> {
  for (const key of Object.keys(storage)) if (!DEVICE_KEYS.has(key)) storage.removeItem(key);
  sessionStorage.clear();
  if ('caches' in globalThis) {
    const names = await caches.keys();
    await Promise.all(names.filter((name) => !name.startsWith('workbox-precache')).map((name) => caches.delete(name)));
  }
}
