import type { ApiClient } from '../../../api/client.ts';
import type { ActivationInfo, SessionInfo } from '../../../domain/accounts.ts';
import { activationSchema, type ActivationInput } from '../../../domain/account-rules.ts';

export { activationSchema, type ActivationInput };

export function getActivation(api: ApiClient, token: string): Promise<ActivationInfo> {
  return api.get(`activations/${encodeURIComponent(token)}`);
}

export function activate(api: ApiClient, input: ActivationInput, idempotencyKey: string): Promise<SessionInfo> {
  return api.create('activations', input, { idempotencyKey });
}
