// What the API client is, apart from how it talks HTTP: `client.ts` builds it, and `http.ts` (loaded with the
// first call) implements it. Here, so the two do not import each other.
import type { Options } from 'ky';

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
