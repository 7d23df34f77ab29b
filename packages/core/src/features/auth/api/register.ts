import type { ApiClient } from '../../../api/client.ts';
import type { RegistrationStarted } from '../../../domain/accounts.ts';
import { registrationSchema, type RegistrationInput } from '../../../domain/account-rules.ts';

export { registrationSchema, type RegistrationInput };

export function register(
  api: ApiClient,
  input: RegistrationInput,
  idempotencyKey: string,
): Promise<RegistrationStarted> {
  return api.create('registrations', input, { idempotencyKey });
}
