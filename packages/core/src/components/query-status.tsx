import { ErrorAlert } from './error-alert.tsx';
import * as ui from './ui.css.ts';

export function Loading({ label = 'Cargando…' }: { label?: string }) {
  return (
    <p role="status" className={ui.muted}>
      {label}
    </p>
  );
}

/** A failed load, in words, with a way on: try again, or sign in again when the session has ended. */
export function LoadError({ error, retry }: { error: unknown; retry?: () => void }) {
  return <ErrorAlert error={error} {...(retry ? { retry } : {})} />;
}
