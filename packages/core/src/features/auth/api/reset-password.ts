import type { ApiClient } from '../../../api/client.ts';
import type { ResetCodeSent, ResetStarted } from '../../../domain/accounts.ts';
import {
  resetCompleteSchema,
  resetRequestSchema,
  type ResetCompleteInput,
  type ResetRequestInput,
} from '../../../domain/account-rules.ts';

export { resetCompleteSchema, resetRequestSchema, type ResetCompleteInput, type ResetRequestInput };

export function requestReset(api: ApiClient, input: ResetRequestInput, idempotencyKey: string): Promise<ResetStarted> {
  return api.create('password-resets', input, { idempotencyKey });
}

export function resendResetCode(api: ApiClient, resetId: string): Promise<ResetCodeSent> {
  return api.send('post', `password-resets/${encodeURIComponent(resetId)}/resend`, {});
}

export function completeReset(api: ApiClient, resetId: string, input: ResetCompleteInput): Promise<void> {
  return api.send('post', `password-resets/${encodeURIComponent(resetId)}/complete`, input);
}
