import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { createApiClient } from '../api/client.ts';
import type { RuntimeConfig } from '../config/app-config.ts';
import { waitForDeviceReady } from './device-ready.ts';
import { AppRoot, takeOverDrawnScreen } from './first-screen.tsx';
import { mayOpenPrivateScreen } from './private-route.ts';
import { appRoutes } from './router.tsx';
import { createServerCache } from '../lib/server-cache.ts';
import { createSessionStore } from '../lib/session-store.ts';
import type { Services } from '../lib/services.tsx';
import { offerUpdate } from './update-prompt.tsx';

/** The app's entry: each client bundle calls this with its own configuration. */
export async function startApp(config: RuntimeConfig, container: HTMLElement): Promise<void> {
  const storage = window.localStorage;
  const session = createSessionStore();
  // Opened on a private screen, the app asks who is signed in and the screen's data now, and fetches the
  // code it will need meanwhile: nothing below waits for the network (decision 066).
  const direct = createApiClient({ apiUrl: config.apiUrl, clientId: config.clientId, location: window.location });
  const cache = createServerCache({ api: direct, storage, session });
  // Its code is loaded only then (index.html's preload script has asked for it already): the sign-in page's
  // first load does without it.
  const { api } = mayOpenPrivateScreen(window.location.pathname)
    ? await import('./early-start.ts').then(
        (early) => early.startEarly({ api: direct, session, cache, location: window.location }),
        // Its code could not be fetched (the network, a deploy meanwhile): the app starts as it would without.
        () => ({ api: direct }),
      )
    : { api: direct };
  const services: Services = { config, api, storage, session, cache };
  await waitForDeviceReady();
  // Running the app's code is one long task already: setting up its first screen comes in another, so
  // the page can answer the person in between (a screen drawn at build time is on it, to be typed into).
  await new Promise((resolve) => setTimeout(resolve, 0));
  const routes = appRoutes(services);
  const hydrationData = await takeOverDrawnScreen(container, routes, {
    storage: services.storage,
    location: window.location,
    history: window.history,
  });
  // Taking the drawn screen over (the router, then React's first slice) comes in a task of its own as
  // well: with the setting up above, it made one task long enough on a slow phone to hold up a key pressed
  // meanwhile (decision 065). Not so for a screen the app draws itself: its container was just emptied.
  if (hydrationData) await new Promise((resolve) => setTimeout(resolve, 0));
  const router = createBrowserRouter(routes, hydrationData ? { hydrationData } : {});
  if (hydrationData) {
    // The screen drawn at build time is taken over as it is, with whatever the person has typed into it.
    // A transition lets React do it in short slices between which the page answers the person.
    let shown = false;
    const onShown = () => {
      if (shown) return;
      shown = true;
      // The loaders of the screen had not run (it was drawn without them): now they do, as on any visit.
      void router.revalidate();
    };
    startTransition(() => {
      hydrateRoot(container, <AppRoot services={services} router={router} onShown={onShown} />);
    });
  } else {
    createRoot(container).render(<AppRoot services={services} router={router} />);
  }
  const firstScreen = new Promise<void>((resolve) => {
    if (router.state.initialized && router.state.navigation.state === 'idle') resolve();
    const stop = router.subscribe((state) => {
      if (state.initialized && state.navigation.state === 'idle') {
        stop();
        resolve();
      }
    });
  });
  // The registration's schedule comes in a chunk of its own, asked for now (its 30 s limit counts from
  // then), and the registration, with Workbox, once the app is stable: the first load does without both.
  // Not fetched (the network): the next visit registers it.
  import('./service-worker.ts').then(
    ({ scheduleServiceWorker, whenAppStable }) =>
      scheduleServiceWorker({
        production: config.production,
        whenStable: whenAppStable(firstScreen),
        register: () =>
          void import('./register-service-worker.ts').then(({ registerServiceWorker }) =>
            registerServiceWorker('/sw.js', offerUpdate),
          ),
      }),
    () => undefined,
  );
}
