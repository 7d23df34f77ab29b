/**
 * Whether a request is for the API, decided as the router decides rather than from the raw URL: the
 * router decodes percent-escapes, so `/%61pi/v1/me` is answered by `/api/v1/me` and must be treated as
 * an API call (no-store, JSON only, never the app's HTML).
 */
import { posix } from 'node:path';
import type { FastifyRequest } from 'fastify';
import { isApiPath } from '../config.ts';

// `%2561` is `%61` once decoded: decoding more than the router does only widens what counts as the API,
// which is the safe direction for every use here.
const MAX_DECODINGS = 3;

/** The path without query or fragment, decoded, with backslashes, dot segments and repeated slashes resolved, lower case. */
export function normalisedPath(url: string): string {
  let path = url.split(/[?#]/, 1)[0] ?? '';
  for (let round = 0; round < MAX_DECODINGS; round++) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      break;
    }
    if (decoded === path) break;
    path = decoded;
  }
  return posix.normalize(`/${path.replaceAll('\\', '/')}`).toLowerCase();
}

export function isApiNormalisedPath(url: string): boolean {
  return isApiPath(normalisedPath(url));
}

/** The matched route when there is one (`/api/v1/me`), else the normalised path (unknown routes, the bundle's wildcard). */
export function isApiRequest(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  return (route !== undefined && isApiPath(route)) || isApiNormalisedPath(request.url);
}
