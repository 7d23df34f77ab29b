/**
 * The types the server-state cache (`server-cache.ts`) and the TanStack Query kit it loads on demand
 * (`query-kit.ts`) share: here, so that neither imports the other's types (the cache only loads the kit).
 */
import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../api/client.ts';
import type { SessionInfo } from '../domain/accounts.ts';
import type { SessionStore } from './session-store.ts';

/**
 * Whose data a cache holds: an account's id, or `null` before anyone is signed in (the activation
 * screen). A cache never outlives its owner: another owner gets a new, empty one.
 */
export type CacheOwner = string | null;

export interface ServerCacheOptions {
  api: ApiClient;
  storage: Storage;
  session: SessionStore;
  /** Tests shorten the wait before a failed load is tried again, and between writes to the phone. */
  retryDelay?: number;
  persistThrottle?: number;
}

export interface CacheKit {
  /** Tells one cache from the next: a screen tree shown with one is not reused with another. */
  readonly id: number;
  readonly owner: CacheOwner;
  readonly client: QueryClient;
  /** The route guard's word on who is signed in, when it differs from the cache's. */
  setSession(info: SessionInfo): void;
  /** A screen shows this cache; the function returned lets it go. */
  retain(): () => void;
  /**
   * Another owner takes over: nothing more is written to the phone, and the data go from memory as soon
   * as no screen shows them (emptying a cache under a mounted screen would make it load again, flashing
   * "Cargando…" or an error on the way out).
   */
  dispose(): void;
  /** Sign-out, or the session ended elsewhere: nobody is signed in, `dispose`, and what the phone kept goes too. */
  forget(): Promise<void>;
}
