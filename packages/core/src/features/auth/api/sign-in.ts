import type { ApiClient } from '../../../api/client.ts';
import type { SignInInput } from '../../../domain/account-rules.ts';
import type { SessionInfo } from '../../../domain/accounts.ts';

export type { SignInInput };

/** Loaded on first use: the sign-in screen is every visit's first, so yup stays out of its first load. */
export const loadSignInSchema = () => import('../../../domain/account-rules.ts').then((rules) => rules.signInSchema);

export function signIn(api: ApiClient, input: SignInInput): Promise<SessionInfo> {
  return api.send('post', 'session', input);
}
