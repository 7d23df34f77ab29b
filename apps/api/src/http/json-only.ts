/**
 * The API speaks JSON only. Refusing any other body on mutating calls also closes the CSRF door of plain
 * HTML forms, which can only send form or text bodies (docs/product.md §7.2).
 */
import type { FastifyInstance } from 'fastify';
import { isApiRequest } from './api-request.ts';
import { registerJsonBodyParser } from './json-body.ts';
import { problem } from './problem.ts';
import { problemDetails } from '@marina/core/messages/problem-details.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route takes raw bytes (an upload), not JSON: it parses and checks its own body (by content, never
     * by the type claimed). CSRF and Origin checks still apply to it.
     */
    rawBody?: boolean;
  }
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const JSON_MEDIA_TYPE = /^application\/json\s*(;|$)/i;

export function registerJsonOnly(app: FastifyInstance) {
  // Fastify parses text/plain by default; without a parser such bodies get 415.
  app.removeContentTypeParser('text/plain');
  // JSON with its shape bounded before anything walks it (json-body.ts).
  registerJsonBodyParser(app);
  // Fastify parses only non-empty bodies: an empty form post must still be refused.
  app.addHook('onRequest', async (request) => {
    if (!MUTATING.has(request.method) || !isApiRequest(request) || request.routeOptions.config.rawBody === true) return;
    const contentType = request.headers['content-type'];
    if (contentType !== undefined && !JSON_MEDIA_TYPE.test(contentType)) {
      throw problem('unsupported_media_type', 415, problemDetails.json_required);
    }
  });
}
