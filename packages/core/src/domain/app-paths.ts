/**
 * Every screen of the app by its route name (the seed's names are fixed), the one table of its paths: the
 * router declares its routes from it, screens link with the `href` builders instead of writing paths by hand,
 * and the domain's fixes and the server's notices and e-mailed links point into the app with it. Plain
 * TypeScript, so the API shares it; which routes need a session is the app's (`lib/paths.ts`).
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

function withQuery(path: string, query: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, String(value));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** A route with its one `:param` filled in, encoded. */
function withParam(path: string, value: string): string {
  return path.replace(/:\w+/, () => encodeURIComponent(value));
}

export const href = {
  login: (next?: string) => withQuery(paths.login, { next }),
  slider: (next?: string) => withQuery(paths.slider, { next }),
  checkQR: (idTarjeta: string) => withParam(paths.checkQR, idTarjeta),
  barco: (id: string) => withParam(paths.barco, id),
  /** `barco` preselects one of the person's boats. */
  altaContrato: (barco?: string) => withQuery(paths.altaContrato, { barco }),
  bajada: (id: string) => withParam(paths.bajada, id),
  altaPedidoBajadaBarco: (barco: string | number) => withQuery(paths.altaPedidoBajadaBarco, { barco }),
  reprogramarBajada: (id: string | number) => withQuery(paths.reprogramarBajada, { id }),
  /** `barco` shows only the people authorised for one boat. */
  autorizados: (barco?: string) => withQuery(paths.autorizados, { barco }),
  suspenderAutorizado: (id: string | number) => withQuery(paths.suspenderAutorizado, { id }),
  reprogramarAutorizado: (id: string | number) => withQuery(paths.reprogramarAutorizado, { id }),
  validarAutorizado: (id: string | number) => withQuery(paths.validarAutorizado, { id }),
};
