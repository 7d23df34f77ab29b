import { render, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { ApiError } from '../api/api-error.ts';
import type { ApiClient } from '../api/client.ts';
import type { MarinaHelp, RuntimeConfig } from '../config/app-config.ts';
import type { SessionInfo } from '../domain/accounts.ts';
import { DEFAULT_CLIENT_SETTINGS, type Marina } from '../domain/marina.ts';
import { LOCKED_NOTICE_KINDS, NOTICE_KINDS, type NotificationPreferences } from '../domain/push.ts';
import { appRoutes } from '../app/router.tsx';
import { ServerCacheProvider } from '../lib/query-provider.tsx';
import { createServerCache } from '../lib/server-cache.ts';
import { createSessionStore } from '../lib/session-store.ts';
import { ServicesProvider } from '../lib/services.tsx';
import { trackCache } from './open-caches.ts';

/** The help page's content of the test marina (`testConfig.help()`). */
export const testHelp: MarinaHelp = {
  contact: {
    phone: '+34 971 000 041',
    email: 'capitania@prueba.example',
    address: 'Moll de Ponent, 1',
    openingHours: ['Abril a octubre: de 08:00 a 20:00'],
  },
  faq: [{ question: '¿Puedo pedir una bajada hoy?', answer: 'Sí, con dos horas de antelación.' }],
};

export const testConfig: RuntimeConfig = {
  production: false,
  apiUrl: '/',
  MboLogo: '/brand/mbo-logo.svg',
  version: '5.1010.1945',
  clientesConSMS: [41], // this marina sends codes by SMS
  clientId: 41,
  clientApp: 'MB41',
  clientTitulo: 'Marina de Prueba',
  clientShortName: 'Prueba',
  clientLogo: '/brand/logo.svg',
  timeZone: 'Europe/Madrid',
  help: async () => testHelp,
};

/** An API with no session: what a first visit meets. */
export function signedOutApi(): ApiClient {
  return {
    get: async () => {
      throw new ApiError('unauthenticated', { status: 401 });
    },
    create: async () => {
      throw new ApiError('unauthenticated', { status: 401 });
    },
    send: async () => {
      throw new ApiError('unauthenticated', { status: 401 });
    },
  };
}

/** The marina as `GET /client` serves it: the platform's rules. */
export const testMarina: Marina = {
  id: 41,
  app: 'MB41',
  title: 'Marina de Prueba',
  timeZone: 'Europe/Madrid',
  openingHours: [{ from: '01-01', to: '12-31', open: '08:00', close: '20:00' }],
  settings: { ...DEFAULT_CLIENT_SETTINGS },
  sendsSms: true,
};

/** Every kind of notice on both channels, as a new account starts; no phone receives pushes yet. */
export const testNotificationPreferences: NotificationPreferences = {
  items: NOTICE_KINDS.map((kind) => ({ kind, channel: 'both', locked: LOCKED_NOTICE_KINDS.has(kind) })),
  pushDevices: 0,
};

/** Who is signed in, for the private screens. */
export const testSession: SessionInfo = {
  account: {
    id: 'aaaaaaaa-0000-4000-8000-0000000000a1',
    firstName: 'Ana',
    surnames: 'García',
    email: 'ana@correo.es',
    phone: '+34612345678',
    document: '12345678Z',
    status: 'active',
    dataValidatedAt: '2026-11-01T10:00:00Z',
    dataValidationDue: false,
    emailVerified: true,
  },
  unreadNotifications: 2,
};

/**
 * An API with `testSession` signed in until a call ends the session (`DELETE session`, revoke-all,
 * `DELETE me`); `get`, `create` and `send` may be replaced per test.
 */
export function signedInApi(overrides: Partial<ApiClient> = {}): ApiClient & { signedIn: () => boolean } {
  let signedIn = true;
  const api: ApiClient = {
    get: (async (path: string) => {
      if (path === 'session' && signedIn) return testSession;
      // `inicio` lists the boats and the next launch: this account has none yet.
      if (path === 'boats' && signedIn) return { boats: [] };
      if (path === 'launches' && signedIn) return { upcoming: [], past: [] };
      if (path === 'outings' && signedIn) return { atSea: [], history: [] };
      if (path === 'notification-preferences' && signedIn) return testNotificationPreferences;
      if (path === 'client') return testMarina;
      throw new ApiError('unauthenticated', { status: 401 });
    }) as ApiClient['get'],
    create: async () => {
      throw new Error('create: not expected in this test');
    },
    send: (async (method: string, path: string) => {
      if ((method === 'delete' && (path === 'session' || path === 'me')) || path === 'session/revoke-all') {
        signedIn = false;
        return undefined;
      }
      throw new Error(`send ${method} ${path}: not expected in this test`);
    }) as ApiClient['send'],
  };
  return { ...api, ...overrides, signedIn: () => signedIn };
}

/** No wait before a failed load is tried again, nor between writes to the phone: tests see the outcome at once. */
export const fastCache = { retryDelay: 0, persistThrottle: 10 };

/** The app at `path`, its history entry carrying `state` when given (a notice sent by the screen before). */
export function renderApp(
  path: string,
  { api = signedOutApi(), sliderSeen = true, state }: { api?: ApiClient; sliderSeen?: boolean; state?: unknown } = {},
) {
  if (sliderSeen) localStorage.setItem('mb.sliderSeen', '1');
  const session = createSessionStore();
  const cache = trackCache(createServerCache({ api, storage: localStorage, session, ...fastCache }));
  const services = { config: testConfig, api, storage: localStorage, session, cache };
  const [pathname, search = ''] = path.split('?');
  const router = createMemoryRouter(appRoutes(services), {
    initialEntries: [state === undefined ? path : { pathname, search: search ? `?${search}` : '', state }],
  });
  render(
    <ServicesProvider services={services}>
      <RouterProvider router={router} />
    </ServicesProvider>,
  );
  return { router, services };
}

/**
 * Records whether `text` was ever drawn from now on, even for a moment: mutation records keep the
 * nodes that were added, also when they are gone by the time anyone looks.
 */
export function watchForText(text: string) {
  let seen = document.body.textContent?.includes(text) ?? false;
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) if (node.textContent?.includes(text)) seen = true;
      if (record.type === 'characterData' && record.target.textContent?.includes(text)) seen = true;
    }
  });
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  return {
    seen(): boolean {
      for (const record of observer.takeRecords()) {
        for (const node of record.addedNodes) if (node.textContent?.includes(text)) seen = true;
      }
      observer.disconnect();
      return seen;
    },
  };
}

