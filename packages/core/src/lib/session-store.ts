import type { SessionInfo } from '../domain/accounts.ts';

/** Who is signed in, shared by the private layout (tab bar badge) and the screens. */
export interface SessionStore {
  current(): SessionInfo | null;
  set(info: SessionInfo | null): void;
  update(change: (info: SessionInfo) => SessionInfo): void;
  subscribe(listener: () => void): () => void;
}

export function createSessionStore(initial: SessionInfo | null = null): SessionStore {
  let info = initial;
  const listeners = new Set<() => void>();
  const emit = () => {
    for (const listener of listeners) listener();
  };
  return {
    current: () => info,
    set(next) {
      info = next;
      emit();
    },
    update(change) {
      if (!info) return;
      info = change(info);
      emit();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
