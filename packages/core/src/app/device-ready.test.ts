import { describe, expect, it } from 'vitest';
import { waitForDeviceReady } from './device-ready.ts';

function fakeWindow(cordova: boolean) {
  const document = new EventTarget();
  return { document, ...(cordova ? { cordova: {} } : {}) } as unknown as Window;
}

describe('waitForDeviceReady', () => {
  it('starts at once in a browser', async () => {
    await expect(waitForDeviceReady(fakeWindow(false))).resolves.toBeUndefined();
  });

  it('waits for deviceready inside Cordova', async () => {
    const win = fakeWindow(true);
    let ready = false;
    const waiting = waitForDeviceReady(win).then(() => (ready = true));
    await Promise.resolve();
    expect(ready).toBe(false);
    win.document.dispatchEvent(new Event('deviceready'));
    await waiting;
    expect(ready).toBe(true);
  });
});
