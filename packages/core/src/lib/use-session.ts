import { useEffect, useState, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router';
import type { SessionInfo } from '../domain/accounts.ts';
import { useServices } from './services.tsx';

export function useSession(): SessionInfo | null {
  const { session } = useServices();
  return useSyncExternalStore(session.subscribe, session.current, session.current);
}

/**
 * Inside the private layout, whose loader guarantees a session on arrival. When the session ends while
 * the screen is open (signing out, or ended elsewhere), the screen keeps what it showed until it is
 * left, instead of failing: signing out then goes straight to `login`.
 */
export function useSignedIn(): SessionInfo {
  const info = useSession();
  const [last, setLast] = useState(info);
  if (info && info !== last) setLast(info);
  const shown = info ?? last;
  if (!shown) throw new Error('useSignedIn is only for screens behind the session guard');
  return shown;
}

/** Public screens for people without an account (home, registro, login): a signed-in person goes on to `to`. */
export function useLeaveWhenSignedIn(to: string): void {
  const navigate = useNavigate();
  const signedIn = useSession() !== null;
  // The session check may answer after the screen shows: it goes on then.
  useEffect(() => {
    if (signedIn) void navigate(to, { replace: true });
  }, [signedIn, navigate, to]);
}
