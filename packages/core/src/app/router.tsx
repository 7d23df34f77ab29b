import { createBrowserRouter, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import type { ApiClient } from '../api/client.ts';
import { ApiError } from '../api/api-error.ts';
import { sliderSeen } from '../lib/first-start.ts';
import { PrivateLayout, PublicLayout, RootLayout } from './layouts.tsx';
import { href, paths, PRIVATE_ROUTES, type RouteName } from '../lib/paths.ts';
import { RouteError } from './route-error.tsx';
import { ScreenLoading } from './screen-loading.tsx';

type ScreenModule = { default: React.ComponentType };
type ScreenLoader = () => Promise<ScreenModule>;

const notFound: ScreenLoader = () => import('../features/shell/not-found-screen.tsx');

/**
 * One chunk per screen. A route of the seed whose feature has not landed yet shows the not-found
 * screen (its issue replaces the entry) rather than a placeholder.
 */
const screens: Partial<Record<RouteName, ScreenLoader>> = {
  home: () => import('../features/welcome/home-screen.tsx'),
  slider: () => import('../features/welcome/slider-screen.tsx'),
  ayuda: () => import('../features/help/ayuda-screen.tsx'),
};

function screenRoute(name: RouteName): RouteObject {
  const load = screens[name] ?? notFound;
  return {
    path: paths[name],
    lazy: async () => ({ Component: (await load()).default }),
  };
}

export interface RouterServices {
  api: ApiClient;
  storage: Storage;
}

/** Private screens: without a session, go to login and come back here after it. */
export function requireSession(api: ApiClient) {
  return async ({ request }: LoaderFunctionArgs) => {
    try {
      await api.get('session');
      return null;
    } catch (error) {
      if (error instanceof ApiError && error.code === 'unauthenticated') {
        const url = new URL(request.url);
        throw redirect(href.login(`${url.pathname}${url.search}`));
      }
      throw error;
    }
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

export function appRoutes({ api, storage }: RouterServices): RouteObject[] {
  const publicScreens: RouteName[] = ['login', 'registro', 'validarRegistro', 'activar', 'forgot', 'slider', 'ayuda', 'checkQR'];
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
            { ...screenRoute('home'), loader: firstStart(storage) },
            ...publicScreens.map((name) => (name === 'login' ? { ...screenRoute(name), loader: firstStart(storage) } : screenRoute(name))),
          ],
        },
        {
          element: <PrivateLayout />,
          loader: requireSession(api),
          shouldRevalidate: () => false,
          children: PRIVATE_ROUTES.map(screenRoute),
        },
        { element: <PublicLayout />, children: [{ path: '*', lazy: async () => ({ Component: (await notFound()).default }) }] },
      ],
    },
  ];
}

export function createAppRouter(services: RouterServices) {
  return createBrowserRouter(appRoutes(services));
}
