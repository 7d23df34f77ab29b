import type { Options } from 'ky';
import { ApiError } from './api-error.ts';
import { loadMessageFor } from './load-messages.ts';

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
  /**
   * A POST/PUT/PATCH/DELETE that changes state without creating: not retried on its own. A `Blob` body is
   * sent as it is, with its type (a file); anything else as JSON. `get` answers a file as a `Blob`.
   */
  send<T>(method: 'post' | 'put' | 'patch' | 'delete', path: string, body?: unknown): Promise<T>;
}

/**
 * The app's API client. Its HTTP part (ky, the retries, the XSRF header, the error mapping: `http.ts`)
 * arrives with the first call, not with the app's first screen: the sign-in screen is usable before it.
 * So does the error catalogue (`load-messages.ts`).
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  let http: Promise<ApiClient> | undefined;
  const load = () => {
    if (!http) {
      // The words for a failed call come with it, so the screens can say at once what went wrong.
      void loadMessageFor();
      http = import('./http.ts').then(
        ({ createHttpClient, resolveApiBase }) =>
          createHttpClient(options, resolveApiBase(options.apiUrl, options.location)),
        (error: unknown) => {
          // Its file could not be fetched (offline at the first call): the next call tries again, and this
          // one fails as any call without a connection does.
          http = undefined;
          throw new ApiError('network_error', { cause: error });
        },
      );
    }
    return http;
  };
  return {
    get: async (path, requestOptions) => (await load()).get(path, requestOptions),
    create: async (path, body, createOptions) => (await load()).create(path, body, createOptions),
    send: async (method, path, body) => (await load()).send(method, path, body),
  };
}

/** A fresh key for one thing the person means to create. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}
