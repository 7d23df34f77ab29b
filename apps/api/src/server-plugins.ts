/**
 * The server's cross-cutting parts, each a named plugin (decision 047). Their order matters: the OpenAPI
 * document sees only routes declared after it, and each request hook relies on the ones before it (preflights
 * answered → cookies parsed → client resolved → session looked up → CSRF cookies and checks). Each plugin
 * names what must be registered before it in `dependencies`, so a server that lists them in a wrong order
 * stops at start, naming the missing plugin, instead of answering differently.
 *
 * They are `fastify-plugin`s: what they add (hooks, decorators, the error handler, shared schemas) must reach
 * the whole server, not stay inside an encapsulated child.
 */
import cookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ClientDirectory } from './clients/client-directory.ts';
import { registerClientResolution } from './clients/client-resolution.ts';
import type { Config } from './config.ts';
import { errorHandler } from './http/error-handler.ts';
import { registerJsonOnly } from './http/json-only.ts';
import { registerNotFound, trackRoutes } from './http/not-found.ts';
import { registerOpenApi } from './http/openapi.ts';
import { problemSchema } from './http/problem.ts';
import { registerSecurityHeaders, type HeaderSet } from './http/security.ts';
import { registerStaticBundle } from './http/static-bundle.ts';
import { registerTextGuard, requireDerivedBodies } from './http/validation.ts';
import { registerCors } from './security/cors.ts';
import { registerCsrf } from './security/csrf.ts';
import { registerIdempotency } from './security/idempotency.ts';
import type { Services } from './services.ts';
import { registerSessionLookup } from './sessions/session-lookup.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route's method and path, for the answer to a request none takes (`not-found`). */
    knownRoutes: ReturnType<typeof trackRoutes>;
  }
}

/**
 * What `api-modules` depends on: the plugins in place before any route is declared. Those with an `onRoute`
 * hook (route tracking, derived bodies, the OpenAPI document, idempotency) see only the routes declared after
 * them; the request hooks are there too, so that a route's whole pipeline is set before it.
 */
export const BEFORE_ROUTES = [
  'known-routes',
  'request-bodies',
  'problem-answers',
  'openapi',
  'security-headers',
  'cors',
  'cookies',
  'json-only',
  'text-guard',
  'client-resolution',
  'session-lookup',
  'csrf',
  'idempotency',
];

/** Records every route declared after it, so that a request none takes gets 405 or 404 (`not-found`). */
export const knownRoutes = fp(
  async (app: FastifyInstance) => {
    app.decorate('knownRoutes', trackRoutes(app));
  },
  { name: 'known-routes' },
);

/** Every route's body is derived from the domain's rules (decision 016): checked as each is declared. */
export const requestBodies = fp(
  async (app: FastifyInstance) => {
    requireDerivedBodies(app);
  },
  { name: 'request-bodies' },
);

/** Every error is answered as problem+json (decision 012), with the schema routes refer to. */
export const problemAnswers = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler(errorHandler);
    app.addSchema(problemSchema);
  },
  { name: 'problem-answers' },
);

/** The OpenAPI document, generated from the routes declared after it (decision 041). */
export const openApi = fp(
  async (app: FastifyInstance) => {
    await registerOpenApi(app);
  },
  { name: 'openapi' },
);

export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, { headers }: { headers: HeaderSet }) => {
    registerSecurityHeaders(app, headers);
  },
  { name: 'security-headers' },
);

/** After the security headers: a preflight, answered here, carries them too. */
export const corsPlugin = fp(
  async (app: FastifyInstance, { config }: { config: Config }) => {
    await registerCors(app, config);
  },
  { name: 'cors', dependencies: ['security-headers'] },
);

/** After CORS: a preflight is answered before anything reads its (absent) cookies. */
export const cookies = fp(
  async (app: FastifyInstance) => {
    await app.register(cookie);
  },
  { name: 'cookies', dependencies: ['cors'] },
);

/** After CORS: a preflight has no body to refuse. */
export const jsonOnly = fp(
  async (app: FastifyInstance) => {
    registerJsonOnly(app);
  },
  { name: 'json-only', dependencies: ['cors'] },
);

/** Walks the bodies the JSON parser of `json-only` reads. */
export const textGuard = fp(
  async (app: FastifyInstance) => {
    registerTextGuard(app);
  },
  { name: 'text-guard', dependencies: ['json-only'] },
);

/**
 * After CORS (a preflight names no marina) and the JSON-only rule (a form post is refused as such, whatever
 * marina it names).
 */
export const clientResolution = fp(
  async (app: FastifyInstance, { directory }: { directory: ClientDirectory }) => {
    registerClientResolution(app, directory);
  },
  { name: 'client-resolution', dependencies: ['cors', 'json-only'] },
);

/** A session belongs to a marina and is named by a cookie. */
export const sessionLookup = fp(
  async (app: FastifyInstance, { services: { db, clock } }: { services: Services }) => {
    registerSessionLookup(app, db, clock);
  },
  { name: 'session-lookup', dependencies: ['cookies', 'client-resolution'] },
);

/** The XSRF token is bound to the caller's session (decision 006). */
export const csrf = fp(
  async (app: FastifyInstance, { config }: { config: Config }) => {
    registerCsrf(app, config);
  },
  { name: 'csrf', dependencies: ['session-lookup'] },
);

/** A key is the caller's: it replays only for the same marina and session, after the CSRF checks passed. */
export const idempotency = fp(
  async (app: FastifyInstance, { services }: { services: Services }) => {
    registerIdempotency(app, services);
  },
  { name: 'idempotency', dependencies: ['csrf'] },
);

/**
 * What answers a request no route takes: the app's bundle when one is served (its files, and index.html for
 * a page load of a client-side route), else 405 or 404. Last: it must know every route.
 */
export const notFound = fp(
  async (app: FastifyInstance, { staticDir }: { staticDir: string | undefined }) => {
    const bundle = staticDir === undefined ? undefined : await registerStaticBundle(app, staticDir);
    registerNotFound(app, app.knownRoutes, bundle);
  },
  { name: 'not-found', dependencies: ['known-routes', 'api-modules', 'jobs'] },
);
