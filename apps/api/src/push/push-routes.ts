import { fieldRuleMessages as m } from '@marina/core/messages/field-rules.ts';
import { pushSubscriptionSchema, pushUnsubscribeSchema, type PushKey } from '@marina/core/domain/push.ts';
import { and, eq, ne, or } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { clientHeaderSchema, requireClient } from '../clients/client-resolution.ts';
import { HttpProblem, problemResponses } from '../http/problem.ts';
import { bodyFrom, validateBody } from '../http/validation.ts';
import type { Services } from '../services.ts';
import { sessionIdHash } from '../sessions/session-cookies.ts';
import { requireSession } from '../sessions/session-lookup.ts';
import { onPushService } from './push-hosts.ts';
import { pushSubscriptions } from './push.schema.ts';

/**
 * The deployment's VAPID public key, and the signed-in browser's push subscription: stored for its account and
 * marina, one row per endpoint, and removed only by that account on that marina (issue 23).
 */
export const pushRoutes: FastifyPluginAsync<{ services: Services }> = async (api, { services }) => {
  const { db, config, clock } = services;

  api.get(
    '/push/key',
    {
      schema: {
        operationId: 'getPushKey',
        summary: 'The VAPID public key a browser subscribes with',
        tags: ['push'],
        headers: clientHeaderSchema,
        security: [],
        response: { 200: { description: 'The public key', $ref: 'PushKey#' }, ...problemResponses(400) },
      },
    },
    async (): Promise<PushKey> => ({ publicKey: config.vapid.publicKey }),
  );

  api.post(
    '/push/subscriptions',
    {
      schema: {
        operationId: 'storePushSubscription',
        summary: 'Store this browser’s push subscription for the signed-in account',
        description:
          'The body is `PushSubscription.toJSON()` (`expirationTime` ignored). Stored again with the same ' +
          'endpoint, it replaces the keys, and the account and marina that store it last own it.',
        tags: ['push'],
        headers: clientHeaderSchema,
        security: [{ session: [] }],
        body: bodyFrom(pushSubscriptionSchema),
        response: { 204: { description: 'Stored', type: 'null' }, ...problemResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { accountId } = requireSession(request);
      const client = requireClient(request);
      const { endpoint, keys } = await validateBody(pushSubscriptionSchema, request.body);
      if (!onPushService(endpoint, config.pushServiceHosts)) {
        throw new HttpProblem('validation_failed', 400, undefined, [
          { field: 'endpoint', code: 'push_service', message: m.push_endpoint_unknown_service },
        ]);
      }
      const now = clock();
      await db.transaction(async (tx) => {
        // Someone else's until now (another account, or another marina): that row goes, and with it every push
        // still waiting for it, so nothing meant for them reaches whoever holds the browser now.
        await tx
          .delete(pushSubscriptions)
          .where(
            and(
              eq(pushSubscriptions.endpoint, endpoint),
              or(ne(pushSubscriptions.accountId, accountId), ne(pushSubscriptions.clientId, client.id)),
            ),
          );
        await tx
          .insert(pushSubscriptions)
          .values({
            clientId: client.id,
            accountId,
            endpoint,
            p256dh: keys.p256dh,
            auth: keys.auth,
            sessionIdHash: sessionIdHash(request.sid!),
            createdAt: now,
            updatedAt: now,
          })
          .onConflictDoUpdate({
            target: pushSubscriptions.endpoint,
            set: { p256dh: keys.p256dh, auth: keys.auth, sessionIdHash: sessionIdHash(request.sid!), updatedAt: now },
          });
      });
      return reply.code(204).send();
    },
  );

  api.delete(
    '/push/subscriptions',
    {
      schema: {
        operationId: 'removePushSubscription',
        summary: 'Remove this browser’s push subscription',
        description:
          'Only the signed-in account’s own on this marina; answered 204 whether or not there was one, so an ' +
          'endpoint of someone else is neither removed nor revealed.',
        tags: ['push'],
        headers: clientHeaderSchema,
        security: [{ session: [] }],
        body: bodyFrom(pushUnsubscribeSchema),
        response: { 204: { description: 'Removed, or none', type: 'null' }, ...problemResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { accountId } = requireSession(request);
      const client = requireClient(request);
      const { endpoint } = await validateBody(pushUnsubscribeSchema, request.body);
      await db
        .delete(pushSubscriptions)
        .where(
          and(
            eq(pushSubscriptions.endpoint, endpoint),
            eq(pushSubscriptions.accountId, accountId),
            eq(pushSubscriptions.clientId, client.id),
          ),
        );
      return reply.code(204).send();
    },
  );
};
