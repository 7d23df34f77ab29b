import type { NotificationList } from '@marina/core/domain/accounts.ts';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { clientHeaderSchema } from '../clients/client-resolution.ts';
import { notifications } from './notifications.schema.ts';
import { isUuid } from '../http/ids.ts';
import { cursorKind, pageOf, pageQuerystring, pageRequest, type PageQuery } from '../http/pagination.ts';
import { problem, problemResponses } from '../http/problem.ts';
import type { Services } from '../services.ts';
import { requireSession } from '../sessions/session-lookup.ts';
import { toAppNotification, unreadCount } from './notifications.ts';
import { problemDetails } from '@marina/core/messages/problem-details.ts';

/** Newest first: `seq` is the order of writing, unique (decision 042). */
const cursors = cursorKind('notifications', ['integer']);

/** The signed-in account's notifications; another account's id is simply not found. */
export const notificationRoutes: FastifyPluginAsync<{ services: Services }> = async (api, { services }) => {
  const { db, clock } = services;

  api.get<{ Querystring: PageQuery }>(
    '/notifications',
    {
      schema: {
        operationId: 'listNotifications',
        summary: 'Notifications, newest first, a page at a time, and how many are unread',
        description:
          'Paged with `limit` and `cursor` (decision 042); `unread` counts all of them, not only this page’s.',
        tags: ['notifications'],
        headers: clientHeaderSchema,
        querystring: pageQuerystring(),
        security: [{ session: [] }],
        response: {
          200: { description: 'A page of notifications', $ref: 'NotificationList#' },
          ...problemResponses(400, 401),
        },
      },
    },
    async (request): Promise<NotificationList> => {
      const { accountId } = requireSession(request);
      const { limit, after } = pageRequest(request.query, cursors, [notifications.seq], 'desc');
      const loaded = await db
        .select()
        .from(notifications)
        .where(and(eq(notifications.accountId, accountId), after))
        .orderBy(desc(notifications.seq))
        .limit(limit + 1);
      const page = pageOf(loaded, limit, cursors, (row) => [row.seq]);
      return { items: page.rows.map(toAppNotification), unread: await unreadCount(db, accountId), next: page.next };
    },
  );

  api.post<{ Params: { id: string } }>(
    '/notifications/:id/read',
    {
      schema: {
        operationId: 'markNotificationRead',
        summary: 'Mark one notification read',
        tags: ['notifications'],
        headers: clientHeaderSchema,
        security: [{ session: [] }],
        response: { 204: { description: 'Read', type: 'null' }, ...problemResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { accountId } = requireSession(request);
      const { id } = request.params;
      const found = isUuid(id)
        ? await db
            .select({ id: notifications.id, readAt: notifications.readAt })
            .from(notifications)
            .where(and(eq(notifications.id, id), eq(notifications.accountId, accountId)))
            .limit(1)
        : [];
      if (found.length === 0) throw problem('not_found', 404, problemDetails.notification_not_found);
      if (found[0]!.readAt === null)
        await db.update(notifications).set({ readAt: clock() }).where(eq(notifications.id, id));
      return reply.code(204).send();
    },
  );

  api.post(
    '/notifications/read-all',
    {
      schema: {
        operationId: 'markAllNotificationsRead',
        summary: 'Mark every notification read',
        tags: ['notifications'],
        headers: clientHeaderSchema,
        security: [{ session: [] }],
        response: { 204: { description: 'All read', type: 'null' }, ...problemResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { accountId } = requireSession(request);
      await db
        .update(notifications)
        .set({ readAt: clock() })
        .where(and(eq(notifications.accountId, accountId), isNull(notifications.readAt)));
      return reply.code(204).send();
    },
  );
};
