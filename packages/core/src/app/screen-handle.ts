import { paths, type RouteName } from '../lib/paths.ts';

/** What a route tells the shell about its screen (react-router's `handle`). */
export interface ScreenHandle {
  /** The header's "Volver" leads here when no earlier screen of the app is in the history. */
  up?: (signedIn: boolean) => string;
}

/** The five tabs: the top of the private screens, with no "Volver". */
export const TAB_ROUTES = [
  'inicio',
  'misbarcos',
  'pedidosbajadas',
  'carnetVerde',
  'mas',
] as const satisfies readonly RouteName[];

const start = (signedIn: boolean) => (signedIn ? paths.inicio : paths.home);

/**
 * The screen above each one. The first screens of a visit (`home`, the intro slides) and the tabs have
 * none; a screen not listed goes to the start (`inicio` signed in, `home` otherwise).
 */
const UP: Partial<Record<RouteName, (signedIn: boolean) => string>> = {
  login: () => paths.home,
  registro: () => paths.home,
  validarRegistro: () => paths.registro,
  activar: () => paths.login,
  forgot: () => paths.login,
  ayuda: (signedIn) => (signedIn ? paths.mas : paths.login),
  // Opened by scanning a card, usually on the gate's phone: its start is `inicio` for someone signed in,
  // else signing in (staff check without the anonymous limits), never the intro slides.
  checkQR: (signedIn) => (signedIn ? paths.inicio : paths.login),
  micuenta: () => paths.mas,
  notificaciones: () => paths.mas,
  altaContrato: () => paths.misbarcos,
  barco: () => paths.misbarcos,
  autorizados: () => paths.misbarcos,
  // Each of a person's screens comes from the list, and goes back to it.
  altaAutorizado: () => paths.autorizados,
  suspenderAutorizado: () => paths.autorizados,
  reprogramarAutorizado: () => paths.autorizados,
  validarAutorizado: () => paths.autorizados,
  bajada: () => paths.pedidosbajadas,
  altaPedidoBajada: () => paths.pedidosbajadas,
  altaPedidoBajadaBarco: () => paths.pedidosbajadas,
  reprogramarBajada: () => paths.pedidosbajadas,
};

/**
 * `carnet-rojo` is the Carnet tab's screen for a red verdict (the tab opens `carnet-verde`, which sends it
 * there): a "Volver" to `carnet-verde` would only lead back.
 */
const NO_BACK: readonly RouteName[] = [...TAB_ROUTES, 'carnetRojo', 'home', 'slider'];

export function screenHandle(name: RouteName): ScreenHandle {
  return NO_BACK.includes(name) ? {} : { up: UP[name] ?? start };
}

/** The not-found screen: back to where the person was, else to the start. */
export const notFoundHandle: ScreenHandle = { up: start };
