import { normalizeEmail, normalizePhone } from '@marina/core/domain/contact.ts';
import type { OutboxEntry } from '@marina/core/domain/accounts.ts';
import { and, desc, inArray, isNull } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { verificationCodes } from '../accounts/accounts.schema.ts';
import { outbox } from './outbox.schema.ts';
import type { Services } from '../services.ts';

const LIMIT = 200;

/**
 * `GET /dev/outbox`: what the server "sent", codes and links included, for development and the browser
 * suite (docs/product.md §7.6). Registered only with DEV_ROUTES=1 (which production refuses): elsewhere it does not
 * exist at all. A sent message's text is blank (only metadata is kept); its code and link stay readable.
 */
export const devOutboxRoutes: FastifyPluginAsync<{ services: Services }> = async (api, { services: { db } }) => {
  api.get<{ Querystring: { destination?: string } }>(
    '/dev/outbox',
    {
      config: { requiresClient: false },
      schema: {
        // Not part of the contract: the document is the same in every environment.
        hide: true,
        summary: 'Messages in the outbox, newest first (development and tests only)',
        tags: ['development'],
        querystring: {
          type: 'object',
          properties: { destination: { type: 'string', description: 'Only messages to this e-mail or phone' } },
        },
        response: {
          200: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                id: { type: 'string' },
                clientId: { type: 'integer' },
                channel: { type: 'string', enum: ['sms', 'email'] },
                destination: { type: 'string' },
                subject: { type: ['string', 'null'] },
                text: { type: 'string' },
                code: { type: ['string', 'null'] },
                link: { type: ['string', 'null'] },
                createdAt: { type: 'string', format: 'date-time' },
              },
              required: ['id', 'clientId', 'channel', 'destination', 'subject', 'text', 'code', 'link', 'createdAt'],
            },
          },
        },
      },
    },
    async (request): Promise<OutboxEntry[]> => {
      const destinations = destinationsOf(request.query.destination);
      const rows = await db
        .select()
        .from(outbox)
        .where(destinations ? inArray(outbox.destination, destinations) : undefined)
        .orderBy(desc(outbox.seq))
        .limit(LIMIT);
      return rows.map((row) => ({
        id: row.id,
        clientId: row.clientId,
        channel: row.channel,
        destination: row.destination,
        subject: row.subject,
        text: row.text,
        code: row.code,
        link: row.link,
        createdAt: row.createdAt.toISOString(),
      }));
    },
  );

  // Lets the browser suite show a person an expired code without waiting ten minutes.
  api.post<{ Body: { destination: string } }>(
    '/dev/expire-codes',
    {
      config: { requiresClient: false },
      schema: {
        hide: true,
        summary: 'Expire every live code sent to a destination (development and tests only)',
        tags: ['development'],
        body: {
          type: 'object',
          properties: { destination: { type: 'string', minLength: 1 } },
          required: ['destination'],
        },
        response: { 200: { type: 'object', properties: { expired: { type: 'integer' } }, required: ['expired'] } },
      },
    },
    async (request) => {
      const rows = await db
        .update(verificationCodes)
        .set({ expiresAt: new Date(0) })
        .where(
          and(
            inArray(verificationCodes.destination, destinationsOf(request.body.destination)!),
            isNull(verificationCodes.consumedAt),
          ),
        )
        .returning({ id: verificationCodes.id });
      return { expired: rows.length };
    },
  );
};

/** Typed as a person would ("612 345 678", "Ana@Example.com"): match the stored, normalised form. */
function destinationsOf(value: string | undefined): string[] | undefined {
  const wanted = value?.trim();
  return wanted ? [...new Set([wanted, normalizeEmail(wanted), normalizePhone(wanted)])] : undefined;
}
