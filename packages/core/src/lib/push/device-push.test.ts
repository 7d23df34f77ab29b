import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/api-error.ts';
import type { ApiClient } from '../../api/client.ts';
import { base64UrlBytes, browserPush } from './browser-push.ts';
import { devicePushState, forgetThisDevice, PushNotReadyError, turnPushOff, turnPushOn } from './device-push.ts';
import { FAKE_KEYS, fakePushBrowser } from '../../test/push.ts';

const PUBLIC_KEY = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';

function fakeApi(fail?: (method: string, path: string) => unknown) {
  const send = vi.fn(async (method: string, path: string, _body?: unknown) => {
    const error = fail?.(method, path);
    if (error) throw error;
    return undefined;
  });
  const get = vi.fn(async (path: string) => {
    if (path === 'push/key') return { publicKey: PUBLIC_KEY };
    throw new ApiError('not_found', { status: 404 });
  });
  const api = { get, send, create: vi.fn() } as unknown as ApiClient;
  return { api, send, get };
}

describe('this phone and push', () => {
  it('is not supported outside production builds, nor where the browser lacks push', () => {
    expect(browserPush(false).supported).toBe(false);
    // jsdom has no PushManager, like a browser without push.
    expect(browserPush(true).supported).toBe(false);
  });

  it('reads the state: unsupported, blocked, off until subscribed, on', async () => {
    expect(await devicePushState(fakePushBrowser({ supported: false }).browser)).toBe('unsupported');
    expect(await devicePushState(fakePushBrowser({ permission: 'denied' }).browser)).toBe('blocked');
    expect(await devicePushState(fakePushBrowser({ permission: 'default' }).browser)).toBe('off');
    expect(await devicePushState(fakePushBrowser({ permission: 'granted' }).browser)).toBe('off');
    expect(await devicePushState(fakePushBrowser({ permission: 'granted', subscribed: true }).browser)).toBe('on');
  });

  it('turning on asks the permission, subscribes with the key for visible pushes and stores the subscription', async () => {
    const { api, send } = fakeApi();
    const fake = fakePushBrowser();
    expect(await turnPushOn(api, fake.browser)).toBe('on');
    expect(fake.calls.requestPermission).toBe(1);
    expect(fake.calls.subscribe).toEqual([{ userVisibleOnly: true, applicationServerKey: base64UrlBytes(PUBLIC_KEY) }]);
    expect(base64UrlBytes(PUBLIC_KEY)).toHaveLength(65);
    expect(send).toHaveBeenCalledWith('post', 'push/subscriptions', { endpoint: fake.endpoint, keys: FAKE_KEYS });
  });

  it('a "no" to the prompt is blocked, and nothing is subscribed', async () => {
    const { api, send } = fakeApi();
    const fake = fakePushBrowser({ answer: 'denied' });
    expect(await turnPushOn(api, fake.browser)).toBe('blocked');
    expect(fake.calls.subscribe).toEqual([]);
    expect(send).not.toHaveBeenCalled();
  });

  it('a prompt closed without an answer leaves it off', async () => {
    const fake = fakePushBrowser({ answer: 'default' });
    expect(await turnPushOn(fakeApi().api, fake.browser)).toBe('off');
    expect(fake.calls.subscribe).toEqual([]);
  });

  it('when the server cannot store it, the new subscription is undone and the failure thrown', async () => {
    const { api } = fakeApi(() => new ApiError('network_error'));
    const fake = fakePushBrowser();
    await expect(turnPushOn(api, fake.browser)).rejects.toMatchObject({ code: 'network_error' });
    expect(fake.subscription()).toBeNull();
    expect(fake.calls.unsubscribe).toBe(1);
  });

  it('says the phone is not ready when no service worker is active', async () => {
    const fake = fakePushBrowser({ active: false });
    await expect(turnPushOn(fakeApi().api, fake.browser)).rejects.toBeInstanceOf(PushNotReadyError);
  });

  it('turning off removes it on the server first, then in the browser; a failure keeps it on', async () => {
    const failing = fakePushBrowser({ permission: 'granted', subscribed: true });
    await expect(turnPushOff(fakeApi(() => new ApiError('network_error')).api, failing.browser)).rejects.toMatchObject({
      code: 'network_error',
    });
    expect(failing.subscription()).not.toBeNull();

    const { api, send } = fakeApi();
    const fake = fakePushBrowser({ permission: 'granted', subscribed: true });
    await turnPushOff(api, fake.browser);
    expect(send).toHaveBeenCalledWith('delete', 'push/subscriptions', { endpoint: fake.endpoint });
    expect(fake.subscription()).toBeNull();
  });

  it('on sign-out, forgets this phone on the server and in the browser', async () => {
    const { api, send } = fakeApi();
    const fake = fakePushBrowser({ permission: 'granted', subscribed: true });
    await forgetThisDevice(api, fake.browser);
    expect(send).toHaveBeenCalledWith('delete', 'push/subscriptions', { endpoint: fake.endpoint });
    expect(fake.subscription()).toBeNull();
  });

  it('after deleting the account, unsubscribes in the browser only (the server removed them all)', async () => {
    const { send } = fakeApi();
    const fake = fakePushBrowser({ permission: 'granted', subscribed: true });
    await forgetThisDevice(null, fake.browser);
    expect(send).not.toHaveBeenCalled();
    expect(fake.subscription()).toBeNull();
  });

  it('on sign-out, a failed removal on the server still unsubscribes, and throws nothing', async () => {
    const fake = fakePushBrowser({ permission: 'granted', subscribed: true });
    await expect(
      forgetThisDevice(fakeApi(() => new ApiError('network_error')).api, fake.browser),
    ).resolves.toBeUndefined();
    expect(fake.subscription()).toBeNull();
  });

  it('on sign-out, a removal that never answers holds sign-out up for a few seconds at most', async () => {
    vi.useFakeTimers();
    try {
      const api = { send: () => new Promise(() => undefined) } as unknown as ApiClient;
      const fake = fakePushBrowser({ permission: 'granted', subscribed: true });
      let done = false;
      const forgetting = forgetThisDevice(api, fake.browser).then(() => {
        done = true;
      });
      await vi.advanceTimersByTimeAsync(2_900);
      expect(done).toBe(false);
      await vi.advanceTimersByTimeAsync(200);
      await forgetting;
      expect(done).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
