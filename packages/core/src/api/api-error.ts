import type { ErrorCode, FieldError } from '../domain/error-codes.ts';

/** Beside the error every failure is, so the catalogue and its loader share it (`messages/no-connection.ts`). */
export { NO_CONNECTION } from '../messages/no-connection.ts';

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
