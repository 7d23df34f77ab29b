import { isRouteErrorResponse, useRouteError } from 'react-router';
import { messageFor } from '../api/error-catalogue.ts';
import * as layout from '../components/layout.css.ts';
import * as ui from '../components/ui.css.ts';

/** Last resort when a screen cannot load: say so in Spanish and offer a way on. */
export function RouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? 'No hemos podido abrir esta pantalla.'
    : error instanceof Error && error.name === 'ApiError'
      ? messageFor(error)
      : 'No hemos podido abrir esta pantalla. Puede que se haya publicado una versión nueva o que no haya conexión.';
  return (
    <main id="contenido" className={layout.main}>
      <h1 className={layout.pageTitle}>Algo ha fallado</h1>
      <div className={ui.stack}>
        <p className={ui.alert} role="alert">
          {message}
        </p>
        <button type="button" className={ui.button.primary} onClick={() => window.location.reload()}>
          Volver a intentarlo
        </button>
      </div>
    </main>
  );
}
