import { paths, type RouteName } from '../domain/app-paths.ts';

/** The app's paths and links live with the domain, which the server shares (`domain/app-paths.ts`). */
export { href, paths, type RouteName } from '../domain/app-paths.ts';

/** Screens anyone may open; every other route needs a session. */
export const PUBLIC_ROUTES = [
  'login',
  'registro',
  'validarRegistro',
  'activar',
  'forgot',
  'slider',
  'home',
  'ayuda',
  'checkQR',
] as const satisfies readonly RouteName[];

export type PublicRouteName = (typeof PUBLIC_ROUTES)[number];
export type PrivateRouteName = Exclude<RouteName, PublicRouteName>;

export const PRIVATE_ROUTES = (Object.keys(paths) as RouteName[]).filter(
  (name): name is PrivateRouteName => !(PUBLIC_ROUTES as readonly RouteName[]).includes(name),
);

/** A stand-in origin: only what stays on it is a path inside the app. */
const APP_ORIGIN = 'https://app.invalid';

/** `path` read against the app's origin stays there, and does not start as a host would (`//`, `/\`). */
function sameOriginPath(path: string): boolean {
  if (/^\/[/\\]/.test(path)) return false;
  try {
    return new URL(path, APP_ORIGIN).origin === APP_ORIGIN;
  } catch {
    return false;
  }
}

/**
 * Where to go after signing in: only a path inside this app, so a crafted `?next=` link cannot send a
 * person to another site. The path is read as a browser reads it (tabs and line breaks dropped, `\` as `/`,
 * `.` and `..` resolved), and what comes out, and its decoded form, must itself be such a path:
 * `/.//evil.example` resolves to `//evil.example`, which a browser or the router reads as another host
 * (decision 040). Anything else is dropped for `fallback`.
 */
export function safeNext(next: string | null | undefined, fallback: string = paths.inicio): string {
  if (!next?.startsWith('/') || !sameOriginPath(next)) return fallback;
  const url = new URL(next, APP_ORIGIN);
  const path = `${url.pathname}${url.search}${url.hash}`;
  let decoded: string;
  try {
    decoded = decodeURIComponent(url.pathname);
  } catch {
    return fallback;
  }
  return sameOriginPath(path) && sameOriginPath(decoded) ? path : fallback;
}
