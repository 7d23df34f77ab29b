import type { Marina } from '@marina/core/domain/marina.ts';
import type { FastifyPluginAsync } from 'fastify';
import { problemResponses } from '../http/problem.ts';
import { clientHeaderSchema, requireClient } from './client-resolution.ts';

/** The marina's public settings: the app reads its rules from here instead of hard-coding them. */
export const clientRoutes: FastifyPluginAsync = async (api) => {
  api.get(
    '/client',
    {
      schema: {
        operationId: 'getClient',
        summary: "The named marina's public settings",
        tags: ['clients'],
        headers: clientHeaderSchema,
        security: [],
        response: {
          200: { description: 'The marina and its rules', $ref: 'Marina#' },
          ...problemResponses(400),
        },
      },
    },
    // What the app reads, no more: the marina's contact address and SMS countries stay on the server.
    async (request): Promise<Marina> => {
      const { id, app, title, timeZone, openingHours, settings, sendsSms } = requireClient(request);
      return { id, app, title, timeZone, openingHours, settings, sendsSms };
    },
  );
};
