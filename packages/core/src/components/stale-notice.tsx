import type { UseQueryResult } from '@tanstack/react-query';
import { ApiError } from '../api/api-error.ts';
import { messageFor } from '../api/error-catalogue.ts';
import { ErrorAlert } from './error-alert.tsx';
import * as css from './stale-notice.css.ts';
import { formatDayOf, formatTime } from '../domain/format-dates.ts';
import { localDateIn } from '../domain/opening-hours.ts';
import { useConfig } from '../lib/services.tsx';

/**
 * «Sin conexión · actualizado a las 09:41» (docs/product.md §9): the one wording of every copy shown
 * offline; the day is said too when the copy is not from today. In the marina's zone, as every time.
 */
export function offlineWords(updatedAt: number, timeZone: string, now: Date = new Date()): string {
  const at = new Date(updatedAt);
  const sameDay = localDateIn(at, timeZone) === localDateIn(now, timeZone);
  return `Sin conexión · actualizado ${sameDay ? '' : `el ${formatDayOf(at, timeZone, now)} `}a las ${formatTime(at, timeZone)}`;
}

const isOffline = (error: unknown) =>
  error instanceof ApiError && (error.code === 'network_error' || error.code === 'timeout');

/**
 * A list still shown after loading it again failed (docs/product.md §9): offline, the last-seen copy
 * stays readable under one small grey line with the time it was loaded and a small way to try again
 * (it stays while trying, so the copy below does not move); any other failure is said as usual.
 */
export function StaleNotice({
  query,
}: {
  query: Pick<UseQueryResult, 'data' | 'isError' | 'isFetching' | 'error' | 'dataUpdatedAt' | 'refetch'>;
}) {
  const { timeZone } = useConfig();
  if (query.data === undefined || !query.isError) return null;
  if (!isOffline(query.error)) {
    if (query.isFetching) return null;
    return <ErrorAlert error={query.error} message={messageFor(query.error)} retry={() => void query.refetch()} />;
  }
  return (
    <div className={css.line}>
      <p role="status" className={css.words}>
        {offlineWords(query.dataUpdatedAt, timeZone)}
      </p>
      <button
        type="button"
        className={css.retry}
        aria-disabled={query.isFetching || undefined}
        onClick={() => {
          if (!query.isFetching) void query.refetch();
        }}
      >
        {query.isFetching ? 'Intentando…' : 'Volver a intentarlo'}
      </button>
    </div>
  );
}
