import { useCallback, useState } from 'react';
import type { ContactChangeStarted } from '../../domain/accounts.ts';

const KEY = 'mb.pendingContactChanges';

function recall(now: number): ContactChangeStarted[] {
  try {
    const saved = JSON.parse(sessionStorage.getItem(KEY) ?? '[]') as ContactChangeStarted[];
    // A code past its expiry cannot confirm anything: its field would only lead to an error.
    return Array.isArray(saved) ? saved.filter((change) => Date.parse(change.expiresAt) > now) : [];
  } catch {
    return [];
  }
}

/**
 * Contact changes waiting for their code, kept across a reload (the phone may reload the tab while the
 * person reads the message). Per tab, and cleared at sign-out with the rest of sessionStorage.
 */
export function usePendingChanges() {
  const [pending, setPending] = useState(() => recall(Date.now()));
  const update = useCallback((change: (current: ContactChangeStarted[]) => ContactChangeStarted[]) => {
    setPending((current) => {
      const next = change(current);
      if (next.length > 0) sessionStorage.setItem(KEY, JSON.stringify(next));
      else sessionStorage.removeItem(KEY);
      return next;
    });
  }, []);
  return [pending, update] as const;
}
