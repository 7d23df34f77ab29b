/**
 * Turns every error into a problem+json answer: our HttpProblems as they are (bad JSON among them:
 * json-body.ts parses bodies), Fastify's own errors (wrong media type, too large, schema validation, bad
 * URLs) into their stable codes, anything else into a 500 that does not leak the stack. That includes what never reaches a route: URLs the router
 * cannot read (Fastify's `frameworkErrors`) and requests Node's HTTP parser refuses (the `clientError`
 * event), which get the same security headers, no-store, and never an echo of the URL.
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FieldError } from '@marina/core/domain/error-codes.ts';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchemaValidationError,
  FastifyServerOptions,
} from 'fastify';
import { databaseErrorOf } from '../db/database-errors.ts';
import { HttpProblem, PROBLEM_CONTENT_TYPE, problemBody } from './problem.ts';
import { NO_STORE, type HeaderSet } from './security.ts';
import { problemDetails } from '@marina/core/messages/problem-details.ts';
import { parametrisedErrorMessages } from '@marina/core/messages/error-messages.ts';
import { expectedTypeMessages, fieldMessages, type ExpectedType } from '@marina/core/messages/problem-details.ts';

/**
 * PostgreSQL gave up on the transaction, which it rolled back whole, so the same call may simply be sent again
 * (decision 036): a statement waited too long for a lock (55P03), two transactions waited for each other and
 * PostgreSQL ended one (40P01, deadlock), or a serializable transaction could not be ordered (40001).
 */
const TRY_AGAIN = new Set(['55P03', '40P01', '40001']);
/** The wait, in seconds, the answer asks for: in the app's words for a busy server (decision 044). */
const BUSY_RETRY_AFTER_S = 2;

export function toHttpProblem(error: FastifyError | Error): HttpProblem {
  if (error instanceof HttpProblem) return error;
  if (TRY_AGAIN.has(databaseErrorOf(error)?.code ?? '')) {
    return new HttpProblem(
      'service_unavailable',
      503,
      parametrisedErrorMessages.service_unavailable({ retryAfter: BUSY_RETRY_AFTER_S }),
      undefined,
      { 'retry-after': String(BUSY_RETRY_AFTER_S) },
    );
  }
  const fastifyError = error as Partial<FastifyError>;
  if (fastifyError.validation) {
    return new HttpProblem(
      'validation_failed',
      400,
      undefined,
      fieldErrors(fastifyError.validation, fastifyError.validationContext),
    );
  }
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new HttpProblem('unsupported_media_type', 415, problemDetails.json_required);
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new HttpProblem('payload_too_large', 413);
    case 'FST_ERR_BAD_URL':
      return new HttpProblem('bad_request', 400, problemDetails.bad_url);
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return new HttpProblem('bad_request', 414, problemDetails.url_too_long);
  }
  const status = fastifyError.statusCode ?? 500;
  switch (status) {
    case 403:
      return new HttpProblem('forbidden', 403);
    case 404:
      return new HttpProblem('not_found', 404);
    case 405:
      return new HttpProblem('method_not_allowed', 405);
    case 413:
      return new HttpProblem('payload_too_large', 413);
    case 415:
      return new HttpProblem('unsupported_media_type', 415);
    case 429:
      return new HttpProblem('rate_limited', 429);
    case 503:
      return new HttpProblem('service_unavailable', 503);
  }
  if (status >= 400 && status < 500) return new HttpProblem('bad_request', status);
  return new HttpProblem('internal_error', 500);
}

export function sendProblem(reply: FastifyReply, httpProblem: HttpProblem) {
  return reply
    .code(httpProblem.status)
    .headers(httpProblem.headers)
    .type(PROBLEM_CONTENT_TYPE)
    .send(problemBody(httpProblem.code, httpProblem.status, httpProblem.detail, httpProblem.errors));
}

export function errorHandler(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  const httpProblem = toHttpProblem(error);
  if (httpProblem.status >= 500 && !(error instanceof HttpProblem)) {
    request.log.error({ err: error }, 'request failed');
  }
  return sendProblem(reply, httpProblem);
}

/**
 * Server options for the answers Fastify and Node give before any route or hook: `frameworkErrors` (a URL
 * the router cannot decode, a path parameter over `maxParamLength`) and `clientErrorHandler` (headers over
 * Node's 16 KB, a request that is not HTTP, a timeout). `headers` are the security headers of every answer.
 */
