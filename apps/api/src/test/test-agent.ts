/**
 * A browser stand-in for API tests: keeps the cookies it is given, names its marina, and sends Origin and
 * X-XSRF-TOKEN on mutating calls as the app does (docs/product.md §7.2). Paths are relative to /api/v1.
 */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { SESSION_COOKIE, XSRF_COOKIE } from '../config.ts';

export const TEST_ORIGIN = 'http://localhost';

export interface AgentRequest {
  body?: unknown;
  headers?: Record<string, string>;
  idempotencyKey?: string;
  /** Leave out the X-XSRF-TOKEN the agent would send. */
  withoutXsrf?: boolean;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Agent {
  readonly clientId: number;
  /** The address calls come from (per-IP throttling). */
  readonly ip: string;
  readonly cookies: Map<string, string>;
  sid(): string | undefined;
  xsrf(): string | undefined;
  request(method: Method, path: string, options?: AgentRequest): Promise<LightMyRequestResponse>;
  get(path: string, options?: AgentRequest): Promise<LightMyRequestResponse>;
  post(path: string, body?: unknown, options?: AgentRequest): Promise<LightMyRequestResponse>;
  patch(path: string, body?: unknown, options?: AgentRequest): Promise<LightMyRequestResponse>;
  /** A raw body (an upload): bytes with the given Content-Type. */
  put(path: string, body: Buffer, contentType: string, options?: AgentRequest): Promise<LightMyRequestResponse>;
  delete(path: string, body?: unknown, options?: AgentRequest): Promise<LightMyRequestResponse>;
}

let agents = 0;

/** Each agent is another person on another network, unless told an `ip`. */
export function createAgent(
  app: FastifyInstance,
  clientId: number,
  { origin = TEST_ORIGIN, ip }: { origin?: string; ip?: string } = {},
): Agent {
  agents += 1;
  const address = ip ?? `10.${(agents >> 16) & 255}.${(agents >> 8) & 255}.${agents & 255}`;
  const cookies = new Map<string, string>();

  const remember = (response: LightMyRequestResponse) => {
    for (const cookie of response.cookies) {
      const expired = cookie.maxAge === 0 || (cookie.expires !== undefined && cookie.expires.getTime() <= Date.now());
      if (expired || cookie.value === '') cookies.delete(cookie.name);
      else cookies.set(cookie.name, cookie.value);
    }
  };

  const send = async (method: Method, path: string, options: AgentRequest = {}) => {
    const mutating = method !== 'GET';
    // The app's first call (GET /session) hands it the cookies a mutating call needs.
    if (mutating && !cookies.has(SESSION_COOKIE)) {
      remember(
        await app.inject({
          method: 'GET',
          url: '/api/v1/session',
          headers: { 'x-client-id': String(clientId) },
          remoteAddress: address,
        }),
      );
    }
    const headers: Record<string, string> = { 'x-client-id': String(clientId) };
    if (cookies.size > 0) headers.cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    if (mutating) {
      headers.origin = origin;
      const token = cookies.get(XSRF_COOKIE);
      if (token !== undefined && !options.withoutXsrf) headers['x-xsrf-token'] = token;
    }
    if (options.idempotencyKey !== undefined) headers['idempotency-key'] = options.idempotencyKey;
    const inject: InjectOptions = {
      method,
      url: `/api/v1${path}`,
      headers: { ...headers, ...options.headers },
      remoteAddress: address,
    };
    if (options.body !== undefined) inject.payload = options.body as InjectOptions['payload'];
    const response = await app.inject(inject);
    remember(response);
    return response;
  };

  return {
    clientId,
    ip: address,
    cookies,
    sid: () => cookies.get(SESSION_COOKIE),
    xsrf: () => cookies.get(XSRF_COOKIE),
    request: send,
    get: (path, options) => send('GET', path, options),
    post: (path, body, options) => send('POST', path, { ...options, ...(body === undefined ? {} : { body }) }),
    patch: (path, body, options) => send('PATCH', path, { ...options, ...(body === undefined ? {} : { body }) }),
    put: (path, body, contentType, options) =>
      send('PUT', path, { ...options, body, headers: { 'content-type': contentType, ...options?.headers } }),
    delete: (path, body, options) => send('DELETE', path, { ...options, ...(body === undefined ? {} : { body }) }),
  };
}

/**
 * How a burst of requests ended, for the concurrency tests' exact counts: `{ '201': 1, '409 <problem code>': 99 }`,
 * successes by status, refusals by status and problem code.
 */
export function tally(responses: LightMyRequestResponse[]): Record<string, number> {
  const codes: Record<string, number> = {};
  for (const response of responses) {
    const key = response.statusCode < 300 ? `${response.statusCode}` : `${response.statusCode} ${response.json().code}`;
    codes[key] = (codes[key] ?? 0) + 1;
  }
  return codes;
}
