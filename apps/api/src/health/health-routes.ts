import type { FastifyPluginAsync } from 'fastify';
import { pingDatabase, type Db } from '../db/database.ts';
import { problem, problemResponses } from '../http/problem.ts';
import { problemDetails } from '@marina/core/messages/problem-details.ts';

// A load balancer must hear back quickly, even while a database connection hangs.
const DATABASE_TIMEOUT_MS = 3000;

export const healthRoutes: FastifyPluginAsync<{ db: Db }> = async (api, { db }) => {
  api.get(
    '/health',
    {
      config: { requiresClient: false },
      schema: {
        operationId: 'getHealth',
        summary: 'Liveness and database reachability',
        tags: ['health'],
        security: [],
        response: {
          200: {
            description: 'The server and its database answer',
            type: 'object',
            properties: { status: { type: 'string', const: 'ok' }, database: { type: 'string', const: 'ok' } },
            required: ['status', 'database'],
          },
          // Like every route, a query string or path holding control characters is refused (http/validation.ts).
          ...problemResponses(400, 503),
        },
      },
    },
    async (request) => {
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          pingDatabase(db),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error('database ping timed out')), DATABASE_TIMEOUT_MS);
          }),
        ]);
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        throw problem('service_unavailable', 503, problemDetails.database_down);
      } finally {
        clearTimeout(timer);
      }
      return { status: 'ok', database: 'ok' };
    },
  );
};
