/**
 * The service worker's push handlers (issue 23, decision 063): `importScripts`'d by the worker Workbox generates,
 * as `push-sw.js`, which the build makes of this file alone (`pushWorker` in tooling/vite/client-vite-config.ts):
 * no imports but types, and nothing here runs until `installPushHandlers` is called with the worker's scope.
 * The scope is described by what is used of it, so the unit tests give a fake one.
 */

/** What each marina's build writes in: its name, and its icons under /brand/. */
export interface PushWorkerSettings {
  marina: string;
  icon: string;
  badge: string;
}

/** What a shown notification keeps: where a tap goes, and when its notice was written (when the server said). */
export interface PushNotificationData {
  url: string;
  at?: string;
}

export interface ShownNotification {
  title: string;
  options: { body: string; icon: string; badge: string; tag?: string; data: PushNotificationData };
}

interface WaitingEvent {
  waitUntil(promise: Promise<unknown>): void;
}
interface PushEventLike extends WaitingEvent {
  data: { text(): string } | null;
}
interface NotificationLike {
  data: unknown;
  close(): void;
}
/** A notification on screen, as `getNotifications` gives it. */
export interface ShownNotificationLike extends NotificationLike {
  title: string;
  body: string;
  icon: string;
  badge: string;
  tag: string;
}
interface NotificationClickEventLike extends WaitingEvent {
  notification: NotificationLike;
}
export interface WindowLike {
  url: string;
  focused?: boolean;
  focus(): Promise<unknown>;
  navigate?(url: string): Promise<unknown>;
}

/** The part of `ServiceWorkerGlobalScope` the handlers use. */
export interface PushWorkerScope {
  location: { origin: string };
  registration: {
    showNotification(title: string, options: ShownNotification['options']): Promise<void>;
    getNotifications(filter: { tag: string }): Promise<readonly ShownNotificationLike[]>;
  };
  clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowLike[]>;
    openWindow(url: string): Promise<unknown>;
  };
  addEventListener(type: 'push', listener: (event: PushEventLike) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationClickEventLike) => void): void;
}

/** Where a notification with no usable link goes: the person's notifications. */
export const FALLBACK_PATH = '/notificaciones';

/**
 * `url` as a path of this app, or `FALLBACK_PATH`: a push never opens another site, nor the API, whatever it
 * carries (an absolute URL of this origin is taken as its path).
 */
export function appPath(url: unknown, origin: string): string {
  if (typeof url !== 'string' || url.length === 0 || /[\t\n\r]/.test(url)) return FALLBACK_PATH;
  if (url.startsWith('/') && /^\/[/\\]/.test(url)) return FALLBACK_PATH;
  let parsed: URL;
  try {
    parsed = new URL(url, origin);
  } catch {
    return FALLBACK_PATH;
  }
  if (parsed.origin !== origin || /^\/[/\\]/.test(parsed.pathname)) return FALLBACK_PATH;
  if (parsed.pathname === '/api' || parsed.pathname.startsWith('/api/')) return FALLBACK_PATH;
  return `${parsed.pathname}${parsed.search}${parsed.hash}`;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : undefined);

/**
 * The notification a push shows. A payload that is not the JSON the server sends (`PushPayload`) still shows
 * one, in general words naming the marina: a push that shows nothing is one the browser holds against the site.
 */
export function notificationFor(
  data: { text(): string } | null,
  settings: PushWorkerSettings,
  origin: string,
): ShownNotification {
  const base = { icon: settings.icon, badge: settings.badge };
  let payload: Record<string, unknown> | undefined;
  try {
    const parsed: unknown = data ? JSON.parse(data.text()) : undefined;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) payload = parsed as Record<string, unknown>;
  } catch {
    payload = undefined;
  }
  const title = text(payload?.title);
  if (!payload || !title) {
    return {
      title: settings.marina,
      options: { ...base, body: 'Tienes un aviso nuevo. Ábrelo para verlo en la app.', data: { url: FALLBACK_PATH } },
    };
  }
  const tag = text(payload.tag);
  const at = text(payload.at);
  return {
    title,
    options: {
      ...base,
      body: text(payload.body) ?? '',
      ...(tag ? { tag } : {}),
      data: { url: appPath(payload.url, origin), ...(at && !Number.isNaN(Date.parse(at)) ? { at } : {}) },
    },
  };
}

/**
 * A tap: the notification goes, and the app shows its link, in the window already open when there is one
 * (focused, then taken to the link), else in a new one.
 */
export async function openNotification(scope: PushWorkerScope, notification: NotificationLike): Promise<void> {
  notification.close();
  const origin = scope.location.origin;
  const data = notification.data as Partial<PushNotificationData> | null | undefined;
  const url = appPath(data?.url, origin);
  const windows = (await scope.clients.matchAll({ type: 'window', includeUncontrolled: true })).filter((client) => {
    try {
      return new URL(client.url).origin === origin;
    } catch {
      return false;
    }
  });
  const open = windows.find((client) => client.focused) ?? windows[0];
  if (open) {
    await open.focus();
    const target = new URL(url, origin).href;
    if (open.url === target) return;
    // `navigate` is for a window this worker controls; any other, or a refusal, gets a window of its own.
    const moved = open.navigate ? await open.navigate(target).catch(() => null) : null;
    if (moved) return;
  }
  await scope.clients.openWindow(url);
}

const writtenAt = (data: unknown) => {
  const at = (data as Partial<PushNotificationData> | null | undefined)?.at;
  return typeof at === 'string' ? Date.parse(at) : Number.NaN;
};

/**
 * Shows a push's notification, unless one of its tag written later is on screen already (pushes can arrive out
 * of order): then that one stays, shown again, as a push must show something.
 */
export async function showNewest(scope: PushWorkerScope, shown: ShownNotification): Promise<void> {
  const { tag, data } = shown.options;
  const at = writtenAt(data);
  if (tag && !Number.isNaN(at)) {
    const newer = (await scope.registration.getNotifications({ tag })).find((open) => writtenAt(open.data) > at);
    if (newer) {
      await scope.registration.showNotification(newer.title, {
        body: newer.body,
        icon: newer.icon,
        badge: newer.badge,
        tag,
        data: newer.data as PushNotificationData,
      });
      return;
    }
  }
  await scope.registration.showNotification(shown.title, shown.options);
}

export function installPushHandlers(scope: PushWorkerScope, settings: PushWorkerSettings): void {
  scope.addEventListener('push', (event) => {
    event.waitUntil(showNewest(scope, notificationFor(event.data, settings, scope.location.origin)));
  });
  scope.addEventListener('notificationclick', (event) => {
    event.waitUntil(openNotification(scope, event.notification));
  });
}
