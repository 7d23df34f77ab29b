import type { UseQueryResult } from '@tanstack/react-query';
import { messageFor } from '../api/error-catalogue.ts';
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
  return <ErrorAlert error={error} message={messageFor(error)} {...(retry ? { retry } : {})} />;
}

/**
 * What a screen's load shows: its data once there; "Cargando…" while it runs, also while it is tried
 * again after a failure (the failure's message goes as the new try starts); else the failure.
 */
export function loadState(query: Pick<UseQueryResult, 'data' | 'isError' | 'isFetching'>): 'loading' | 'error' | 'ready' {
  if (query.data !== undefined) return 'ready';
  return query.isError && !query.isFetching ? 'error' : 'loading';
}
