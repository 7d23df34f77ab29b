import { describe, expect, it, vi } from 'vitest';
import {
  appPath,
  FALLBACK_PATH,
  installPushHandlers,
  notificationFor,
  openNotification,
  type PushWorkerScope,
  type ShownNotification,
  type WindowLike,
} from './push-worker.ts';

const ORIGIN = 'https://app.marina.example';
const settings = { marina: 'Marina de Prueba', icon: '/brand/icon-192.png', badge: '/brand/badge-96.png' };
const data = (value: unknown) => ({ text: () => (typeof value === 'string' ? value : JSON.stringify(value)) });

/** A worker scope with no worker: its listeners, notifications shown, windows and windows opened. */
function fakeScope(windows: WindowLike[] = []) {
  const listeners: Record<string, (event: never) => void> = {};
  const shown: Array<{ title: string; options: ShownNotification['options'] }> = [];
  const opened: string[] = [];
  const scope: PushWorkerScope = {
    location: { origin: ORIGIN },
    registration: {
      showNotification: async (title, options) => {
        // As a browser does: a notification with the tag of one on screen takes its place.
        const replaced = options.tag ? shown.findIndex((open) => open.options.tag === options.tag) : -1;
        if (replaced >= 0) shown.splice(replaced, 1);
        shown.push({ title, options });
      },
      getNotifications: async ({ tag }) =>
        shown
          .filter((open) => open.options.tag === tag)
          .map(({ title, options }) => ({ title, ...options, tag: options.tag ?? '', close: () => undefined })),
    },
    clients: {
      matchAll: async () => windows,
      openWindow: async (url) => {
        opened.push(url);
        return null;
      },
    },
    addEventListener: ((type: string, listener: (event: never) => void) => {
      listeners[type] = listener;
    }) as PushWorkerScope['addEventListener'],
  };
  /** Fires an event and waits for what it asked to be waited for. */
  const fire = async (type: string, event: object) => {
    const waits: Promise<unknown>[] = [];
    listeners[type]!({ ...event, waitUntil: (promise: Promise<unknown>) => waits.push(promise) } as never);
    await Promise.all(waits);
    expect(waits).toHaveLength(1);
  };
  return { scope, shown, opened, fire };
}

function fakeWindow(url: string, { focused = false, navigates = true } = {}) {
  const window = {
    url,
    focused,
    focus: vi.fn(async () => window),
    navigate: vi.fn(async (to: string) => (navigates ? { ...window, url: to } : null)),
  };
  return window;
}

describe('push: the notification shown', () => {
  it('shows the payload’s title and body, with the marina’s icon and badge, its tag and its link', () => {
    const shown = notificationFor(
      data({
        title: 'Bajada confirmada',
        body: 'Tu bajada del sábado a las 11:00 está confirmada.',
        url: '/pedidosbajadas/abc',
        tag: 'launch-abc',
        kind: 'launch_confirmed',
      }),
      settings,
      ORIGIN,
    );
    expect(shown).toEqual({
      title: 'Bajada confirmada',
      options: {
        body: 'Tu bajada del sábado a las 11:00 está confirmada.',
        icon: '/brand/icon-192.png',
        badge: '/brand/badge-96.png',
        tag: 'launch-abc',
        data: { url: '/pedidosbajadas/abc' },
      },
    });
  });

  it.each([
    ['not JSON', data('¡hola!')],
    ['JSON with no title', data({ body: 'x' })],
    ['JSON that is not an object', data([1, 2])],
    ['no data at all', null],
  ])('shows a general notification naming the marina for a payload %s', (_case, payload) => {
    const shown = notificationFor(payload, settings, ORIGIN);
    expect(shown.title).toBe('Marina de Prueba');
    expect(shown.options.body).toBe('Tienes un aviso nuevo. Ábrelo para verlo en la app.');
    expect(shown.options.data.url).toBe(FALLBACK_PATH);
    expect(shown.options.icon).toBe('/brand/icon-192.png');
  });

  it.each([
    ['https://evil.example/phish', FALLBACK_PATH],
    ['//evil.example/phish', FALLBACK_PATH],
    ['/\\evil.example', FALLBACK_PATH],
    ['javascript:alert(1)', FALLBACK_PATH],
    ['/api/v1/me', FALLBACK_PATH],
    ['/pedidos\nbajadas', FALLBACK_PATH],
    [42, FALLBACK_PATH],
    ['/pedidosbajadas/abc?x=1#h', '/pedidosbajadas/abc?x=1#h'],
    [`${ORIGIN}/misbarcos`, '/misbarcos'],
  ])('opens only a path of this app: %s → %s', (url, expected) => {
    expect(appPath(url, ORIGIN)).toBe(expected);
    expect(notificationFor(data({ title: 'T', url }), settings, ORIGIN).options.data.url).toBe(expected);
  });

  it('the push handler shows it, and the worker waits for it', async () => {
    const { scope, shown, fire } = fakeScope();
    installPushHandlers(scope, settings);
    await fire('push', {
      data: data({ title: 'Barco en el agua', body: 'Gaviota ya está en el agua.', url: '/inicio' }),
    });
    expect(shown).toEqual([
      {
        title: 'Barco en el agua',
        options: expect.objectContaining({ body: 'Gaviota ya está en el agua.', data: { url: '/inicio' } }),
      },
    ]);
  });
});

