import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../api/client.ts';
import type { NotificationList } from '../../../domain/accounts.ts';
import { updateSession } from '../../../lib/signed-in.ts';

export const notificationsKey = ['notifications'] as const;

export function listNotifications(api: ApiClient): Promise<NotificationList> {
  return api.get('notifications');
}

export function markRead(api: ApiClient, id: string): Promise<void> {
  return api.send('post', `notifications/${encodeURIComponent(id)}/read`, {});
}

export function markAllRead(api: ApiClient): Promise<void> {
  return api.send('post', 'notifications/read-all', {});
}

/** The tab bar's badge says what the freshest list says. */
function setUnread(client: QueryClient, unread: number) {
  updateSession(client, (info) => (info.unreadNotifications === unread ? info : { ...info, unreadNotifications: unread }));
}

export function notificationsQuery(api: ApiClient) {
  return queryOptions({
    queryKey: notificationsKey,
    queryFn: async ({ client }) => {
      const list = await listNotifications(api);
      setUnread(client, list.unread);
      return list;
    },
  });
}

/** Which to mark as read: one, or all of them. */
export type ReadTarget = { id: string } | 'all';

/**
 * Marks as read; once the server has, the list and the badge say so at once, and the list is loaded
 * again in the background (something new may have arrived meanwhile).
 */
export function markReadMutation(api: ApiClient) {
  return mutationOptions({
    mutationFn: (target: ReadTarget) => (target === 'all' ? markAllRead(api) : markRead(api, target.id)),
    onSuccess: (_, target, _result, { client }) => {
      const list = client.setQueryData<NotificationList>(notificationsKey, (current) => {
        if (!current) return current;
        const items = current.items.map((item) => (target === 'all' || item.id === target.id ? { ...item, read: true } : item));
        return { items, unread: items.filter((item) => !item.read).length };
      });
      if (list) setUnread(client, list.unread);
      void client.invalidateQueries({ queryKey: notificationsKey });
    },
  });
}
