/**
 * RFC 9457 problem details: every error the API sends has this shape and a stable `code` from the shared
 * list. The app shows its own Spanish message per code; `title` is the server's Spanish fallback. Both come
 * from the one message catalogue, `packages/core/src/messages/` (decision 044).
 */
import type { EligibilityReason } from '@marina/core/domain/eligibility.ts';
import { ERROR_CODES, type ErrorCode, type FieldError, type Problem } from '@marina/core/domain/error-codes.ts';
import { problemTitles as TITLES } from '@marina/core/messages/problem-titles.ts';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json; charset=utf-8';

/** An error a route or hook throws to answer with a problem; the error handler turns it into the body. */
export class HttpProblem extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly detail: string | undefined;
  readonly errors: FieldError[] | undefined;
  /** Extra response headers, such as Retry-After. */
  readonly headers: Record<string, string>;

  constructor(
    code: ErrorCode,
    status: number,
    detail?: string,
    errors?: FieldError[],
    headers: Record<string, string> = {},
  ) {
    super(detail ?? TITLES[code]);
    this.name = 'HttpProblem';
    this.code = code;
    this.status = status;
    this.detail = detail;
    this.errors = errors;
    this.headers = headers;
  }
}

export function problem(code: ErrorCode, status: number, detail?: string, errors?: FieldError[]): HttpProblem {
  return new HttpProblem(code, status, detail, errors);
}

/**
 * 422 `not_eligible`, worded once for every refusal of the eligibility rule (docs/product.md §4.13): «Ahora
 * mismo <refused>: <the reasons>.», each reason also on `boatId`. `refused` says what may not be done
 * («no se puede bajar este barco»).
 */
export function notEligibleProblem(reasons: readonly EligibilityReason[], refused: string): HttpProblem {
  return problem(
    'not_eligible',
    422,
    `Ahora mismo ${refused}: ${reasons.map((reason) => reason.text.toLowerCase()).join(', ')}.`,
    reasons.map((reason) => ({ field: 'boatId', code: reason.code, message: reason.text })),
  );
}

/** Answers in seconds, as Retry-After wants them (at least 1). */
export function retryAfter(ms: number): Record<string, string> {
  return { 'retry-after': String(Math.max(1, Math.ceil(ms / 1000))) };
}

export function problemBody(code: ErrorCode, status: number, detail?: string, errors?: FieldError[]): Problem {
  return {
    type: `urn:marina:problem:${code}`,
    title: TITLES[code],
    status,
    code,
    ...(detail === undefined ? {} : { detail }),
    ...(errors === undefined || errors.length === 0 ? {} : { errors }),
  };
}

/** Shared JSON schema of a problem body, registered once with `app.addSchema`. */
export const problemSchema = {
  $id: 'Problem',
  type: 'object',
  description: 'RFC 9457 problem details',
  properties: {
    type: { type: 'string' },
    title: { type: 'string' },
    status: { type: 'integer' },
    code: { type: 'string', enum: [...ERROR_CODES] },
    detail: { type: 'string' },
    instance: { type: 'string' },
    errors: {
      type: 'array',
      items: {
        type: 'object',
        properties: { field: { type: 'string' }, code: { type: 'string' }, message: { type: 'string' } },
        required: ['field', 'code'],
      },
    },
  },
  required: ['type', 'title', 'status', 'code'],
} as const;

const STATUS_DESCRIPTIONS: Record<number, string> = {
  400: 'Bad request, validation failed, or the X-Client-Id header is missing or unknown',
  401: 'No live session',
  403: 'Forbidden',
  404: 'Not found',
  409: 'Conflict',
  410: 'Gone',
  413: 'Body too large',
  415: 'Body is not JSON',
  422: 'Unprocessable',
  429: 'Too many requests',
  500: 'Internal error',
  503: 'Service unavailable',
};

/** Response schemas for a route's error statuses, so the OpenAPI document lists them as problem+json. */
export function problemResponses(...statuses: number[]) {
  return Object.fromEntries(
    [...new Set([...statuses, 500])].map((status) => [
      status,
      {
        description: STATUS_DESCRIPTIONS[status] ?? 'Problem',
        content: { 'application/problem+json': { schema: { $ref: 'Problem#' } } },
      },
    ]),
  );
}
