import type { FastifyPluginAsync } from 'fastify';
import { problemResponses } from '../http/problem.ts';
import { clientHeaderSchema, requireClient } from './client-resolution.ts';

/** The marina's public settings: the app reads its rules from here instead of hard-coding them. */
export const clientRoutes: FastifyPluginAsync = async (api) => {
  api.get(
    '/client',
    {
      schema: {
        summary: "The named marina's public settings",
        tags: ['clients'],
        headers: clientHeaderSchema,
        response: {
          200: {
            description: 'The marina and its rules',
            type: 'object',
            properties: {
              id: { type: 'integer' },
              app: { type: 'string' },
              title: { type: 'string' },
              timeZone: { type: 'string', description: 'IANA time zone of every time of this marina' },
              settings: { $ref: 'ClientSettings#' },
            },
            required: ['id', 'app', 'title', 'timeZone', 'settings'],
          },
          ...problemResponses(400),
        },
      },
    },
    async (request) => requireClient(request),
  );
};
