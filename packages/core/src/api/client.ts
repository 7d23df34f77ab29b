import { ApiError } from './api-error.ts';
import type { ApiClient, ApiClientOptions } from './api-types.ts';

export type { ApiBase, ApiClient, ApiClientOptions, ApiLocation, CreateOptions } from './api-types.ts';

/**
 * The app's API client. Its HTTP part (ky, the retries, the XSRF header, the error mapping: `http.ts`)
 * arrives with the first call, not with the app's first screen: the sign-in screen is usable before it.
 * The error catalogue does not come with it (`load-messages.ts`): the sign-in screen's first call, the
 * session check, says nothing when it fails, and the catalogue's code (with the rules' and the dates') would
 * run on a first visit's main thread for nothing (decision 065).
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  let http: Promise<ApiClient> | undefined;
  const load = () => {
    if (!http) {
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
