import { isErrorCode, type ErrorCode, type FieldError, type Problem } from '../domain/error-codes.ts';

/** A failed call as the screens see it: a stable code, the per-field problems, and the HTTP status. */
export class ApiError extends Error {
  readonly code: ErrorCode | 'network_error' | 'timeout' | 'unexpected_response';
  readonly status: number;
  readonly fieldErrors: FieldError[];
  /** Seconds to wait before trying again (429), from `Retry-After`. */
  readonly retryAfter: number | undefined;

  constructor(
    code: ApiError['code'],
    options: { status?: number; fieldErrors?: FieldError[]; retryAfter?: number; detail?: string; cause?: unknown } = {},
  ) {
    super(options.detail ?? code, { cause: options.cause });
    this.name = 'ApiError';
    this.code = code;
    this.status = options.status ?? 0;
    this.fieldErrors = options.fieldErrors ?? [];
    this.retryAfter = options.retryAfter;
  }
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
export function problemToApiError(response: Response, body: unknown): ApiError {
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
