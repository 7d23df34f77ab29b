import { useCallback, useEffect, useState } from 'react';

export type QueryState<T> =
  | { status: 'loading'; data?: undefined; error?: undefined }
  | { status: 'success'; data: T; error?: undefined }
  | { status: 'error'; data?: undefined; error: unknown };

const LOADING = { status: 'loading' } as const;

/** Loads once per change of `key`; `reload` asks again (after an error or a change elsewhere). */
export function useApiQuery<T>(key: string, load: () => Promise<T>): QueryState<T> & { reload: () => void } {
  const [attempt, setAttempt] = useState(0);
  const request = `${key}#${attempt}`;
  // The answer remembers which request it belongs to: anything else still loading reads as loading.
  const [answer, setAnswer] = useState<{ request: string; state: QueryState<T> }>();
  useEffect(() => {
    let current = true;
    load().then(
      (data) => current && setAnswer({ request, state: { status: 'success', data } }),
      (error: unknown) => current && setAnswer({ request, state: { status: 'error', error } }),
    );
    return () => {
      current = false;
    };
    // `load` is a new closure each render; `request` says when the data it loads changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [request]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...(answer?.request === request ? answer.state : LOADING), reload };
}
