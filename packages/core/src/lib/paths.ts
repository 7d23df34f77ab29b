/**
 * Every route of the product (the seed's names are fixed), with its access. Screens link with `href`
 * builders instead of writing paths by hand.
 */
export const paths = {
  login: '/login',
  registro: '/registro',
  validarRegistro: '/validar-registro',
  activar: '/activar',
  forgot: '/forgot',
  slider: '/slider',
  home: '/home',
  ayuda: '/ayuda',
  checkQR: '/checkQR/:idTarjeta',
  inicio: '/inicio',
  mas: '/mas',
  micuenta: '/micuenta',
  notificaciones: '/notificaciones',
  misbarcos: '/misbarcos',
  /** One boat of `misbarcos`: its data, insurance and contract (the eligibility rule's fixes link here). */
  barco: '/misbarcos/:id',
  altaContrato: '/alta-contrato',
  pedidosbajadas: '/pedidosbajadas',
  /** One launch of `pedidosbajadas`: its data, actions and history. */
  bajada: '/pedidosbajadas/:id',
  altaPedidoBajada: '/alta-pedido-bajada',
  altaPedidoBajadaBarco: '/alta-pedido-bajada-barco',
  reprogramarBajada: '/reprogramar-bajada',
  autorizados: '/autorizados',
  altaAutorizado: '/alta-autorizado',
  suspenderAutorizado: '/suspender-autorizado',
  reprogramarAutorizado: '/reprogramar-autorizado',
  validarAutorizado: '/validar-autorizado',
  validarDatos: '/validar-datos',
  carnetVerde: '/carnet-verde',
  carnetRojo: '/carnet-rojo',
  salidas: '/salidas',
  altaSalida: '/alta-salida',
} as const;

export type RouteName = keyof typeof paths;

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

function withQuery(path: string, query: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, String(value));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

export const href = {
  login: (next?: string) => withQuery(paths.login, { next }),
  slider: (next?: string) => withQuery(paths.slider, { next }),
  checkQR: (idTarjeta: string) => `/checkQR/${encodeURIComponent(idTarjeta)}`,
  barco: (id: string) => `/misbarcos/${encodeURIComponent(id)}`,
  /** `barco` preselects one of the person's boats. */
  altaContrato: (barco?: string) => withQuery(paths.altaContrato, { barco }),
  bajada: (id: string) => `/pedidosbajadas/${encodeURIComponent(id)}`,
  altaPedidoBajadaBarco: (barco: string | number) => withQuery(paths.altaPedidoBajadaBarco, { barco }),
  reprogramarBajada: (id: string | number) => withQuery(paths.reprogramarBajada, { id }),
  /** `barco` shows only the people authorised for one boat. */
  autorizados: (barco?: string) => withQuery(paths.autorizados, { barco }),
  suspenderAutorizado: (id: string | number) => withQuery(paths.suspenderAutorizado, { id }),
  reprogramarAutorizado: (id: string | number) => withQuery(paths.reprogramarAutorizado, { id }),
  validarAutorizado: (id: string | number) => withQuery(paths.validarAutorizado, { id }),
};

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
