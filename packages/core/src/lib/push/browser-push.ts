/**
 * The browser's side of Web Push (issue 23, decision 063): whether this phone can be pushed to, the permission,
 * and its subscription. Loaded with `micuenta`, the launch screen and sign-out, never with the first screen.
 * Push needs the service worker, which production builds only register: elsewhere it is "not supported".
 */

/** What a screen needs of the browser; `browserPush()` gives the real one, tests a fake. */
export interface PushBrowser {
  /** Notifications, push and a service worker are all there (and this is a production build). */
  supported: boolean;
  permission(): NotificationPermission;
  requestPermission(): Promise<NotificationPermission>;
  /**
   * This page's service worker registration, once one is active; undefined when none comes in time. `wait`
   * false: only one already registered (sign-out does not wait for a worker that may never come).
   */
  registration(wait?: boolean): Promise<PushRegistration | undefined>;
}

/** The part of `ServiceWorkerRegistration` push uses. */
export interface PushRegistration {
  pushManager: Pick<PushManager, 'getSubscription' | 'subscribe'>;
}

/** How long to wait for the service worker to be active before saying the phone is not ready. */
export const REGISTRATION_WAIT_MS = 10_000;

export function browserPush(production: boolean, win: Window & typeof globalThis = window): PushBrowser {
  const supported = production && 'serviceWorker' in win.navigator && 'PushManager' in win && 'Notification' in win;
  return {
    supported,
    permission: () => (supported ? win.Notification.permission : 'denied'),
    requestPermission: () => win.Notification.requestPermission(),
    registration: async (wait = true) => {
      if (!supported) return undefined;
      const existing = await win.navigator.serviceWorker.getRegistration();
      if (existing?.active || !wait) return existing;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<undefined>((resolve) => {
        timer = setTimeout(() => resolve(undefined), REGISTRATION_WAIT_MS);
      });
      try {
        return await Promise.race([win.navigator.serviceWorker.ready, late]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/** A base64url text (the VAPID public key) as the bytes `applicationServerKey` takes. */
export function base64UrlBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
