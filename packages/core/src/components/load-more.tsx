import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Button } from './button.tsx';
import { LoadError, Loading } from './query-status.tsx';
import * as ui from './ui.css.ts';

/** What the foot reads of a paged list's infinite query (TanStack Query's `useInfiniteQuery` result). */
export type PagedQuery = Pick<
  UseInfiniteQueryResult,
  'hasNextPage' | 'isFetchingNextPage' | 'isFetchNextPageError' | 'error' | 'fetchNextPage'
>;

export interface LoadMoreProps {
  /** The list's query: whether there is a next page (`next` not null), whether it is on its way or failed. */
  query: PagedQuery;
  /** What the button says, «Cargar más» unless told. */
  label?: string;
}

/**
 * The foot of a paged list (decision 042): a «Cargar más» button, which a keyboard or a screen reader
 * uses like any other, and, where the browser can tell, the next page loads by itself when the foot
 * scrolls into view. «Cargando más…» is announced as the screens announce a load (`Loading`); a failure shows with a retry and stops
 * the loading on scroll until the person asks again (no loop of failures offline).
 */
export function LoadMore({ query, label = 'Cargar más' }: LoadMoreProps) {
  const { hasNextPage: hasMore, isFetchingNextPage: loading } = query;
  const error = query.isFetchNextPageError ? query.error : undefined;
  const loadMore = () => void query.fetchNextPage();
  const foot = useRef<HTMLDivElement>(null);
  const failed = error !== undefined && error !== null;
  const auto = hasMore && !loading && !failed;
  const latest = useRef(loadMore);
  useEffect(() => {
    latest.current = loadMore;
  });

  useEffect(() => {
    const element = foot.current;
    if (!auto || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) latest.current();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [auto]);

  return (
    <div ref={foot} className={ui.stack}>
      {loading ? <Loading label="Cargando más…" cards={1} /> : null}
      {failed && !loading ? <LoadError error={error} retry={loadMore} /> : null}
      {hasMore && !failed ? (
        <Button
          variant="secondary"
          fullWidth
          aria-disabled={loading}
          onClick={() => (loading ? undefined : loadMore())}
        >
          {label}
        </Button>
      ) : null}
    </div>
  );
}
