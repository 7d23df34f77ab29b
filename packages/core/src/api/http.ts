// The HTTP part of the API client (`client.ts`), loaded with ky on the first call.
import ky, { isHTTPError, isNetworkError, isTimeoutError, type KyInstance } from 'ky';
import { isErrorCode, type Problem } from '../domain/error-codes.ts';
import { ApiError } from './api-error.ts';
import type { ApiBase, ApiClient, ApiClientOptions, ApiLocation } from './api-types.ts';
import { applyXsrf } from './xsrf.ts';

export const API_PREFIX = '/api/v1';

/**
 * Where the calls go. `apiUrl` is `/` (same origin) or a template such as `https://{host}:8443`. Here,
 * with the first call, rather than in `client.ts`, in the app's first load (decision 017).
 */
export function resolveApiBase(apiUrl: string, location: ApiLocation): ApiBase {
  if (apiUrl === '/') return { prefix: API_PREFIX, origin: location.origin };
  const url = new URL(apiUrl.replace('{host}', location.hostname));
  if (url.origin === location.origin) return { prefix: API_PREFIX, origin: location.origin };
  return { prefix: `${url.origin}${API_PREFIX}`, origin: url.origin };
}

function isProblem(body: unknown): body is Problem {
  return typeof body === 'object' && body !== null && 'code' in body && 'status' in body;
}

function parseRetryAfter(value: string | null): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

/** Turns an error answer into an `ApiError`; a body that is not one of ours keeps only its status. */
function problemToApiError(response: Response, body: unknown): ApiError {
  const retryAfter = parseRetryAfter(response.headers.get('Retry-After'));
  if (isProblem(body) && isErrorCode(body.code)) {
    return new ApiError(body.code, {
      status: response.status,
      fieldErrors: Array.isArray(body.errors) ? body.errors : [],
      retryAfter,
      detail: body.detail ?? body.title,
    });
  }
  return new ApiError(response.status >= 500 ? 'internal_error' : 'unexpected_response', {
    status: response.status,
    retryAfter,
  });
}

function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (isTimeoutError(error)) return new ApiError('timeout', { cause: error });
  if (isNetworkError(error)) return new ApiError('network_error', { cause: error });
  if (error instanceof TypeError) return new ApiError('network_error', { cause: error });
  return new ApiError('unexpected_response', { cause: error });
}

/** JSON, as nearly every answer is; a file (an insurance certificate) comes as a `Blob` of its type. */
async function parse<T>(response: Response): Promise<T> {
  if (response.status === 204) return undefined as T;
  if (!/\bjson\b/.test(response.headers.get('Content-Type') ?? '')) return (await response.blob()) as T;
  return (await response.json()) as T;
}

/** A file goes as the raw body with its own type (`PUT …/insurance-certificate`); anything else as JSON. */
function bodyOf(body: unknown) {
  if (body === undefined) return {};
  if (body instanceof Blob) return { body, headers: { 'Content-Type': body.type || 'application/octet-stream' } };
  return { json: body };
}

export function createHttpClient(options: ApiClientOptions, base: ApiBase): ApiClient {
  const readCookies = options.readCookies ?? (() => document.cookie);
  const http = ky.create({
    prefix: base.prefix,
    baseUrl: `${options.location.origin}/`,
    credentials: 'include',
    headers: { 'X-Client-Id': String(options.clientId), Accept: 'application/json' },
    ...(options.fetch ? { fetch: options.fetch } : {}),
    retry: {
      limit: 2,
      ...(options.retryDelay ? { delay: options.retryDelay } : {}),
      // Not while the browser knows it has no network: the screen says «Sin conexión» at once.
      shouldRetry: () => (typeof navigator !== 'undefined' && navigator.onLine === false ? false : undefined),
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

  async function call<T>(request: (http: KyInstance) => Promise<Response>): Promise<T> {
    try {
      return await parse<T>(await request(http));
    } catch (error) {
      throw toApiError(error);
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
    send: (method, path, body) => change((http) => http(path, { method, ...bodyOf(body), retry: 0 })),
  };
}
