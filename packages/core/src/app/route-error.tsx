import { Suspense, use } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { loadMessageFor } from '../api/load-messages.ts';
import { Button } from '../components/button.tsx';
import * as layout from '../components/layout.css.ts';
import { Page } from '../components/page.tsx';
import * as ui from '../components/ui.css.ts';
import { knownOffline } from '../lib/queries.ts';
import { BrandHeader, PlatformFooter } from './layouts.tsx';

/** No network: the API could not be reached, or the browser says it is offline (a screen's chunk failed). */
function isOffline(error: unknown): boolean {
  if (error instanceof Error && error.name === 'ApiError' && 'code' in error) {
    if (error.code === 'network_error') return true;
  }
  return knownOffline();
}

/** A failed call in the catalogue's words, loaded here if no screen or form has loaded it yet (`load-messages.ts`). */
function CallFailure({ error }: { error: unknown }) {
  return use(loadMessageFor())(error);
}

function CrashMessage({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error)) return 'No hemos podido abrir esta pantalla.';
  if (error instanceof Error && error.name === 'ApiError') {
    return (
      <Suspense>
        <CallFailure error={error} />
      </Suspense>
    );
  }
  return 'No hemos podido abrir esta pantalla. Puede que se haya publicado una versión nueva de la aplicación: vuelve a intentarlo.';
}

/**
 * Last resort when a screen cannot load, in the marina's colours and with a way on. Being offline is
 * said as such, with what to do; any other failure says that something failed, and nothing more
 * (there was no form whose input could have been kept).
 */
export function RouteError() {
  const error = useRouteError();
  const offline = isOffline(error);
  return (
    <div className={layout.shell}>
      <BrandHeader back={false} />
      <main id="contenido" className={layout.main}>
        <Page title={offline ? 'Sin conexión' : 'Algo ha fallado'}>
          <div className={ui.stack}>
            {offline ? (
              <>
                <p role="alert">
                  No hemos podido conectar con la marina: parece que el móvil no tiene conexión ahora mismo.
                </p>
                <p>
                  Comprueba que tienes cobertura o wifi y que el modo avión está desactivado. Luego, vuelve a
                  intentarlo.
                </p>
              </>
            ) : (
              <p className={ui.alert} role="alert">
                <CrashMessage error={error} />
              </p>
            )}
            <Button fullWidth onClick={() => window.location.reload()}>
              Volver a intentarlo
            </Button>
          </div>
        </Page>
      </main>
      <PlatformFooter />
    </div>
  );
}
