import { useSyncExternalStore } from 'react';
import type { SessionInfo } from '../domain/accounts.ts';
import { useServices } from './services.tsx';

export function useSession(): SessionInfo | null {
  const { session } = useServices();
  return useSyncExternalStore(session.subscribe, session.current, session.current);
}

/** Inside the private layout, whose loader guarantees a session. */
export function useSignedIn(): SessionInfo {
  const info = useSession();
  if (!info) throw new Error('useSignedIn is only for screens behind the session guard');
  return info;
}
