import type { CodeSent } from '../../domain/accounts.ts';

/**
 * Where the code went, kept for the validation screen across a reload (the phone may reload the tab
 * while the person switches to their messages). Per tab, and cleared at sign-out with the rest.
 */
export function rememberCodeSent(id: string, sent: CodeSent): void {
  sessionStorage.setItem(`mb.codeSent.${id}`, JSON.stringify(sent));
}

export function recallCodeSent(id: string): CodeSent | undefined {
  const raw = sessionStorage.getItem(`mb.codeSent.${id}`);
  if (!raw) return undefined;
  try {
    return JSON.parse(raw) as CodeSent;
  } catch {
    return undefined;
  }
}
