/**
 * Every API call names its marina in `X-Client-Id` (docs/product.md §7.1: nothing crosses clients). This hook resolves
 * it before anything else runs, so routes and later hooks (sessions) can rely on `request.client`.
 * A route opts out with `config: { requiresClient: false }` (health, the OpenAPI document, dev tools).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isApiPath } from '../config.ts';
import { problem } from '../http/problem.ts';
import type { ClientDirectory, ClientRecord } from './client-directory.ts';
import { problemDetails } from '@marina/core/messages/problem-details.ts';
import { LIVE_CLIENT_PARAM } from '@marina/core/domain/live.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    requiresClient?: boolean;
    /**
     * The marina may be named by the `clientId` query parameter instead, checked the same way: for a
     * browser's `EventSource`, which sends no header of its own (the live event stream, decision 062).
     */
    clientInQuery?: boolean;
  }
  interface FastifyRequest {
    client: ClientRecord | null;
  }
}

export const CLIENT_HEADER = 'x-client-id';
/** The query parameter of a route that takes the marina there too (`clientInQuery`). */
export const CLIENT_PARAM = LIVE_CLIENT_PARAM;

/** The header as route schemas declare it, so the OpenAPI document shows it. */
export const clientHeaderSchema = {
  type: 'object',
  properties: { [CLIENT_HEADER]: { type: 'integer', description: 'The marina (clientId) the call is for' } },
  required: [CLIENT_HEADER],
} as const;

export function registerClientResolution(app: FastifyInstance, directory: ClientDirectory) {
  app.decorateRequest('client', null);
  app.addHook('onRequest', async (request) => {
    const route = request.routeOptions;
    // Unknown routes (no url) fall through to the not-found answer whatever their headers.
    if (route.url === undefined || !isApiPath(route.url) || route.config.requiresClient === false) return;
    const raw =
      request.headers[CLIENT_HEADER] ??
      (route.config.clientInQuery ? (request.query as Record<string, unknown> | undefined)?.[CLIENT_PARAM] : undefined);
    if (raw === undefined || raw === '') {
      throw problem('client_required', 400, problemDetails.client_missing);
    }
    if (typeof raw !== 'string' || !/^\d{1,9}$/.test(raw)) {
      throw problem('client_required', 400, problemDetails.client_required);
    }
    const client = directory.get(Number(raw));
    if (!client) throw problem('unknown_client', 400, problemDetails.unknown_client({ clientId: Number(raw) }));
    request.client = client;
  });
}

/** The request's client, for routes that run behind the hook. */
export function requireClient(request: FastifyRequest): ClientRecord {
  if (!request.client) throw new Error(`route ${request.routeOptions.url} has no client: is requiresClient false?`);
  return request.client;
}
