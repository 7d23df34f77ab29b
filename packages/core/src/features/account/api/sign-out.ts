import type { ApiClient } from '../../../api/client.ts';

export function signOut(api: ApiClient): Promise<void> {
  return api.send('delete', 'session');
}

export function signOutEverywhere(api: ApiClient): Promise<void> {
  return api.send('post', 'session/revoke-all', {});
}
