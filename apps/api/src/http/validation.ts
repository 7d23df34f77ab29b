/**
 * Bodies are checked with the same yup schemas the app's forms use (`@marina/core/domain/account-rules.ts`),
 * so a rule is written once. The route's JSON schema only describes types for the OpenAPI document.
 */
import type { FieldError } from '@marina/core/domain/error-codes.ts';
import { ValidationError, type AnyObjectSchema, type InferType } from 'yup';
import { HttpProblem } from './problem.ts';

/** The body normalised by the schema (document upper case, e-mail lower case, phone E.164), unknown keys dropped. */
export async function validateBody<S extends AnyObjectSchema>(schema: S, body: unknown): Promise<InferType<S>> {
  try {
    return await schema.validate(body ?? {}, { abortEarly: false, stripUnknown: true });
  } catch (error) {
    if (!ValidationError.isError(error)) throw error;
    throw new HttpProblem('validation_failed', 400, undefined, fieldErrors(error));
  }
}

/** One error per field (the first), as a form shows one message under each field. */
function fieldErrors(error: ValidationError): FieldError[] {
  const byField = new Map<string, FieldError>();
  for (const issue of error.inner.length > 0 ? error.inner : [error]) {
    const field = issue.path || 'body';
    if (!byField.has(field)) byField.set(field, { field, code: 'invalid', message: issue.message });
  }
  return [...byField.values()];
}

/** A loose body schema for a route: property types only, for the OpenAPI document. */
export function looseBody(properties: Record<string, 'string' | 'boolean'>, description?: string) {
  return {
    type: 'object',
    ...(description === undefined ? {} : { description }),
    properties: Object.fromEntries(Object.entries(properties).map(([name, type]) => [name, { type }])),
  } as const;
}
