import { renderToString } from 'react-dom/server';
import { createMemoryRouter } from 'react-router';
import type { ApiClient } from '../api/client.ts';
import type { RuntimeConfig } from '../config/app-config.ts';
import { markSliderSeen } from '../lib/first-start.ts';
import { paths, type RouteName } from '../lib/paths.ts';
import { createServerCache } from '../lib/server-cache.ts';
import { createSessionStore } from '../lib/session-store.ts';
import type { Services } from '../lib/services.tsx';
import { AppRoot, readyToShow } from './first-screen.tsx';
import { appRoutes } from './router.tsx';

/** Drawing at build time calls nothing: the loaders run in the browser, once the app takes over. */
const noCalls: ApiClient = {
  get: () => Promise.reject(new Error('no API calls while drawing at build time')),
  create: () => Promise.reject(new Error('no API calls while drawing at build time')),
  send: () => Promise.reject(new Error('no API calls while drawing at build time')),
};

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

/**
 * One screen of the app as HTML, for a signed-out visitor past the intro slides: what the browser will
 * show before the app has loaded, and the markup the app takes over (`takeOverDrawnScreen`).
 */
export async function prerenderScreen(config: RuntimeConfig, screen: RouteName): Promise<string> {
  const storage = memoryStorage();
  markSliderSeen(storage);
  const session = createSessionStore();
  const services: Services = {
    config,
    api: noCalls,
    storage,
    session,
    cache: createServerCache({ api: noCalls, storage, session }),
  };
  const routes = appRoutes(services);
  const hydrationData = await readyToShow(routes, paths[screen]);
  if (!hydrationData)
    throw new Error(`${screen} cannot be drawn at build time: a route on its way has a loader and no id`);
  const router = createMemoryRouter(routes, { initialEntries: [paths[screen]], hydrationData });
  return renderToString(<AppRoot services={services} router={router} />);
}
