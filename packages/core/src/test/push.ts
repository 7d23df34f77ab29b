import type { PushBrowser } from '../lib/push/browser-push.ts';

/** A P-256 point and an auth secret of the right lengths (base64url), as a browser's subscription has them. */
export const FAKE_KEYS = { p256dh: `B${'A'.repeat(86)}`, auth: 'AAAAAAAAAAAAAAAAAAAAAA' };

/**
 * A browser for push with no browser: its permission, its subscription (made by `subscribe`), and what was
 * asked of it. `answer` is what the permission prompt answers.
 */
export function fakePushBrowser({
  supported = true,
  permission = 'default' as NotificationPermission,
  answer = 'granted' as NotificationPermission,
  subscribed = false,
  active = true,
} = {}) {
  let current = permission;
  const calls = { requestPermission: 0, subscribe: [] as PushSubscriptionOptionsInit[], unsubscribe: 0 };
  const endpoint = 'https://push.example.test/send/abc';
  const makeSubscription = () =>
    ({
      endpoint,
      toJSON: () => ({ endpoint, expirationTime: null, keys: { ...FAKE_KEYS } }),
      unsubscribe: async () => {
        calls.unsubscribe += 1;
        subscription = null;
        return true;
      },
    }) as unknown as PushSubscription;
  let subscription: PushSubscription | null = subscribed ? makeSubscription() : null;
  const pushManager = {
    getSubscription: async () => subscription,
    subscribe: async (options?: PushSubscriptionOptionsInit) => {
      calls.subscribe.push(options ?? {});
      subscription = makeSubscription();
      return subscription;
    },
  };
  const browser: PushBrowser = {
    supported,
    permission: () => current,
    requestPermission: async () => {
      calls.requestPermission += 1;
      current = answer;
      return current;
    },
    registration: async () => (active ? { pushManager } : undefined),
  };
  return { browser, calls, endpoint, subscription: () => subscription };
}
