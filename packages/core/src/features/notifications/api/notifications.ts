import type { ApiClient } from '../../../api/client.ts';
import type { NotificationList } from '../../../domain/accounts.ts';

export function listNotifications(api: ApiClient): Promise<NotificationList> {
  return api.get('notifications');
}

export function markRead(api: ApiClient, id: string): Promise<void> {
  return api.send('post', `notifications/${encodeURIComponent(id)}/read`, {});
}

export function markAllRead(api: ApiClient): Promise<void> {
  return api.send('post', 'notifications/read-all', {});
}
