import type { ApiClient } from '../../../api/client.ts';
import type { CodeSent, RegistrationValidated } from '../../../domain/accounts.ts';
import { codeSchema, type CodeInput } from '../../../domain/account-rules.ts';

export { codeSchema, type CodeInput };

export function validateRegistration(
  api: ApiClient,
  registrationId: string,
  input: CodeInput,
): Promise<RegistrationValidated> {
  return api.send('post', `registrations/${encodeURIComponent(registrationId)}/validate`, input);
}

export function resendRegistrationCode(api: ApiClient, registrationId: string): Promise<CodeSent> {
  return api.send('post', `registrations/${encodeURIComponent(registrationId)}/resend`, {});
}