describe('push: a tap on the notification', () => {
  const tap = async (windows: WindowLike[], url: unknown) => {
    const fake = fakeScope(windows);
    installPushHandlers(fake.scope, settings);
    const close = vi.fn();
    await fake.fire('notificationclick', { notification: { data: { url }, close } });
    expect(close).toHaveBeenCalledOnce();
    return fake;
  };

  it('with the app open, focuses its window and takes it to the link', async () => {
    const other = fakeWindow(`${ORIGIN}/inicio`);
    const focused = fakeWindow(`${ORIGIN}/micuenta`, { focused: true });
    const { opened } = await tap([other, focused], '/pedidosbajadas/abc');
    expect(focused.focus).toHaveBeenCalled();
    expect(focused.navigate).toHaveBeenCalledWith(`${ORIGIN}/pedidosbajadas/abc`);
    expect(other.focus).not.toHaveBeenCalled();
    expect(opened).toEqual([]);
  });

  it('with the app already on the link, only focuses it', async () => {
    const open = fakeWindow(`${ORIGIN}/pedidosbajadas/abc`);
    const { opened } = await tap([open], '/pedidosbajadas/abc');
    expect(open.focus).toHaveBeenCalled();
    expect(open.navigate).not.toHaveBeenCalled();
    expect(opened).toEqual([]);
  });

  it('with a window it cannot take there (not controlled), opens a new one', async () => {
    const open = fakeWindow(`${ORIGIN}/inicio`, { navigates: false });
    const { opened } = await tap([open], '/pedidosbajadas/abc');
    expect(opened).toEqual(['/pedidosbajadas/abc']);
  });

  it('with no window, opens one on the link', async () => {
    const { opened } = await tap([], '/pedidosbajadas/abc');
    expect(opened).toEqual(['/pedidosbajadas/abc']);
  });

  it('never opens another site, whatever the notification carries', async () => {
    const open = fakeWindow(`${ORIGIN}/inicio`);
    await tap([open], 'https://evil.example/');
    expect(open.navigate).toHaveBeenCalledWith(`${ORIGIN}${FALLBACK_PATH}`);
    const { opened } = await tap([], 'https://evil.example/');
    expect(opened).toEqual([FALLBACK_PATH]);
  });

  it('ignores windows of another origin', async () => {
    const foreign = fakeWindow('https://other.example/');
    const { opened } = await tap([foreign], '/inicio');
    expect(foreign.focus).not.toHaveBeenCalled();
    expect(opened).toEqual(['/inicio']);
  });
});

describe('openNotification', () => {
  it('reads a notification with no data as the fallback', async () => {
    const { scope, opened } = fakeScope();
    await openNotification(scope, { data: null, close: () => undefined });
    expect(opened).toEqual([FALLBACK_PATH]);
  });
});

describe('push: out of order', () => {
  const push = (title: string, at: string) => ({
    data: data({ title, body: title, url: '/pedidosbajadas/1', tag: 'launch-1', kind: 'launch_confirmed', at }),
  });

  it('keeps the newest notice of a tag on screen whatever order its pushes arrive in', async () => {
    const { scope, shown, fire } = fakeScope();
    installPushHandlers(scope, settings);
    await fire('push', push('Bajada en el agua', '2026-07-06T10:05:00.000Z'));
    await fire('push', push('Bajada confirmada', '2026-07-06T09:00:00.000Z'));
    expect(shown.map((open) => open.title)).toEqual(['Bajada en el agua']);
    await fire('push', push('Barco de vuelta', '2026-07-06T13:00:00.000Z'));
    expect(shown.map((open) => open.title)).toEqual(['Barco de vuelta']);
  });
});
