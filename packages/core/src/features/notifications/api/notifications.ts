import { infiniteQueryOptions, mutationOptions, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../api/client.ts';
import type { NotificationList } from '../../../domain/accounts.ts';
import { FIRST_PAGE, nextCursor, pagePath } from '../../../lib/pages.ts';
import { updateSession } from '../../../lib/signed-in.ts';

export const notificationsKey = ['notifications'] as const;

/** One page, newest first: the first without a cursor, the next with the page before's `next`. */
export function listNotifications(api: ApiClient, cursor: string | null = FIRST_PAGE): Promise<NotificationList> {
  return api.get(pagePath('notifications', cursor));
}

export function markRead(api: ApiClient, id: string): Promise<void> {
  return api.send('post', `notifications/${encodeURIComponent(id)}/read`, {});
}

export function markAllRead(api: ApiClient): Promise<void> {
  return api.send('post', 'notifications/read-all', {});
}

/** The tab bar's badge says what the freshest list says. */
function setUnread(client: QueryClient, unread: number) {
  updateSession(client, (info) =>
    info.unreadNotifications === unread ? info : { ...info, unreadNotifications: unread },
  );
}

/** The pages loaded so far, one after the other (decision 042: «Cargar más» asks for the next). */
export function notificationsQuery(api: ApiClient) {
  return infiniteQueryOptions({
    queryKey: notificationsKey,
    queryFn: async ({ client, pageParam }) => {
      const list = await listNotifications(api, pageParam);
      setUnread(client, list.unread);
      return list;
    },
    initialPageParam: FIRST_PAGE,
    getNextPageParam: nextCursor,
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
      const list = client.setQueryData<InfiniteData<NotificationList, string | null>>(notificationsKey, (current) => {
        if (!current) return current;
        const pages = current.pages.map((page) => ({
          ...page,
          items: page.items.map((item) => (target === 'all' || item.id === target.id ? { ...item, read: true } : item)),
        }));
        // The count is of them all, loaded or not: one fewer for one just read, none for all.
        const wasUnread = current.pages.some((page) =>
          page.items.some((item) => target !== 'all' && item.id === target.id && !item.read),
        );
        const unread = target === 'all' ? 0 : Math.max(0, (current.pages[0]?.unread ?? 0) - (wasUnread ? 1 : 0));
        return { ...current, pages: pages.map((page) => ({ ...page, unread })) };
      });
      if (list?.pages[0]) setUnread(client, list.pages[0].unread);
      void client.invalidateQueries({ queryKey: notificationsKey });
    },
  });
}
