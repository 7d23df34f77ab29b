/**
 * The OpenAPI document is generated from the route schemas themselves, so it cannot drift from the code.
 * Must be registered before any route.
 */
import swagger from '@fastify/swagger';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { API_VERSION, SESSION_COOKIE } from '../config.ts';

export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Marina platform API',
        version: API_VERSION,
        description:
          'Every call except health and this document names its marina in the X-Client-Id header. ' +
          'Errors are application/problem+json (RFC 9457) with a stable `code`.',
      },
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE } },
      },
    },
    // Shared schemas keep their $id as their component name (Problem, ClientSettings).
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, index) => (typeof json.$id === 'string' ? json.$id : `def-${index}`),
    },
  });
}

export const openApiRoutes: FastifyPluginAsync = async (api) => {
  api.get('/openapi.json', { config: { requiresClient: false }, schema: { hide: true } }, async () => api.swagger());
};
