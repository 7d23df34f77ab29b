/**
 * Turns every error into a problem+json answer: our HttpProblems as they are, Fastify's own errors (bad
 * JSON, wrong media type, too large, schema validation) into their stable codes, anything else into a
 * 500 that does not leak the stack.
 */
import type { FieldError } from '@marina/core/domain/error-codes.ts';
import type { FastifyError, FastifyReply, FastifyRequest, FastifySchemaValidationError } from 'fastify';
import { HttpProblem, PROBLEM_CONTENT_TYPE, problemBody } from './problem.ts';
import { TYPE_MESSAGES } from './validation.ts';

export function toHttpProblem(error: FastifyError | Error): HttpProblem {
  if (error instanceof HttpProblem) return error;
  const fastifyError = error as Partial<FastifyError>;
  if (fastifyError.validation) {
    return new HttpProblem('validation_failed', 400, undefined, fieldErrors(fastifyError.validation, fastifyError.validationContext));
  }
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new HttpProblem('unsupported_media_type', 415, 'El cuerpo de la petición debe ser JSON (Content-Type: application/json).');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new HttpProblem('payload_too_large', 413);
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new HttpProblem('bad_request', 400, 'El cuerpo de la petición no es JSON válido.');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new HttpProblem('bad_request', 400, 'El cuerpo de la petición está vacío.');
  }
  const status = fastifyError.statusCode ?? 500;
  switch (status) {
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

const FIELD_CODES: Record<string, [code: string, message: string]> = {
  required: ['required', 'Este campo es obligatorio.'],
  type: ['invalid_type', 'El valor no tiene el tipo esperado.'],
  format: ['invalid_format', 'El formato no es válido.'],
  pattern: ['invalid_format', 'El formato no es válido.'],
  minLength: ['too_short', 'Es demasiado corto.'],
  maxLength: ['too_long', 'Es demasiado largo.'],
  minimum: ['too_small', 'El valor es demasiado pequeño.'],
  exclusiveMinimum: ['too_small', 'El valor es demasiado pequeño.'],
  maximum: ['too_large', 'El valor es demasiado grande.'],
  exclusiveMaximum: ['too_large', 'El valor es demasiado grande.'],
  minItems: ['too_few', 'Faltan elementos.'],
  maxItems: ['too_many', 'Sobran elementos.'],
  enum: ['invalid_value', 'El valor no es ninguno de los admitidos.'],
  const: ['invalid_value', 'El valor no es el admitido.'],
  additionalProperties: ['unknown_field', 'Este campo no se admite.'],
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
    const [code, message] = FIELD_CODES[issue.keyword] ?? ['invalid', 'El valor no es válido.'];
    const typeMessage = issue.keyword === 'type' && typeof params.type === 'string' ? TYPE_MESSAGES[params.type] : undefined;
    if (!byField.has(field)) byField.set(field, { field, code, message: typeMessage ?? message });
  }
  return [...byField.values()];
}
