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

/**
 * Where to go after signing in: only a path inside this app, so a crafted `?next=` link cannot send a
 * person to another site.
 */
export function safeNext(next: string | null | undefined, fallback: string = paths.inicio): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return fallback;
  try {
    const url = new URL(next, 'https://app.invalid');
    if (url.origin !== 'https://app.invalid') return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
