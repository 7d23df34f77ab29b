/**
 * The app and the API on two origins: the seed's deployment serves the app on the marina's host (443) and
 * the API on `{host}:8443` (decision 004). The app's calls there are cross-origin, with credentials (the
 * session cookie), so the API answers CORS, for the configured app origins only (ALLOWED_ORIGINS, APP_ORIGIN):
 * - the request's origin is echoed, never `*` (which browsers refuse with credentials anyway), with
 *   `Access-Control-Allow-Credentials: true`; any other origin gets no CORS header at all, and its
 *   preflight the answer of a path without OPTIONS (405), so the browser never sends the call;
 * - preflights allow the headers the app sends (`Content-Type`, `X-Client-Id`, `X-XSRF-TOKEN`,
 *   `Idempotency-Key`) and are cached for two hours (Chromium's ceiling);
 * - `Retry-After` is exposed: the app reads it to say when to try again.
 * CORS only lets the app read answers; the CSRF checks (`csrf.ts`) still decide every change.
 *
 * Cookies are per host, not per port: `XSRF-TOKEN` set by `{host}:8443` is readable by the app on
 * `{host}`, and `__Host-sid` (SameSite=Lax) goes with the app's calls, which are same-site.
 */
import cors from '@fastify/cors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CLIENT_HEADER } from '../clients/client-resolution.ts';
import { XSRF_HEADER, type Config } from '../config.ts';
import { isApiRequest } from '../http/api-request.ts';
import { IDEMPOTENCY_HEADER } from './idempotency.ts';

export const CORS_ALLOWED_HEADERS = ['content-type', CLIENT_HEADER, XSRF_HEADER, IDEMPOTENCY_HEADER];
export const CORS_EXPOSED_HEADERS = ['retry-after'];
export const CORS_MAX_AGE_SECONDS = 2 * 60 * 60;
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** An API call from a configured app origin; an OPTIONS request only when it is a real preflight. */
function corsAllowed(request: FastifyRequest, config: Config): boolean {
  const { origin } = request.headers;
  if (origin === undefined || !config.allowedOrigins.includes(origin) || !isApiRequest(request)) return false;
  return request.method !== 'OPTIONS' || request.headers['access-control-request-method'] !== undefined;
}

/** Must be registered before the client resolution: a preflight carries no X-Client-Id, and is answered here. */
export async function registerCors(app: FastifyInstance, config: Config) {
  await app.register(cors, {
    delegator: async (request: FastifyRequest) => ({
      origin: corsAllowed(request, config),
      credentials: true,
      methods: METHODS,
      allowedHeaders: CORS_ALLOWED_HEADERS,
      exposedHeaders: CORS_EXPOSED_HEADERS,
      maxAge: CORS_MAX_AGE_SECONDS,
    }),
  });
}
