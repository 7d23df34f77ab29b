import type { UseQueryResult } from '@tanstack/react-query';
import { messageFor } from '../api/error-catalogue.ts';
import { ErrorAlert } from './error-alert.tsx';
import { Skeleton } from './skeleton.tsx';

/** A load under way: the skeleton of what is coming, its words (`label`) for a screen reader. */
export function Loading({ label = 'Cargando…', cards }: { label?: string; cards?: number }) {
  return <Skeleton label={label} {...(cards === undefined ? {} : { cards })} />;
}

/** A failed load, in words, with a way on: try again, or sign in again when the session has ended. */
export function LoadError({ error, retry }: { error: unknown; retry?: () => void }) {
  return <ErrorAlert error={error} message={messageFor(error)} {...(retry ? { retry } : {})} />;
}

/**
 * What a screen's load shows: its data once there; "Cargando…" while it runs, also while it is tried
 * again after a failure (the failure's message goes as the new try starts); else the failure.
 */
export function loadState(
  query: Pick<UseQueryResult, 'data' | 'isError' | 'isFetching'>,
): 'loading' | 'error' | 'ready' {
  if (query.data !== undefined) return 'ready';
  return query.isError && !query.isFetching ? 'error' : 'loading';
}

type Load = Pick<UseQueryResult, 'isError' | 'isFetching' | 'error' | 'refetch'>;

/**
 * What a screen shows while the loads it needs together (its data, the marina's settings…) are not all
 * there: "Cargando…" while any runs, else the first failure with a retry of them all; nothing once `ready`.
 */
export function LoadStatus({ loads, ready, label }: { loads: readonly Load[]; ready: boolean; label?: string }) {
  if (ready) return null;
  const failed = loads.find((load) => load.isError);
  if (!failed || loads.some((load) => load.isFetching)) return <Loading {...(label ? { label } : {})} />;
  return (
    <LoadError
      error={failed.error}
      retry={() => {
        for (const load of loads) void load.refetch();
      }}
    />
  );
}
