import {
  DEFAULT_NOTICE_CHANNEL,
  LOCKED_NOTICE_KINDS,
  NOTICE_KINDS,
  noticePreferenceSchema,
  type NotificationPreferences,
  type PushSubscriptionList,
} from '@marina/core/domain/push.ts';
import { and, asc, count, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { clientHeaderSchema, requireClient } from '../clients/client-resolution.ts';
import type { Executor } from '../db/database.ts';
import { problemResponses } from '../http/problem.ts';
import { bodyFrom, validateBody } from '../http/validation.ts';
import type { Services } from '../services.ts';
import { requireSession } from '../sessions/session-lookup.ts';
import { maskEndpoint } from './push-sending.ts';
import { notificationPreferences, pushSubscriptions } from './push.schema.ts';

/** Every kind with the account's channel on the marina, and how many of its browsers take pushes there. */
async function preferencesOf(db: Executor, clientId: number, accountId: string): Promise<NotificationPreferences> {
  const mine = and(eq(notificationPreferences.accountId, accountId), eq(notificationPreferences.clientId, clientId));
  const chosen = new Map(
    (await db.select().from(notificationPreferences).where(mine)).map((row) => [row.kind, row.channel]),
  );
  const [devices] = await db
    .select({ count: count() })
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.accountId, accountId), eq(pushSubscriptions.clientId, clientId)));
  return {
    items: NOTICE_KINDS.map((kind) => {
      const locked = LOCKED_NOTICE_KINDS.has(kind);
      return { kind, channel: locked ? 'both' : (chosen.get(kind) ?? DEFAULT_NOTICE_CHANNEL), locked };
    }),
    pushDevices: Number(devices?.count ?? 0),
  };
}

/**
 * The signed-in account's channel per kind of notice on this marina (decision 061), and the browsers it
 * subscribed there, by their push service only: never an endpoint (a capability URL) nor a key.
 */
export const preferenceRoutes: FastifyPluginAsync<{ services: Services }> = async (api, { services }) => {
  const { db, clock } = services;

  api.get(
    '/notification-preferences',
    {
      schema: {
        operationId: 'getNotificationPreferences',
        summary: 'How the signed-in account is told each kind of notice',
        description:
          'Every kind, with `push`, `message` (the marina’s SMS or e-mail) or `both` (the default); a `locked` ' +
          'kind (the overdue-outing alert) is always `both`. `pushDevices` counts the account’s browsers that ' +
          'take pushes on this marina: a kind set to `push` with none still goes by message.',
        tags: ['push'],
        headers: clientHeaderSchema,
        security: [{ session: [] }],
        response: {
          200: { description: 'The channels', $ref: 'NotificationPreferences#' },
          ...problemResponses(400, 401),
        },
      },
    },
    async (request): Promise<NotificationPreferences> => {
      const { accountId } = requireSession(request);
      return preferencesOf(db, requireClient(request).id, accountId);
    },
  );

  api.put(
    '/notification-preferences',
    {
      schema: {
        operationId: 'setNotificationPreference',
        summary: 'Choose how one kind of notice is told',
        description: 'A locked kind is refused (400 naming `kind`). Answers every kind, as the GET.',
        tags: ['push'],
        headers: clientHeaderSchema,
        security: [{ session: [] }],
        body: bodyFrom(noticePreferenceSchema),
        response: {
          200: { description: 'The channels', $ref: 'NotificationPreferences#' },
          ...problemResponses(400, 401, 403),
        },
      },
    },
    async (request): Promise<NotificationPreferences> => {
      const { accountId } = requireSession(request);
      const client = requireClient(request);
      const { kind, channel } = await validateBody(noticePreferenceSchema, request.body);
      const now = clock();
      await db
        .insert(notificationPreferences)
        .values({ clientId: client.id, accountId, kind, channel, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({
          target: [notificationPreferences.accountId, notificationPreferences.clientId, notificationPreferences.kind],
          set: { channel, updatedAt: now },
        });
      return preferencesOf(db, client.id, accountId);
    },
  );

  api.get(
    '/push/subscriptions',
    {
      schema: {
        operationId: 'listPushSubscriptions',
        summary: 'The signed-in account’s browsers that take pushes on this marina',
        description: 'Each by its push service’s origin, oldest first; never the endpoint nor the keys.',
        tags: ['push'],
        headers: clientHeaderSchema,
        security: [{ session: [] }],
        response: {
          200: { description: 'The subscriptions', $ref: 'PushSubscriptionList#' },
          ...problemResponses(400, 401),
        },
      },
    },
    async (request): Promise<PushSubscriptionList> => {
      const { accountId } = requireSession(request);
      const client = requireClient(request);
      const rows = await db
        .select()
        .from(pushSubscriptions)
        .where(and(eq(pushSubscriptions.accountId, accountId), eq(pushSubscriptions.clientId, client.id)))
        .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id));
      return {
        items: rows.map((row) => ({
          id: row.id,
          origin: maskEndpoint(row.endpoint),
          createdAt: row.createdAt.toISOString(),
          updatedAt: row.updatedAt.toISOString(),
        })),
      };
    },
  );
};
