import * as ui from '../components/ui.css.ts';

/** Shown while a screen's chunk arrives; on a slow mobile network that can take a moment. */
export function ScreenLoading() {
  return (
    <p role="status" className={ui.muted}>
      Cargando…
    </p>
  );
}
