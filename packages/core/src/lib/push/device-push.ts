import type { ApiClient } from '../../api/client.ts';
import type {
  NoticePreferenceInput,
  NotificationPreferences,
  PushKey,
  PushSubscriptionInput,
} from '../../domain/push.ts';
import { base64UrlBytes, type PushBrowser } from './browser-push.ts';

/**
 * This phone and push, as `micuenta` shows it: not possible here, blocked in the browser's settings, on (a
 * subscription the server has), or off.
 */
export type DevicePushState = 'unsupported' | 'blocked' | 'on' | 'off';

/** The service worker is not active yet (the app opened a moment ago, or offline on a first visit). */
export class PushNotReadyError extends Error {
  constructor() {
    super('No service worker is active for push');
    this.name = 'PushNotReadyError';
  }
}

export async function devicePushState(browser: PushBrowser): Promise<DevicePushState> {
  if (!browser.supported) return 'unsupported';
  const permission = browser.permission();
  if (permission === 'denied') return 'blocked';
  if (permission !== 'granted') return 'off';
  const registration = await browser.registration();
  const subscription = await registration?.pushManager.getSubscription();
  return subscription ? 'on' : 'off';
}

function subscriptionBody(subscription: PushSubscription): PushSubscriptionInput {
  const json = subscription.toJSON();
  return {
    endpoint: json.endpoint ?? subscription.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
}

/**
 * Turns push on for this phone: asks the permission (the browser's own question, only now that the person
 * asked for it), subscribes with the deployment's key and stores the subscription on the server. Answers
 * `blocked` when the person (or the browser) says no, and throws when a step fails.
 */
export async function turnPushOn(api: ApiClient, browser: PushBrowser): Promise<'on' | 'blocked' | 'off'> {
  if (!browser.supported) throw new Error('Push is not supported here');
  const permission = browser.permission() === 'granted' ? 'granted' : await browser.requestPermission();
  if (permission === 'denied') return 'blocked';
  if (permission !== 'granted') return 'off';
  const registration = await browser.registration();
  if (!registration) throw new PushNotReadyError();
  const existing = await registration.pushManager.getSubscription();
  const subscription =
    existing ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: base64UrlBytes((await api.get<PushKey>('push/key')).publicKey),
    }));
  try {
    await api.send('post', 'push/subscriptions', subscriptionBody(subscription));
  } catch (error) {
    // The server does not have it: a subscription it cannot push to would only say "on" untruly.
    if (!existing) await subscription.unsubscribe().catch(() => false);
    throw error;
  }
  return 'on';
}

/** Stores this phone's subscription again (the account signed in now owns it); nothing when there is none. */
export async function refreshPushSubscription(api: ApiClient, browser: PushBrowser): Promise<void> {
  if (!browser.supported || browser.permission() !== 'granted') return;
  const subscription = await (await browser.registration())?.pushManager.getSubscription();
  if (subscription) await api.send('post', 'push/subscriptions', subscriptionBody(subscription));
}

/** Turns push off for this phone: the server forgets it first (so a failure leaves it on, and says so). */
export async function turnPushOff(api: ApiClient, browser: PushBrowser): Promise<void> {
  const subscription = await (await browser.registration())?.pushManager.getSubscription();
  if (!subscription) return;
  await api.send('delete', 'push/subscriptions', { endpoint: subscription.endpoint });
  await subscription.unsubscribe();
}

/** How long sign-out waits for this phone's subscription to be removed before it goes on regardless. */
export const FORGET_DEVICE_WAIT_MS = 3_000;

/**
 * On sign-out: this phone's subscription removed on the server (while the session still lets it) and in the
 * browser, so the next person to use the phone is not told the last one's news. Never throws and never holds
 * sign-out up for more than `FORGET_DEVICE_WAIT_MS`. `api` null: in the browser only (the account was deleted).
 */
export async function forgetThisDevice(api: ApiClient | null, browser: PushBrowser): Promise<void> {
  if (!browser.supported) return;
  const work = (async () => {
    const registration = await browser.registration(false);
    const subscription = await registration?.pushManager.getSubscription();
    if (!subscription) return;
    try {
      // No API after deleting the account: the server removed every subscription of it already.
      if (api) await api.send('delete', 'push/subscriptions', { endpoint: subscription.endpoint });
    } finally {
      await subscription.unsubscribe();
    }
  })().catch(() => undefined);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, FORGET_DEVICE_WAIT_MS);
  });
  await Promise.race([work, late]);
  clearTimeout(timer);
}

export function notificationPreferences(api: ApiClient): Promise<NotificationPreferences> {
  return api.get('notification-preferences');
}

export function saveNotificationPreference(
  api: ApiClient,
  input: NoticePreferenceInput,
): Promise<NotificationPreferences> {
  return api.send('put', 'notification-preferences', input);
}
