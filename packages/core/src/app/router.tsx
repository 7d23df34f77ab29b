import { redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { ApiError } from '../api/api-error.ts';
import type { ApiClient } from '../api/client.ts';
import type { RuntimeConfig } from '../config/app-config.ts';
import type { SessionInfo } from '../domain/accounts.ts';
import LoginScreen from '../features/auth/login-screen.tsx';
import { markSliderSeen, sliderSeen } from '../lib/first-start.ts';
import { keptOwner, knownOffline } from '../lib/queries.ts';
import type { ServerCache } from '../lib/server-cache.ts';
import { fetchSession, type SessionStore } from '../lib/session-store.ts';
import { PublicLayout, RootLayout } from './layouts.tsx';
import { href, paths, PRIVATE_ROUTES, safeNext, type RouteName } from '../lib/paths.ts';
import { leaveFor } from './leave.ts';
import { RouteError } from './route-error.tsx';
import { notFoundHandle, screenHandle } from './screen-handle.ts';
import { ScreenLoading } from './screen-loading.tsx';

/**
 * The table of the other screens' chunks (`screens.tsx`): a chunk of its own, loaded with the first screen
 * that needs one. `index.html`, which opens on any screen, preloads it; the drawn sign-in page does not
 * (`tooling/vite/client-vite-config.ts`).
 */
const screenTable = () => import('./screens.tsx');

const lazyScreen = (name?: RouteName) => async () => ({ Component: await (await screenTable()).loadScreen(name) });

/**
 * In the app's first chunk, not one of its own: the sign-in screen is drawn at build time and the app
 * takes it over as soon as it runs (`first-screen.tsx`), and nearly every visit meets it (the empty path
 * and every private screen lead there).
 */
const firstScreens: Partial<Record<RouteName, React.ComponentType>> = { login: LoginScreen };

function screenRoute(name: RouteName): RouteObject {
  const route = {
    // Named, so a screen drawn at build time can say which route it is (`app/first-screen.tsx`).
    id: name,
    path: paths[name],
    handle: screenHandle(name),
  };
  const Component = firstScreens[name];
  return Component ? { ...route, Component } : { ...route, lazy: lazyScreen(name) };
}

export interface RouterServices {
  config: Pick<RuntimeConfig, 'help'>;
  api: ApiClient;
  storage: Storage;
  session: SessionStore;
  cache: ServerCache;
}

/**
 * Asks the API who is signed in. The answer also hands out the XSRF cookie that every form needs, so
 * the account screens ask before showing a form. `null`: nobody is.
 */
async function loadSession(api: ApiClient, session: SessionStore): Promise<SessionInfo | null> {
  const info = await fetchSession(api);
  session.set(info);
  return info;
}

/**
 * The screens that open without a network from what the phone kept (docs/product.md §9, decisions 029
 * and 055): the card, shown at the gate on a dock without coverage, the boats and launches, and the
 * outings, read at sea. Any other private screen offline says «Sin conexión» (`RouteError`).
 */
const OFFLINE_PATHS: ReadonlySet<string> = new Set([
  paths.carnetVerde,
  paths.carnetRojo,
  paths.misbarcos,
  paths.pedidosbajadas,
  paths.salidas,
]);

const unreachable = (error: unknown) =>
  error instanceof ApiError && (error.code === 'network_error' || error.code === 'timeout');

/**
 * The session, checked behind a screen drawn from the copy kept for `kept`. Signed in: the cache is told who
 * (another account gets its own). Nobody (the session ended elsewhere): nothing personal stays, and the person
 * goes to sign in, back here after it. No answer (no network, a failing server): the copy stays, as offline.
 */
async function confirmKept({ api, session, storage, cache }: RouterServices, kept: string, url: string) {
  let info: SessionInfo | null;
  try {
    info = await loadSession(api, session);
  } catch {
    return;
  }
  if (info) {
    if (!sliderSeen(storage)) markSliderSeen(storage);
    (await cache.open(info.account.id)).setSession(info);
    return;
  }
  // The screen keeps what it shows until the page goes (`forget`, as when a session ends on a screen); nothing
  // more is written, and what the phone kept goes now.
  await (await cache.open(kept)).forget();
  const { clearStorage } = await import('../lib/personal-data.ts');
  await clearStorage(storage);
  const { pathname, search } = new URL(url);
  leaveFor(href.login(`${pathname}${search}`));
}

/**
 * Private screens: without a session, go to login and come back here after it. Someone signed in on
 * this device is past its first start: no intro slides after signing out. With one, the account's
 * server cache is opened (TanStack Query loads here, with the first private screen) and told who is
 * signed in. When the session cannot be checked for want of a network, a screen meant for offline use
 * opens on the cache the phone kept (only its owner's: sign-out removes it); nobody counts as signed
 * in meanwhile, and the next move between screens asks again.
 */
export function requireSession(services: RouterServices) {
  const { api, session, storage, cache } = services;
  return async ({ request }: LoaderFunctionArgs) => {
    const forOffline = OFFLINE_PATHS.has(new URL(request.url).pathname);
    let info: SessionInfo | null = session.current();
    const kept = info ? null : keptOwner(storage);
    // Someone kept a copy here, so is most likely still signed in: the cache's code downloads while the
    // session is checked, not after it (the card's cold start, decision 055). A visitor who never signed
    // in here downloads none of it on the way to `login`.
    if (kept !== null) cache.preload();
    // A screen meant for offline use with a copy kept here draws from it at once, online too: the session is
    // checked beside it, so weak coverage at the gate never holds the card back (decision 059). When the
    // browser knows it has no network, there is nothing to check.
    if (kept !== null && forOffline) {
      if (!knownOffline()) void confirmKept(services, kept, request.url);
      await cache.open(kept);
      return null;
    }
    try {
      info ??= await loadSession(api, session);
    } catch (error) {
      const owner = unreachable(error) && forOffline ? kept : null;
      if (owner === null) throw error;
      await cache.open(owner);
      return null;
    }
    if (info) {
      if (!sliderSeen(storage)) markSliderSeen(storage);
      (await cache.open(info.account.id)).setSession(info);
      return null;
    }
    const url = new URL(request.url);
    throw redirect(href.login(`${url.pathname}${url.search}`));
  };
}

/**
 * Screens for people without an account (home, registro, login): a person the app already knows is
 * signed in goes on at once; one whose session check is still out leaves when it answers
 * (`useLeaveWhenSignedIn`).
 */
function signedOutOnly(session: SessionStore) {
  return ({ request }: LoaderFunctionArgs) => {
    if (session.current()) throw redirect(safeNext(new URL(request.url).searchParams.get('next')));
    return null;
  };
}

/**
 * Account screens (login, registro…) ask who is signed in without waiting for the answer: it hands out
 * the XSRF cookie their forms need, and the sign-in screen leaves as soon as it says someone is. The
 * form shows at once, even offline (it says so when sent).
 */
function primeSession(api: ApiClient, session: SessionStore) {
  return () => {
    void loadSession(api, session).catch(() => null);
    return null;
  };
}

/** The intro slides come first on a device's first start. */
function firstStart(storage: Storage) {
  return ({ request }: LoaderFunctionArgs) => {
    if (sliderSeen(storage)) return null;
    const url = new URL(request.url);
    throw redirect(href.slider(`${url.pathname}${url.search}`));
  };
}

/**
 * `checkQR` opens at once, outside the first-start gate: the phone that scans a card is usually the gate's,
 * which never opened the app. It counts as past its first start from then on, so «Volver» or «Iniciar
 * sesión» from the check lead to sign-in, never into the intro slides. Who is signed in is asked without
 * waiting, so «Volver» knows whether `inicio` is theirs.
 */
function checkOpened(api: ApiClient, storage: Storage, session: SessionStore) {
  return () => {
    if (!sliderSeen(storage)) markSliderSeen(storage);
    return primeSession(api, session)();
  };
}

function chain(...loaders: Array<(args: LoaderFunctionArgs) => unknown>) {
  return async (args: LoaderFunctionArgs) => {
    for (const loader of loaders) await loader(args);
    return null;
  };
}

export function appRoutes(services: RouterServices): RouteObject[] {
  const { config, api, storage, session, cache } = services;
  const accountScreens: RouteName[] = ['validarRegistro', 'forgot'];
  return [
    {
      element: <RootLayout />,
      errorElement: <RouteError />,
      HydrateFallback: ScreenLoading,
      children: [
        // Only the whole empty path: `/x` is not-found, not login.
        { index: true, loader: () => redirect(paths.login) },
        {
          element: <PublicLayout />,
          children: [
            {
              ...screenRoute('home'),
              loader: chain(signedOutOnly(session), firstStart(storage), primeSession(api, session)),
            },
            {
              ...screenRoute('login'),
              loader: chain(signedOutOnly(session), firstStart(storage), primeSession(api, session)),
            },
            { ...screenRoute('registro'), loader: chain(signedOutOnly(session), primeSession(api, session)) },
            ...accountScreens.map((name) => ({ ...screenRoute(name), loader: primeSession(api, session) })),
            {
              // `activar` reads server data: the cache's provider comes with it, and the loader opens
              // the cache for whoever is signed in as far as the app knows yet.
              lazy: async () => ({ Component: (await (await screenTable()).cachedLayouts()).CachedScreenLayout }),
              loader: () => cache.open(session.current()?.account.id ?? null).then(() => null),
              children: [{ ...screenRoute('activar'), loader: primeSession(api, session) }],
            },
            screenRoute('slider'),
            {
              // The marina's contact details and questions: a chunk of their own, loaded with the screen.
              // The questions answered from its rules read its settings (`GET /client`), so the page
              // comes with the server cache, as `activar` does.
              lazy: async () => ({ Component: (await (await screenTable()).cachedLayouts()).CachedScreenLayout }),
              loader: () => cache.open(session.current()?.account.id ?? null).then(() => null),
              children: [{ ...screenRoute('ayuda'), loader: () => config.help() }],
            },
            { ...screenRoute('checkQR'), loader: checkOpened(api, storage, session) },
          ],
        },
        {
          // Its own chunk, with the server cache: `login` loads neither.
          lazy: async () => ({ Component: (await (await screenTable()).cachedLayouts()).PrivateLayout }),
          loader: requireSession(services),
          // Checked on every move between private screens: the store answers at once while signed in,
          // and a session that ended elsewhere leads to sign-in instead of a screen without one.
          shouldRevalidate: () => true,
          children: PRIVATE_ROUTES.map(screenRoute),
        },
        {
          element: <PublicLayout />,
          children: [
            {
              path: '*',
              handle: notFoundHandle,
              // Who is signed in decides where "Ir al inicio" leads.
              loader: primeSession(api, session),
              lazy: lazyScreen(),
            },
          ],
        },
      ],
    },
  ];
}
