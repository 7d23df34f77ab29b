import type { NotificationList } from '@marina/core/domain/accounts.ts';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { clientHeaderSchema } from '../clients/client-resolution.ts';
import { notifications } from './notifications.schema.ts';
import { isUuid } from '../http/ids.ts';
import { problem, problemResponses } from '../http/problem.ts';
import type { Services } from '../services.ts';
import { requireSession } from '../sessions/session-lookup.ts';
import { toAppNotification, unreadCount } from './notifications.ts';

const LIMIT = 100;

const notificationSchema = {
  type: 'object',
  properties: {
    id: { type: 'string', format: 'uuid' },
    type: { type: 'string' },
    title: { type: 'string' },
    body: { type: 'string' },
    link: { type: ['string', 'null'] },
    read: { type: 'boolean' },
    createdAt: { type: 'string', format: 'date-time' },
  },
  required: ['id', 'type', 'title', 'body', 'link', 'read', 'createdAt'],
} as const;

/** The signed-in account's notifications; another account's id is simply not found. */
export const notificationRoutes: FastifyPluginAsync<{ services: Services }> = async (api, { services }) => {
  const { db, clock } = services;

  api.get(
    '/notifications',
    {
      schema: {
        operationId: 'listNotifications',
        summary: 'Notifications, newest first, and how many are unread',
        tags: ['notifications'],
        headers: clientHeaderSchema,
        security: [{ session: [] }],
        response: {
          200: {
            description: `The latest ${LIMIT}`,
            type: 'object',
            properties: { items: { type: 'array', items: notificationSchema }, unread: { type: 'integer', minimum: 0 } },
            required: ['items', 'unread'],
          },
          ...problemResponses(400, 401),
        },
      },
    },
    async (request): Promise<NotificationList> => {
      const { accountId } = requireSession(request);
      const rows = await db.select().from(notifications).where(eq(notifications.accountId, accountId)).orderBy(desc(notifications.seq)).limit(LIMIT);
      return { items: rows.map(toAppNotification), unread: await unreadCount(db, accountId) };
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
      if (found.length === 0) throw problem('not_found', 404, 'Esta notificación no existe.');
      if (found[0]!.readAt === null) await db.update(notifications).set({ readAt: clock() }).where(eq(notifications.id, id));
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
