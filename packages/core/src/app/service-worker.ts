/** The seed's limit: register once the app is stable, or after this long at the latest. */
export const SW_REGISTRATION_TIMEOUT_MS = 30_000;

export interface ServiceWorkerSchedule {
  production: boolean;
  /** Resolves when the app has rendered its first screen and the browser is idle. */
  whenStable: Promise<unknown>;
  register: () => void;
  timeoutMs?: number;
}

/**
 * Production builds only: registering in development would cache the files the dev server is
 * changing. Registration waits for the app to be stable so it does not compete with the first screen.
 */
export function scheduleServiceWorker({
  production,
  whenStable,
  register,
  timeoutMs = SW_REGISTRATION_TIMEOUT_MS,
}: ServiceWorkerSchedule): void {
  if (!production) return;
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    register();
  };
  const timer = setTimeout(once, timeoutMs);
  void whenStable.then(once, once);
}

/** Stable: the page has loaded, the first screen is on it, and the browser has a moment to spare. */
export function whenAppStable(firstScreen: Promise<unknown>, win: Window = window): Promise<void> {
  const loaded = new Promise<void>((resolve) => {
    if (win.document.readyState === 'complete') resolve();
    else win.addEventListener('load', () => resolve(), { once: true });
  });
  return Promise.all([loaded, firstScreen]).then(
    () =>
      new Promise<void>((resolve) => {
        if ('requestIdleCallback' in win) win.requestIdleCallback(() => resolve());
        else setTimeout(resolve, 0);
      }),
  );
}
