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
          200: {
            description: 'The marina and its rules',
            type: 'object',
            properties: {
              id: { type: 'integer' },
              app: { type: 'string' },
              title: { type: 'string' },
              timeZone: { type: 'string', description: 'IANA time zone of every time of this marina' },
              openingHours: {
                type: 'array',
                description: "Opening hours by season, in the marina's time zone: every day of the year in exactly one",
                items: {
                  type: 'object',
                  properties: {
                    from: { type: 'string', pattern: '^\\d{2}-\\d{2}$', description: 'First day, MM-DD' },
                    to: {
                      type: 'string',
                      pattern: '^\\d{2}-\\d{2}$',
                      description: 'Last day (included), MM-DD; before `from` when the season runs over the new year',
                    },
                    open: { type: 'string', pattern: '^\\d{2}:\\d{2}$', description: 'Opens, HH:MM local time' },
                    close: { type: 'string', pattern: '^\\d{2}:\\d{2}$', description: 'Closes, HH:MM local time' },
                  },
                  required: ['from', 'to', 'open', 'close'],
                  additionalProperties: false,
                },
              },
              settings: { $ref: 'ClientSettings#' },
              sendsSms: { type: 'boolean', description: 'Codes go by SMS to the mobile (true) or by e-mail (false)' },
            },
            required: ['id', 'app', 'title', 'timeZone', 'openingHours', 'settings', 'sendsSms'],
          },
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
