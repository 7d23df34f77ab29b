import { messageFor } from '../api/error-catalogue.ts';
import { Button } from './button.tsx';
import * as ui from './ui.css.ts';

export function Loading({ label = 'Cargando…' }: { label?: string }) {
  return (
    <p role="status" className={ui.muted}>
      {label}
    </p>
  );
}

/** A failed load, in words, with a way to try again. */
export function LoadError({ error, retry }: { error: unknown; retry?: () => void }) {
  return (
    <div className={ui.stack}>
      <p className={ui.alert} role="alert">
        {messageFor(error)}
      </p>
      {retry ? (
        <Button variant="secondary" fullWidth onClick={retry}>
          Volver a intentarlo
        </Button>
      ) : null}
    </div>
  );
}
