import type { ErrorCode, FieldError } from '../domain/error-codes.ts';

/**
 * What every failure says when the error catalogue itself cannot be loaded: its file is not on the phone and
 * there is no connection to fetch it. The catalogue's `network_error` says the same. Here, beside the error
 * every failure is, so that the catalogue (a lazy chunk) and its loader (in the first load) share it without
 * importing each other, and without a chunk of its own in the first load (decision 017's budget).
 */
export const NO_CONNECTION = 'No hay conexión. Comprueba tu cobertura e inténtalo de nuevo.';

/** A failed call as the screens see it: a stable code, the per-field problems, and the HTTP status. */
export class ApiError extends Error {
  readonly code: ErrorCode | 'network_error' | 'timeout' | 'unexpected_response';
  readonly status: number;
  readonly fieldErrors: FieldError[];
  /** Seconds to wait before trying again (429), from `Retry-After`. */
  readonly retryAfter: number | undefined;

  constructor(
    code: ApiError['code'],
    options: {
      status?: number;
      fieldErrors?: FieldError[];
      retryAfter?: number;
      detail?: string;
      cause?: unknown;
    } = {},
  ) {
    super(options.detail ?? code, { cause: options.cause });
    this.name = 'ApiError';
    this.code = code;
    this.status = options.status ?? 0;
    this.fieldErrors = options.fieldErrors ?? [];
    this.retryAfter = options.retryAfter;
  }
}
