import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { SessionInfo } from '../domain/accounts.ts';
import { sessionKey } from './queries.ts';

/** Who is signed in, from the server cache (`null`: nobody is, as the server or a sign-out said). */
export function useSessionQuery(): SessionInfo | null {
  return useQuery<SessionInfo | null>({ queryKey: sessionKey }).data ?? null;
}

/**
 * Inside the private layout, whose loader guarantees a session on arrival. When the session ends while
 * the screen is open (signing out, or ended elsewhere), the screen keeps what it showed until it is
 * left, instead of failing: signing out then goes straight to `login`.
 */
export function useSignedIn(): SessionInfo {
  const info = useSessionQuery();
  const [last, setLast] = useState(info);
  if (info && info !== last) setLast(info);
  const shown = info ?? last;
  if (!shown) throw new Error('useSignedIn is only for screens behind the session guard');
  return shown;
}

/** What a mutation changed about the signed-in person (their data, the unread count), in the cache. */
export function updateSession(client: QueryClient, change: (info: SessionInfo) => SessionInfo): void {
  client.setQueryData<SessionInfo | null>(sessionKey, (info) => (info ? change(info) : info));
}
