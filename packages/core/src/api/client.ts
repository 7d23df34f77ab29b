import type * as KyExports from 'ky';
import type { KyInstance, Options } from 'ky';
import { ApiError, problemToApiError } from './api-error.ts';
import { applyXsrf } from './xsrf.ts';

export const API_PREFIX = '/api/v1';

export interface ApiLocation {
  origin: string;
  hostname: string;
}

export interface ApiBase {
  /** What ky prefixes to every path: relative on the same origin, absolute otherwise. */
  prefix: string;
  /** The origin the calls land on; the only one besides relative addresses that gets the XSRF token. */
  origin: string;
}

/** `apiUrl` is `/` (same origin) or a template such as `https://{host}:8443`. */
export function resolveApiBase(apiUrl: string, location: ApiLocation): ApiBase {
  if (apiUrl === '/') return { prefix: API_PREFIX, origin: location.origin };
  const url = new URL(apiUrl.replace('{host}', location.hostname));
  if (url.origin === location.origin) return { prefix: API_PREFIX, origin: location.origin };
  return { prefix: `${url.origin}${API_PREFIX}`, origin: url.origin };
}

export interface ApiClientOptions {
  apiUrl: string;
  clientId: number;
  location: ApiLocation;
  readCookies?: () => string;
  fetch?: typeof fetch;
  /** Tests shorten ky's back-off. */
  retryDelay?: (attempt: number) => number;
}

export interface CreateOptions {
  /** One key per thing the person means to create, reused on every retry of it. */
  idempotencyKey: string;
}

export interface ApiClient {
  get<T>(path: string, options?: Options): Promise<T>;
  /** A POST that creates something: carries its `Idempotency-Key`, so retrying it never books twice. */
  create<T>(path: string, body: unknown, options: CreateOptions): Promise<T>;
  /** A POST/PUT/PATCH/DELETE that changes state without creating: not retried on its own. */
  send<T>(method: 'post' | 'put' | 'patch' | 'delete', path: string, body?: unknown): Promise<T>;
}

type KyModule = typeof KyExports;

function toApiError(error: unknown, { isNetworkError, isTimeoutError }: KyModule): ApiError {
  if (error instanceof ApiError) return error;
  if (isTimeoutError(error)) return new ApiError('timeout', { cause: error });
  if (isNetworkError(error)) return new ApiError('network_error', { cause: error });
  if (error instanceof TypeError) return new ApiError('network_error', { cause: error });
  return new ApiError('unexpected_response', { cause: error });
}

async function parse<T>(response: Response): Promise<T> {
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const base = resolveApiBase(options.apiUrl, options.location);
  const readCookies = options.readCookies ?? (() => document.cookie);
  const create = ({ default: ky, isHTTPError }: KyModule): KyInstance =>
    ky.create({
      prefix: base.prefix,
      baseUrl: `${options.location.origin}/`,
      credentials: 'include',
      headers: { 'X-Client-Id': String(options.clientId), Accept: 'application/json' },
      ...(options.fetch ? { fetch: options.fetch } : {}),
      retry: {
        limit: 2,
        ...(options.retryDelay ? { delay: options.retryDelay } : {}),
      },
      hooks: {
        beforeRequest: [
          ({ request }) => {
            applyXsrf(
              request.headers,
              { method: request.method, input: request.url, apiOrigin: base.origin, pageOrigin: options.location.origin },
              readCookies(),
            );
          },
        ],
        beforeError: [
          ({ error }) => {
            if (isHTTPError(error)) return problemToApiError(error.response, error.data);
            return error;
          },
        ],
      },
    });

  // ky arrives with the first call, not with the app's first screen (most public screens make none).
  let loaded: Promise<{ module: KyModule; http: KyInstance }> | undefined;
  const load = () => (loaded ??= import('ky').then((module) => ({ module, http: create(module) })));

  async function call<T>(request: (http: KyInstance) => Promise<Response>): Promise<T> {
    const { module, http } = await load();
    try {
      return await parse<T>(await request(http));
    } catch (error) {
      throw toApiError(error, module);
    }
  }

  /**
   * A state change refused for its XSRF token (no cookie yet, or the session changed in another tab):
   * one GET hands out a fresh token, then the change is tried once more.
   */
  async function change<T>(request: (http: KyInstance) => Promise<Response>): Promise<T> {
    try {
      return await call<T>(request);
    } catch (error) {
      if (!(error instanceof ApiError) || error.code !== 'csrf_failed') throw error;
      await call((http) => http.get('session', { retry: 0, throwHttpErrors: false }));
      return call<T>(request);
    }
  }

  return {
    get: (path, requestOptions) => call((http) => http.get(path, requestOptions)),
    create: (path, body, { idempotencyKey }) =>
      change((http) =>
        http.post(path, {
          json: body,
          headers: { 'Idempotency-Key': idempotencyKey },
          // Safe to retry only because the server answers a repeated key with the first answer.
          retry: { limit: 2, methods: ['post'] },
        }),
      ),
    send: (method, path, body) =>
      change((http) => http(path, { method, ...(body === undefined ? {} : { json: body }), retry: 0 })),
  };
}

/** A fresh key for one thing the person means to create. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}
