import { useEffect, useRef } from 'react';
import { Button } from './button.tsx';
import { LoadError, Loading } from './query-status.tsx';
import * as ui from './ui.css.ts';

export interface LoadMoreProps {
  /** The server said there is a next page (`next` not null). */
  hasMore: boolean;
  /** The next page is on its way. */
  loading: boolean;
  /** The last try at the next page failed (offline, say): its message, with a retry. */
  error?: unknown;
  loadMore: () => void;
  /** What the button says, «Cargar más» unless told. */
  label?: string;
}

/**
 * The foot of a paged list (decision 042): a «Cargar más» button, which a keyboard or a screen reader
 * uses like any other, and, where the browser can tell, the next page loads by itself when the foot
 * scrolls into view. «Cargando más…» is announced as the screens announce a load (`Loading`); a failure shows with a retry and stops
 * the loading on scroll until the person asks again (no loop of failures offline).
 */
export function LoadMore({ hasMore, loading, error, loadMore, label = 'Cargar más' }: LoadMoreProps) {
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
      {loading ? <Loading label="Cargando más…" /> : null}
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
