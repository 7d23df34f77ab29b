/**
 * What answers a request no route takes: 405 with `Allow` when the path exists under other methods, the
 * app's index.html for a page load of one of its client-side routes, else 404. The answer never echoes
 * the path (it is the caller's text, not ours).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isApiPath } from '../config.ts';
import { isApiRequest } from './api-request.ts';
import { HttpProblem } from './problem.ts';
import type { StaticBundle } from './static-bundle.ts';
import { problemDetails } from '@marina/core/messages/problem-details.ts';

interface KnownRoute {
  method: string;
  pattern: RegExp;
  api: boolean;
}

/** Records the method and path of every route declared after it: call it before declaring any. */
export function trackRoutes(app: FastifyInstance): readonly KnownRoute[] {
  const routes: KnownRoute[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      // The CORS preflight route (`OPTIONS *`) answers only preflights from the app's origins: OPTIONS is
      // not a method any path offers, and it must not turn every unknown path into a 405.
      if (method === 'OPTIONS') continue;
      routes.push({ method, pattern: pathPattern(route.url), api: isApiPath(route.url) });
    }
  });
  return routes;
}

/** `/api/v1/registrations/:id/resend` → a regular expression; parameters take one segment, `*` the rest. */
function pathPattern(url: string): RegExp {
  const source = url
    .split('/')
    .map((segment) =>
      segment.replace(/:.+|\*|[.+?^${}()|[\]\\]/g, (match) =>
        match.startsWith(':') ? '[^/]+' : match === '*' ? '.*' : `\\${match}`,
      ),
    )
    .join('/');
  return new RegExp(`^${source}$`);
}

/** The path as the router compares it: percent-escapes decoded within each segment. */
function routerPath(url: string): string {
  const path = url.split('?', 1)[0] ?? '';
  return path
    .split('/')
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    })
    .join('/');
}

/**
 * The methods some route accepts for this path. On an API path only API routes count (the bundle's
 * catch-all never serves it).
 */
function allowedMethods(routes: readonly KnownRoute[], request: FastifyRequest, api: boolean): string[] {
  const path = routerPath(request.url);
  const methods = new Set(
    routes.filter((route) => (!api || route.api) && route.pattern.test(path)).map((route) => route.method),
  );
  if (methods.has('GET')) methods.add('HEAD');
  return [...methods].sort();
}

export function registerNotFound(
  app: FastifyInstance,
  routes: readonly KnownRoute[],
  bundle: StaticBundle | undefined,
) {
  app.setNotFoundHandler(async (request, reply) => {
    const api = isApiRequest(request);
    const allowed = allowedMethods(routes, request, api);
    if (allowed.length > 0 && !allowed.includes(request.method)) {
      throw new HttpProblem(
        'method_not_allowed',
        405,
        problemDetails.method_not_allowed({ method: request.method }),
        undefined,
        { allow: allowed.join(', ') },
      );
    }
    // Client-side routes (/login, /ayuda…) reloaded in the browser get the app; the API never does.
    if (!api && bundle?.isAppNavigation(request)) return bundle.sendIndex(request, reply);
    throw new HttpProblem('not_found', 404, api ? problemDetails.no_api_address : problemDetails.no_address);
  });
}
