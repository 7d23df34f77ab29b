interface NativeShellWindow extends Window {
  cordova?: unknown;
}

/**
 * Inside Cordova the plugins are usable only after `deviceready`; rendering earlier would call them too
 * soon. Capacitor injects its bridge before the page's scripts run, so it needs no wait; neither does a
 * browser.
 */
export function waitForDeviceReady(win: NativeShellWindow = window): Promise<void> {
  if (win.cordova === undefined) return Promise.resolve();
  return new Promise((resolve) => {
    win.document.addEventListener('deviceready', () => resolve(), { once: true });
  });
}