/**
 * One private screen on its own (not through the app's routes), signed in as `testSession` with the
 * server cache open, as the private layout would give it.
 */
export async function renderSignedIn(element: ReactNode, { api = signedInApi() }: { api?: ApiClient } = {}) {
  const session = createSessionStore();
  const cache = trackCache(createServerCache({ api, storage: localStorage, session, ...fastCache }));
  (await cache.open(testSession.account.id)).setSession(testSession);
  const services = { config: testConfig, api, storage: localStorage, session, cache };
  const router = createMemoryRouter([{ path: '/', element: <ServerCacheProvider>{element}</ServerCacheProvider> }]);
  render(
    <ServicesProvider services={services}>
      <RouterProvider router={router} />
    </ServicesProvider>,
  );
  return { router, services };
}

type Answer = (body?: unknown) => unknown;

/**
 * Signed in as Ana, the marina's rules at `client`, and the answers given per `METHOD path` (`GET boats`,
 * `POST launches`…); an answer may throw, and a call with no answer is 404. Every call is recorded.
 */
export function answeringApi(answers: Record<string, Answer>) {
  const base = signedInApi();
  const answer = (key: string, body?: unknown) => {
    const found = answers[key];
    if (!found) throw new ApiError('not_found', { status: 404 });
    return found(body);
  };
  const get = vi.fn(async (path: string) => {
    if (path === 'session') return base.get(path);
    if (path === 'client') return testMarina;
    return answer(`GET ${path}`);
  });
  const send = vi.fn(async (method: string, path: string, body?: unknown) =>
    answer(`${method.toUpperCase()} ${path}`, body),
  );
  const create = vi.fn(async (path: string, body: unknown, _options: { idempotencyKey: string }) =>
    answer(`POST ${path}`, body),
  );
  const api: ApiClient = {
    get: get as ApiClient['get'],
    send: send as ApiClient['send'],
    create: create as ApiClient['create'],
  };
  return { api, get, send, create };
}

/**
 * The status message (`role="status"`) that says `text`, once one does. Not the first status found: a screen
 * may show «Cargando…», or an empty live region it fills a moment later, before the message a test awaits.
 */
export async function findStatus(text: string, container: HTMLElement = document.body): Promise<HTMLElement> {
  return waitFor(() => {
    const statuses = within(container).getAllByRole('status');
    const status = statuses.find((element) => element.textContent?.includes(text));
    if (!status)
      throw new Error(`No status says «${text}»: ${statuses.map((element) => `«${element.textContent}»`).join(', ')}`);
    return status;
  });
}
