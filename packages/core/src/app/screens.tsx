import type { ComponentType } from 'react';
import type { RouteName } from '../lib/paths.ts';

// The chunks of the screens the app opens after its first one, and of the layouts that bring the server
// cache. A chunk of its own (`router.tsx`), out of the app's first load: every `import()` of a chunk
// carries the list of the files that chunk needs, and the list of every screen of the app would weigh on
// what the sign-in form needs before it can be sent (decision 017).

type ScreenModule = { default: ComponentType };
type ScreenLoader = () => Promise<ScreenModule>;

const notFound: ScreenLoader = () => import('../features/shell/not-found-screen.tsx');

/**
 * One chunk per screen (but sign-in's, in the app's first chunk: `router.tsx`). A route of the seed whose
 * feature has not landed yet shows the not-found screen (its issue replaces the entry) rather than a
 * placeholder.
 */
const screens: Partial<Record<RouteName, ScreenLoader>> = {
  home: () => import('../features/welcome/home-screen.tsx'),
  slider: () => import('../features/welcome/slider-screen.tsx'),
  ayuda: () => import('../features/help/ayuda-screen.tsx'),
  registro: () => import('../features/auth/registro-screen.tsx'),
  validarRegistro: () => import('../features/auth/validar-registro-screen.tsx'),
  activar: () => import('../features/auth/activar-screen.tsx'),
  forgot: () => import('../features/auth/forgot-screen.tsx'),
  // What the features contribute (`app/dashboard.ts`, `app/more-menu.ts`) comes in as props, loaded in
  // parallel with the screen.
  inicio: async () => {
    const [{ default: Inicio }, { dashboard }] = await Promise.all([
      import('../features/account/inicio-screen.tsx'),
      import('./dashboard.ts'),
    ]);
    return { default: () => <Inicio cards={dashboard} /> };
  },
  mas: async () => {
    const [{ default: Mas }, { moreMenu }] = await Promise.all([
      import('../features/account/mas-screen.tsx'),
      import('./more-menu.ts'),
    ]);
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
  autorizados: () => import('../features/authorisations/autorizados-screen.tsx'),
  altaAutorizado: () => import('../features/authorisations/alta-autorizado-screen.tsx'),
  validarAutorizado: () => import('../features/authorisations/validar-autorizado-screen.tsx'),
  suspenderAutorizado: () => import('../features/authorisations/suspender-autorizado-screen.tsx'),
  reprogramarAutorizado: () => import('../features/authorisations/reprogramar-autorizado-screen.tsx'),
  carnetVerde: () => import('../features/card/carnet-verde-screen.tsx'),
  carnetRojo: () => import('../features/card/carnet-rojo-screen.tsx'),
  checkQR: () => import('../features/card/check-qr-screen.tsx'),
  salidas: () => import('../features/outings/salidas-screen.tsx'),
  altaSalida: () => import('../features/outings/alta-salida-screen.tsx'),
};

/** The screen of a route (`undefined`: the not-found route's). */
export async function loadScreen(name: RouteName | undefined): Promise<ComponentType> {
  return (await ((name && screens[name]) || notFound)()).default;
}

/** The layouts with the server cache: the private screens', and `activar`'s. */
export const cachedLayouts = () => import('./cached-layouts.tsx');
