import type { UseQueryResult } from '@tanstack/react-query';
import { ApiError } from '../api/api-error.ts';
import { messageFor } from '../api/error-catalogue.ts';
import { Button } from './button.tsx';
import { ErrorAlert } from './error-alert.tsx';
import * as ui from './ui.css.ts';

const when = new Intl.DateTimeFormat('es-ES', { dateStyle: 'short', timeStyle: 'short' });

const isOffline = (error: unknown) => error instanceof ApiError && (error.code === 'network_error' || error.code === 'timeout');

/**
 * A list still shown after loading it again failed (docs/product.md §9): offline, the last-seen copy
 * stays readable under a notice with the time it was loaded; any other failure is said as usual.
 */
export function StaleNotice({
  query,
  words,
}: {
  query: Pick<UseQueryResult, 'data' | 'isError' | 'isFetching' | 'error' | 'dataUpdatedAt' | 'refetch'>;
  /** The notice's words for the time of the copy ("Sin conexión: lo que ves es de …"). */
  words: (time: string) => string;
}) {
  if (query.data === undefined || !query.isError || query.isFetching) return null;
  if (!isOffline(query.error)) return <ErrorAlert error={query.error} message={messageFor(query.error)} retry={() => void query.refetch()} />;
  return (
    <div className={ui.stack}>
      <p role="status" className={ui.alert}>
        {words(when.format(new Date(query.dataUpdatedAt)))}
      </p>
      <Button variant="secondary" fullWidth onClick={() => void query.refetch()}>
        Volver a intentarlo
      </Button>
    </div>
  );
}
