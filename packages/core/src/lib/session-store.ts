import { ApiError } from '../api/api-error.ts';
import type { ApiClient } from '../api/client.ts';
import type { SessionInfo } from '../domain/accounts.ts';

/**
 * Who is signed in, as far as the public screens and the route guards know, without loading the server
 * cache (TanStack Query comes with the first private screen, never with `login`). Inside the private
 * screens the cache's `session` query is the source: every change to it is written here
 * (`lib/query-kit.ts`), so both always say the same.
 */
export interface SessionStore {
  current(): SessionInfo | null;
  set(info: SessionInfo | null): void;
  subscribe(listener: () => void): () => void;
}

export function createSessionStore(initial: SessionInfo | null = null): SessionStore {
  let info = initial;
  const listeners = new Set<() => void>();
  return {
    current: () => info,
    set(next) {
      if (next === info) return;
      info = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * Asks the API who is signed in. The answer also hands out the XSRF cookie that every form needs.
 * `null`: nobody is.
 */
export async function fetchSession(api: ApiClient): Promise<SessionInfo | null> {
  try {
    return await api.get<SessionInfo>('session');
  } catch (error) {
    if (error instanceof ApiError && error.code === 'unauthenticated') return null;
    throw error;
  }
}
