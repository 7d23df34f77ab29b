import type { ApiClient } from '../../../api/client.ts';
import type { AccountSummary, ProfileUpdated } from '../../../domain/accounts.ts';
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
