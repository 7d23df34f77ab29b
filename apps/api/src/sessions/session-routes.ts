import type { FastifyPluginAsync } from 'fastify';
import { clientHeaderSchema } from '../clients/client-resolution.ts';
import { problemResponses } from '../http/problem.ts';
import { requireSession } from './session-lookup.ts';

export const sessionRoutes: FastifyPluginAsync = async (api) => {
  api.get(
    '/session',
    {
      schema: {
        summary: 'The current session of this marina',
        tags: ['sessions'],
        headers: clientHeaderSchema,
        security: [{ session: [] }],
        response: {
          200: {
            description: 'The live session for this marina',
            type: 'object',
            properties: {
              clientId: { type: 'integer' },
              accountId: { type: ['string', 'null'], format: 'uuid' },
            },
            required: ['clientId', 'accountId'],
          },
          ...problemResponses(400, 401),
        },
      },
    },
    async (request) => {
      const session = requireSession(request);
      return { clientId: session.clientId, accountId: session.accountId };
    },
  );
};
