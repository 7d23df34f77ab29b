import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { createApiClient } from '../api/client.ts';
import type { AppConfig } from '../config/app-config.ts';
import { waitForDeviceReady } from './device-ready.ts';
import { createAppRouter } from './router.tsx';
import { registerServiceWorker, scheduleServiceWorker, whenAppStable } from './service-worker.ts';
import { createServerCache } from '../lib/server-cache.ts';
import { createSessionStore } from '../lib/session-store.ts';
import { ServicesProvider, type Services } from '../lib/services.tsx';
import { offerUpdate } from './update-prompt.tsx';

/** The app's entry: each client bundle calls this with its own configuration. */
export async function startApp(config: AppConfig, container: HTMLElement): Promise<void> {
  await waitForDeviceReady();
  const api = createApiClient({ apiUrl: config.apiUrl, clientId: config.clientId, location: window.location });
  const storage = window.localStorage;
  const session = createSessionStore();
  const services: Services = { config, api, storage, session, cache: createServerCache({ api, storage, session }) };
  const router = createAppRouter(services);
  createRoot(container).render(
    <StrictMode>
      <ServicesProvider services={services}>
        <RouterProvider router={router} />
      </ServicesProvider>
    </StrictMode>,
  );
  const firstScreen = new Promise<void>((resolve) => {
    if (router.state.initialized && router.state.navigation.state === 'idle') resolve();
    const stop = router.subscribe((state) => {
      if (state.initialized && state.navigation.state === 'idle') {
        stop();
        resolve();
      }
    });
  });
  scheduleServiceWorker({
    production: config.production,
    whenStable: whenAppStable(firstScreen),
    register: () => void registerServiceWorker('/sw.js', offerUpdate),
  });
}
