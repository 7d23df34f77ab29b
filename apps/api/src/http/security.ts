/**
 * Security headers on every response. The CSP fits the React bundle this server may serve: everything
 * from its own origin, no inline script or style, nothing may frame it.
 */
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { isApiPath } from '../config.ts';

export async function registerSecurityHeaders(app: FastifyInstance, options: { production: boolean }) {
  await app.register(helmet, {
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
        ...(options.production ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Card links carry the card id in the path: no page address leaves the app.
    referrerPolicy: { policy: 'no-referrer' },
    // Same as frame-ancestors 'none', for browsers that predate it.
    frameguard: { action: 'deny' },
    // HSTS pins the host to HTTPS for a year; only where HTTPS is certain.
    hsts: options.production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });

  // Answers of the API carry personal data: no browser or proxy may keep them.
  app.addHook('onSend', async (request, reply, payload) => {
    if (isApiPath(request.url)) reply.header('cache-control', 'no-store');
    return payload;
  });
}
