import type { ComponentProps } from 'react';
import { useHref, useLinkClickHandler, useLocation, useResolvedPath, type To } from 'react-router';

export interface LinkProps extends Omit<ComponentProps<'a'>, 'href'> {
  to: To;
  /** Replace the current entry of the history rather than add one. */
  replace?: boolean;
  state?: unknown;
  /** Let the browser load the address itself, as a link of any page does. */
  reloadDocument?: boolean;
}

/** An address with a scheme (`tel:`, `mailto:`, `https:`) or a host (`//…`): not a screen of the app. */
const OUTSIDE_THE_APP = /^(?:[a-z][a-z0-9+.-]*:|[\\/]{2})/i;

/**
 * The app's link, in place of React Router's `Link`, which brings its framework mode's prefetching (of no
 * use to a router made in the browser) into the bundle: about 4 KB gzipped before the sign-in form can be
 * sent (decision 017). Made as React Router documents a link of one's own: `useHref` for the address,
 * `useLinkClickHandler` for a click that moves inside the app; a click with a modifier key, or for
 * another tab, stays the browser's, and so does an address outside the app (`tel:`, `mailto:`). Where the
 * browser has view transitions, the screen it leads to moves in (docs/design/README.md, «Motion»).
 */
export function Link({ to, replace, state, reloadDocument, target, onClick, ...props }: LinkProps) {
  const inApp = useHref(to);
  // A screen reached by a link moves in (view transitions where the browser has them: layout.css.ts).
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { replace, state, target, viewTransition: true });
  if (typeof to === 'string' && OUTSIDE_THE_APP.test(to))
    return <a {...props} href={to} target={target} onClick={onClick} />;
  if (reloadDocument) return <a {...props} href={inApp} target={target} onClick={onClick} />;
  return (
    <a
      {...props}
      href={inApp}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) navigate(event);
      }}
    />
  );
}

/**
 * A link that says it leads to the screen on show, or to one under it (`aria-current="page"`), as React
 * Router's `NavLink` does (without its class names: the styles read `aria-current`).
 */
export function NavLink({
  to,
  also = [],
  ...props
}: LinkProps & { /** Other screens the link stands for (a tab's). */ also?: readonly string[] }) {
  const shown = useLocation().pathname.toLowerCase();
  const target = useResolvedPath(to).pathname.toLowerCase();
  const current =
    shown === target ||
    (target !== '/' && shown.startsWith(`${target}/`)) ||
    also.some((path) => path.toLowerCase() === shown);
  return <Link to={to} aria-current={current ? 'page' : undefined} {...props} />;
}