export function frameworkErrorOptions(
  headers: HeaderSet,
): Pick<FastifyServerOptions, 'frameworkErrors' | 'clientErrorHandler'> {
  return {
    frameworkErrors(error, _request, reply) {
      reply.headers(headers).header('cache-control', NO_STORE);
      // Fastify's own message quotes the URL: the problem's detail is ours.
      return sendProblem(reply, toHttpProblem(error));
    },
    clientErrorHandler(this: FastifyInstance, error: Error & { code?: string }, socket: Socket) {
      // A reset connection has no one to answer (Node's and Fastify's default handlers do the same).
      if (error.code === 'ECONNRESET' || socket.destroyed) return;
      this.log.debug({ err: error }, 'client error');
      if (socket.writable) socket.write(rawProblemAnswer(clientErrorProblem(error.code), headers));
      socket.destroy(error);
    },
  };
}

function clientErrorProblem(code: string | undefined): HttpProblem {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return new HttpProblem('bad_request', 431, problemDetails.headers_too_large);
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new HttpProblem('bad_request', 408, problemDetails.request_too_slow);
    default:
      return new HttpProblem('bad_request', 400, problemDetails.not_http);
  }
}

/** A whole HTTP/1.1 answer for a socket no Fastify reply exists for; the connection then closes. */
function rawProblemAnswer(httpProblem: HttpProblem, headers: HeaderSet): string {
  const body = JSON.stringify(problemBody(httpProblem.code, httpProblem.status, httpProblem.detail));
  const head = {
    ...headers,
    'cache-control': NO_STORE,
    'content-type': PROBLEM_CONTENT_TYPE,
    'content-length': String(Buffer.byteLength(body)),
    connection: 'close',
  };
  const lines = Object.entries(head).map(([name, value]) => `${name}: ${value}`);
  return `HTTP/1.1 ${httpProblem.status} ${STATUS_CODES[httpProblem.status]}\r\n${lines.join('\r\n')}\r\n\r\n${body}`;
}

/** Per JSON schema keyword, the field error's code and (in the message catalogue) its words. */
const FIELD_CODES: Record<string, [code: string, message: keyof typeof fieldMessages]> = {
  required: ['required', 'required'],
  type: ['invalid_type', 'invalid_type'],
  format: ['invalid_format', 'invalid_format'],
  pattern: ['invalid_format', 'invalid_format'],
  minLength: ['too_short', 'too_short'],
  maxLength: ['too_long', 'too_long'],
  minimum: ['too_small', 'too_small'],
  exclusiveMinimum: ['too_small', 'too_small'],
  maximum: ['too_large', 'too_large'],
  exclusiveMaximum: ['too_large', 'too_large'],
  minItems: ['too_few', 'too_few'],
  maxItems: ['too_many', 'too_many'],
  enum: ['invalid_value', 'invalid_value'],
  const: ['invalid_value', 'not_the_value'],
  additionalProperties: ['unknown_field', 'unknown_field'],
};

/** One entry per field, with the field named as the form names it (`boat.name`, not `/boat/name`). */
function fieldErrors(validation: FastifySchemaValidationError[], context: string | undefined): FieldError[] {
  const byField = new Map<string, FieldError>();
  for (const issue of validation) {
    const path = issue.instancePath.split('/').filter(Boolean);
    const params = issue.params as Record<string, unknown>;
    if (issue.keyword === 'required' && typeof params.missingProperty === 'string') path.push(params.missingProperty);
    if (issue.keyword === 'additionalProperties' && typeof params.additionalProperty === 'string') {
      path.push(params.additionalProperty);
    }
    const field = path.length > 0 ? path.join('.') : (context ?? 'body');
    const [code, words] = FIELD_CODES[issue.keyword] ?? ['invalid', 'invalid'];
    const message = fieldMessages[words] as string;
    const typeMessage =
      issue.keyword === 'type' && typeof params.type === 'string'
        ? expectedTypeMessages[params.type as ExpectedType]
        : undefined;
    if (!byField.has(field)) byField.set(field, { field, code, message: typeMessage ?? message });
  }
  return [...byField.values()];
}
