/**
 * The OpenAPI document is generated from the route schemas themselves, so it cannot drift from the code.
 * Must be registered before any route.
 *
 * The marina's back office and QA generate clients from it, and `npm test` lints it with Redocly's
 * recommended rules (decision 041): every documented operation declares its `operationId` (the name of a
 * generated client's method: stable, camelCase, unique) and its `security` (`[]` when no session is needed),
 * and a route that forgets either stops the server at start (`requireOperationContract`).
 */
import swagger from '@fastify/swagger';
import type { FastifyInstance, FastifyPluginAsync, RouteOptions } from 'fastify';
import { API_VERSION, SESSION_COOKIE } from '../config.ts';
import { checkResponsesInTests } from './response-contract.ts';

export async function registerOpenApi(app: FastifyInstance) {
  requireOperationContract(app);
  // The response schemas are the contract the document publishes: in tests, an answer outside them fails.
  checkResponsesInTests(app);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Marina platform API',
        version: API_VERSION,
        description:
          'Every call except health and this document names its marina in the X-Client-Id header. ' +
          'Errors are application/problem+json (RFC 9457) with a stable `code`.',
        // The platform's own API, for the marinas' app, back office and QA, licensed to no one else. SPDX lists
        // no identifier for that: `LicenseRef-` is its form for a licence of one's own.
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      },
      // Every instance serves the whole API: a client calls the origin it read this document from.
      servers: [{ url: '/', description: 'The server this document was fetched from' }],
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE } },
      },
    },
    // Shared schemas keep their $id as their component name (Problem, ClientSettings).
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, index) =>
        typeof json.$id === 'string' ? json.$id : `def-${index}`,
    },
  });
}

/** What a generated client names a method: a verb and nouns, camelCase (`listBoats`, `staffApproveContract`). */
const OPERATION_ID = /^[a-z]+(?:[A-Z][a-z0-9]*)+$/;

/** Whether @fastify/swagger puts the route in the document: not HEAD (a GET's twin), not `hide`. */
function isDocumented(route: RouteOptions): boolean {
  return route.method !== 'HEAD' && (route.schema as { hide?: boolean } | undefined)?.hide !== true;
}

/**
 * Every documented route declares its operation's contract in its schema, else the server stops at start:
 * an `operationId` (camelCase, unique in this server) and `security` (`[{ session: [] }]`, or `[]` for
 * a public call). Hidden routes (development tools, this document, the static bundle) are not checked.
 */
export function requireOperationContract(app: FastifyInstance) {
  const taken = new Map<string, string>();
  app.addHook('onRoute', (route) => {
    if (!isDocumented(route)) return;
    const name = `${[route.method].flat().join(',')} ${route.url}`;
    const schema = route.schema as { operationId?: unknown; security?: unknown } | undefined;
    const id = schema?.operationId;
    if (typeof id !== 'string' || !OPERATION_ID.test(id)) {
      const found = id === undefined ? '' : `, not ${JSON.stringify(id)}`;
      throw new Error(
        `${name}: declare schema.operationId, a stable camelCase verb and nouns (listBoats, createLaunch)${found}`,
      );
    }
    const other = taken.get(id);
    if (other !== undefined) throw new Error(`${name}: operationId ${id} is already ${other}'s`);
    taken.set(id, name);
    if (!Array.isArray(schema?.security)) {
      throw new Error(`${name}: declare schema.security, [{ session: [] }] or [] for a call that needs no session`);
    }
  });
}

export const openApiRoutes: FastifyPluginAsync = async (api) => {
  api.get('/openapi.json', { config: { requiresClient: false }, schema: { hide: true } }, async () => api.swagger());
};
