import type { ApiClient } from '../../../api/client.ts';
import type { AccountSummary, EmailConfirmationSent, ProfileUpdated } from '../../../domain/accounts.ts';
import type {
  ChangePasswordInput,
  CodeInput,
  DeleteAccountInput,
  ProfileInput,
} from '../../../domain/account-rules.ts';

export {
  changePasswordSchema,
  codeSchema,
  deleteAccountSchema,
  profileSchema,
  type ChangePasswordInput,
  type CodeInput,
  type DeleteAccountInput,
  type ProfileInput,
} from '../../../domain/account-rules.ts';

export function updateProfile(api: ApiClient, input: ProfileInput): Promise<ProfileUpdated> {
  return api.send('patch', 'me', input);
}

export function confirmContactChange(api: ApiClient, changeId: string, input: CodeInput): Promise<AccountSummary> {
  return api.send('post', `me/contact-changes/${encodeURIComponent(changeId)}/confirm`, input);
}

export function changePassword(api: ApiClient, input: ChangePasswordInput): Promise<void> {
  return api.send('post', 'me/password', input);
}

export function deleteAccount(api: ApiClient, input: DeleteAccountInput): Promise<void> {
  return api.send('delete', 'me', input);
}

/** Sends (again) the link that confirms the account's e-mail. */
export function sendEmailConfirmation(api: ApiClient): Promise<EmailConfirmationSent> {
  return api.send('post', 'me/email-confirmation');
}

/** The token of the link `micuenta?confirmar-email=…`, for the signed-in account. */
export function confirmEmail(api: ApiClient, token: string): Promise<AccountSummary> {
  return api.send('post', 'me/email-confirmation/confirm', { token });
}
