import { useEffect, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router';
import type { SessionInfo } from '../domain/accounts.ts';
import { useServices } from './services.tsx';

/**
 * Who is signed in, for what every screen shares (the header's way back, the public screens). The
 * private screens read the server cache instead (`useSignedIn`, `lib/signed-in.ts`).
 */
export function useSession(): SessionInfo | null {
  const { session } = useServices();
  return useSyncExternalStore(session.subscribe, session.current, session.current);
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
