import type { ApiClient } from '../../../api/client.ts';
import type { SessionInfo } from '../../../domain/accounts.ts';
import { signInSchema, type SignInInput } from '../../../domain/account-rules.ts';

export { signInSchema, type SignInInput };

export function signIn(api: ApiClient, input: SignInInput): Promise<SessionInfo> {
  return api.send('post', 'session', input);
}
