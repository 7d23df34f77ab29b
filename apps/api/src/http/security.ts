/**
 * Security headers on every response. The CSP fits the React bundle this server may serve: everything
 * from its own origin, no inline script or style, nothing may frame it.
 *
 * The headers are helmet's, computed once: the same set goes on answers of the routes (an onRequest hook)
 * and on the answers Fastify and Node's HTTP parser give before any hook runs (bad URLs, oversized
 * headers; see error-handler.ts), so no answer leaves without them.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { isApiRequest } from './api-request.ts';

export type HeaderSet = Readonly<Record<string, string>>;

export const NO_STORE = 'no-store';

function helmetOptions(production: boolean): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'"],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
        // Local development runs on plain http.
        ...(production ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Card links carry the card id in the path: no page address leaves the app.
    referrerPolicy: { policy: 'no-referrer' },
    // Same as frame-ancestors 'none', for browsers that predate it.
    frameguard: { action: 'deny' },
    // HSTS pins the host to HTTPS for a year; only where HTTPS is certain.
    strictTransportSecurity: production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  };
}

/** Helmet's headers for these options, read once from its middleware (they do not depend on the request). */
export function securityHeaders({ production }: { production: boolean }): HeaderSet {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(helmetOptions(production))({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return Object.freeze(headers);
}

export function registerSecurityHeaders(app: FastifyInstance, headers: HeaderSet) {
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers);
  });

  // Answers of the API carry personal data: no browser or proxy may keep them, whatever the route set.
  // Anything else that did not choose its own caching (errors, the not-found answer) is not kept either.
  app.addHook('onSend', async (request, reply, payload) => {
    if (isApiRequest(request) || !reply.hasHeader('cache-control')) reply.header('cache-control', NO_STORE);
    return payload;
  });
}
