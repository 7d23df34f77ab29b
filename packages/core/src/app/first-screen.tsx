/**
 * The sign-in screen is drawn at build time into the bundle's `login.html`, which the server sends for
 * `/login` and `/`: the person sees the form as soon as the page arrives, and the app, once loaded, takes
 * over that very markup (hydration) instead of drawing it again. Decision 017.
 */

import { StrictMode, useEffect, type ReactNode } from 'react';
import { matchRoutes, type DataRouter, type HydrationState, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { SLIDER_SEEN, sliderSeen } from '../lib/first-start.ts';
import { paths } from '../lib/paths.ts';
import { ServicesProvider, type Services } from '../lib/services.tsx';
import { FIRST_START_ATTRIBUTE, PRERENDERED_ATTRIBUTE } from './first-screen.css.ts';

export { FIRST_START_ATTRIBUTE, PRERENDERED_ATTRIBUTE };

/**
 * The one script `login.html` runs before it paints, in its head. On a device that has not seen the
 * intro slides, the app opens them instead of the form: the drawn form stays hidden (first-screen.css.ts)
 * rather than flash before the slides. A blocked storage leaves the decision to the app.
 */
export const firstStartGateScript =
  `try{if(localStorage.getItem(${JSON.stringify(SLIDER_SEEN)})!=="1")` +
  `document.documentElement.setAttribute(${JSON.stringify(FIRST_START_ATTRIBUTE)},"")}catch(e){}`;

/**
 * The whole app as both sides draw it: the build (to a string) and the browser. Hydration needs the two
 * trees to be the same, so both use this. `onShown` runs once the first screen is on the page.
 */
export function AppRoot({
  services,
  router,
  onShown,
}: {
  services: Services;
  router: DataRouter;
  onShown?: () => void;
}) {
  return (
    <StrictMode>
      <ServicesProvider services={services}>
        <WhenShown onShown={onShown}>
          <RouterProvider router={router} />
        </WhenShown>
      </ServicesProvider>
    </StrictMode>
  );
}

/** Its effect runs after every effect below it: when the first screen has been drawn or taken over. */
function WhenShown({ onShown, children }: { onShown: (() => void) | undefined; children: ReactNode }) {
  useEffect(() => onShown?.(), [onShown]);
  return children;
}

/**
 * Makes the routes of `pathname` ready to show at once: their screens' code loaded and their loaders
 * counted as done, so the router starts initialised and draws the screen in its first render (what
 * hydration needs) instead of a loading state. The loaders have not run: the caller runs them once the
 * screen shows (`router.revalidate()`). `undefined` when a route on the way cannot be named.
 */
export async function readyToShow(routes: RouteObject[], pathname: string): Promise<HydrationState | undefined> {
  const matches = matchRoutes(routes, pathname);
  if (!matches) return undefined;
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
  const loaders = matches.filter(({ route }) => route.loader);
  if (loaders.some(({ route }) => route.id === undefined)) return undefined;
  return { loaderData: Object.fromEntries(loaders.map(({ route }) => [route.id, null])) };
}

/**
 * Whether the app may take over the screen drawn in `container` (and what the router needs for it), or
 * must draw its own: when the page has no drawn screen, when the address is not the drawn screen's, or
 * when the intro slides come first. A drawn screen not taken over is cleared before the app draws.
 */
export async function takeOverDrawnScreen(
  container: HTMLElement,
  routes: RouteObject[],
  { storage, location, history }: { storage: Storage; location: Location; history: History },
): Promise<HydrationState | undefined> {
  const drawn = container.getAttribute(PRERENDERED_ATTRIBUTE);
  if (!drawn) return undefined;
  // The server sends the sign-in page for the empty path too, which leads there anyway (the index route).
  if (drawn === 'login' && location.pathname === '/') {
    history.replaceState(history.state, '', `${paths.login}${location.search}${location.hash}`);
  }
  const leaf = matchRoutes(routes, location.pathname)?.at(-1)?.route;
  const hydration =
    leaf?.id === drawn && sliderSeen(storage) ? await readyToShow(routes, location.pathname) : undefined;
  if (!hydration) {
    container.replaceChildren();
    container.removeAttribute(PRERENDERED_ATTRIBUTE);
    document.documentElement.removeAttribute(FIRST_START_ATTRIBUTE);
  }
  return hydration;
}
