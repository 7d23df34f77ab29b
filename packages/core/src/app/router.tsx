import type { ComponentType } from 'react';
import { redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import type { ApiClient } from '../api/client.ts';
import type { SessionInfo } from '../domain/accounts.ts';
import LoginScreen from '../features/auth/login-screen.tsx';
import { markSliderSeen, sliderSeen } from '../lib/first-start.ts';
import type { ServerCache } from '../lib/server-cache.ts';
import { fetchSession, type SessionStore } from '../lib/session-store.ts';
import { PublicLayout, RootLayout } from './layouts.tsx';
import { moreMenu } from './more-menu.ts';
import { href, paths, PRIVATE_ROUTES, safeNext, type RouteName } from '../lib/paths.ts';
import { RouteError } from './route-error.tsx';
import { notFoundHandle, screenHandle } from './screen-handle.ts';
import { ScreenLoading } from './screen-loading.tsx';

type ScreenModule = { default: ComponentType };
type ScreenLoader = () => Promise<ScreenModule>;

const notFound: ScreenLoader = () => import('../features/shell/not-found-screen.tsx');

/**
 * One chunk per screen (but sign-in's: `firstScreens`). A route of the seed whose feature has not landed yet shows the not-found
 * screen (its issue replaces the entry) rather than a placeholder.
 */
const screens: Partial<Record<RouteName, ScreenLoader>> = {
  home: () => import('../features/welcome/home-screen.tsx'),
  slider: () => import('../features/welcome/slider-screen.tsx'),
  ayuda: () => import('../features/help/ayuda-screen.tsx'),
  registro: () => import('../features/auth/registro-screen.tsx'),
  validarRegistro: () => import('../features/auth/validar-registro-screen.tsx'),
  activar: () => import('../features/auth/activar-screen.tsx'),
  forgot: () => import('../features/auth/forgot-screen.tsx'),
  // What the features contribute (`app/dashboard.ts`, `app/more-menu.ts`) comes in as props; the
  // cards load in parallel with the screen.
  inicio: async () => {
    const [{ default: Inicio }, { dashboard }] = await Promise.all([import('../features/account/inicio-screen.tsx'), import('./dashboard.ts')]);
    return { default: () => <Inicio cards={dashboard} /> };
  },
  mas: async () => {
    const { default: Mas } = await import('../features/account/mas-screen.tsx');
    return { default: () => <Mas entries={moreMenu} /> };
  },
  micuenta: () => import('../features/account/micuenta-screen.tsx'),
  notificaciones: () => import('../features/notifications/notificaciones-screen.tsx'),
  misbarcos: () => import('../features/boats/misbarcos-screen.tsx'),
  barco: () => import('../features/boats/barco-screen.tsx'),
  altaContrato: () => import('../features/boats/alta-contrato-screen.tsx'),
  validarDatos: () => import('../features/data-validation/validar-datos-screen.tsx'),
  pedidosbajadas: () => import('../features/launches/pedidosbajadas-screen.tsx'),
  bajada: () => import('../features/launches/bajada-screen.tsx'),
  altaPedidoBajada: () => import('../features/launches/alta-pedido-bajada-screen.tsx'),
  altaPedidoBajadaBarco: () => import('../features/launches/alta-pedido-bajada-screen.tsx'),
  reprogramarBajada: () => import('../features/launches/reprogramar-bajada-screen.tsx'),
};

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
  if (Component) return { ...route, Component };
  const load = screens[name] ?? notFound;
  return { ...route, lazy: async () => ({ Component: (await load()).default }) };
}

export interface RouterServices {
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
 * Private screens: without a session, go to login and come back here after it. Someone signed in on
 * this device is past its first start: no intro slides after signing out. With one, the account's
 * server cache is opened (TanStack Query loads here, with the first private screen) and told who is
 * signed in.
 */
export function requireSession({ api, session, storage, cache }: RouterServices) {
  return async ({ request }: LoaderFunctionArgs) => {
    const info = session.current() ?? (await loadSession(api, session));
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

function chain(...loaders: Array<(args: LoaderFunctionArgs) => unknown>) {
  return async (args: LoaderFunctionArgs) => {
    for (const loader of loaders) await loader(args);
    return null;
  };
}

export function appRoutes(services: RouterServices): RouteObject[] {
  const { api, storage, session, cache } = services;
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
            { ...screenRoute('home'), loader: chain(signedOutOnly(session), firstStart(storage), primeSession(api, session)) },
            { ...screenRoute('login'), loader: chain(signedOutOnly(session), firstStart(storage), primeSession(api, session)) },
            { ...screenRoute('registro'), loader: chain(signedOutOnly(session), primeSession(api, session)) },
            ...accountScreens.map((name) => ({ ...screenRoute(name), loader: primeSession(api, session) })),
            {
              // `activar` reads server data: the cache's provider comes with it, and the loader opens
              // the cache for whoever is signed in as far as the app knows yet.
              lazy: async () => ({ Component: (await import('./cached-layouts.tsx')).CachedScreenLayout }),
              loader: () => cache.open(session.current()?.account.id ?? null).then(() => null),
              children: [{ ...screenRoute('activar'), loader: primeSession(api, session) }],
            },
            screenRoute('slider'),
            screenRoute('ayuda'),
            screenRoute('checkQR'),
          ],
        },
        {
          // Its own chunk, with the server cache: `login` loads neither.
          lazy: async () => ({ Component: (await import('./cached-layouts.tsx')).PrivateLayout }),
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
              lazy: async () => ({ Component: (await notFound()).default }),
            },
          ],
        },
      ],
    },
  ];
}
