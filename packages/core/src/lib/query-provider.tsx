import { QueryClientProvider } from '@tanstack/react-query';
import { Fragment, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useServices } from './services.tsx';

/**
 * Gives the screens below the open server cache. The route's loader opened it (`ServerCache.open`).
 * When it closes (sign-out) the screens keep it until they are left, so nothing reloads or flashes on
 * the way out; a cache of another owner replaces it, and the screens below start afresh with it.
 */
export function ServerCacheProvider({ children }: { children: ReactNode }) {
  const { cache } = useServices();
  const open = useSyncExternalStore(cache.subscribe, cache.current, cache.current);
  const [kit, setKit] = useState(open);
  if (open && open !== kit) setKit(open);
  useEffect(() => kit?.retain(), [kit]);
  if (!kit) throw new Error('ServerCacheProvider: the route loader opens the server cache first');
  return (
    <QueryClientProvider client={kit.client}>
      <Fragment key={kit.id}>{children}</Fragment>
    </QueryClientProvider>
  );
}
