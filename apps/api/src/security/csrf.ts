/**
 * CSRF defence for every mutating API call (docs/product.md §7.2), on top of the JSON-only rule:
 * - `X-XSRF-TOKEN` must equal the HMAC of the caller's `__Host-sid` (double submit, bound to the session:
 *   a token read from another session does not verify);
 * - `Origin` must be an allowed app origin (ALLOWED_ORIGINS, or the server's own origin).
 * Every call with a client also gets its cookies: a visitor without a sid gets an anonymous one (no
 * database row), so the app holds a token before anyone signs in.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SESSION_COOKIE, XSRF_COOKIE, XSRF_HEADER, type Config } from '../config.ts';
import { problem } from '../http/problem.ts';
import {
  isSessionId,
  newSessionId,
  setSessionCookies,
  setXsrfCookie,
  xsrfTokenFor,
} from '../sessions/session-cookies.ts';
import { safeEqual } from './secrets.ts';
import { errorMessages } from '@marina/core/messages/error-messages.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's session id (signed in or anonymous); set on every call that names a client. */
    sid: string | null;
  }
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The origin this server is reached at, as the browser sees it (from Host and the protocol). */
export function ownOrigin(request: FastifyRequest): string | undefined {
  try {
    return new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return undefined;
  }
}

export function isAllowedOrigin(request: FastifyRequest, config: Config, origin: string | undefined): origin is string {
  if (origin === undefined || origin === 'null') return false;
  return config.allowedOrigins.includes(origin) || origin === ownOrigin(request);
}

/** Must be registered after the session lookup. */
export function registerCsrf(app: FastifyInstance, config: Config) {
  app.decorateRequest('sid', null);
  app.addHook('onRequest', async (request, reply) => {
    if (!request.client) return;
    const signedIn = request.session !== null;
    let sid = request.cookies[SESSION_COOKIE];
    if (!isSessionId(sid)) {
      sid = newSessionId();
      setSessionCookies(reply, config.sessionSecret, sid, { signedIn: false });
    } else if (request.cookies[XSRF_COOKIE] !== xsrfTokenFor(config.sessionSecret, sid)) {
      setXsrfCookie(reply, config.sessionSecret, sid, { signedIn });
    }
    request.sid = sid;

    if (!MUTATING.has(request.method)) return;
    const token = request.headers[XSRF_HEADER];
    if (typeof token !== 'string' || !safeEqual(token, xsrfTokenFor(config.sessionSecret, sid))) {
      throw problem('csrf_failed', 403, errorMessages.csrf_failed);
    }
    if (!isAllowedOrigin(request, config, request.headers.origin)) {
      throw problem('origin_not_allowed', 403, errorMessages.origin_not_allowed);
    }
  });
}
