/**
 * Bodies are checked with the same yup schemas the app's forms use (`@marina/core/domain/account-rules.ts`),
 * so a rule is written once. The route's JSON schema only describes types for the OpenAPI document.
 *
 * Before any of that, every string of every request (body, query, path parameters) must be text a person
 * could have typed: no NUL or other control characters, no invalid Unicode. PostgreSQL refuses NUL in
 * text (a 500 that logged the query), and such characters have no business in names, codes or e-mails.
 */
import type { FieldError } from '@marina/core/domain/error-codes.ts';
import type { FastifyInstance } from 'fastify';
import { ValidationError, type AnyObjectSchema, type InferType } from 'yup';
import { HttpProblem } from './problem.ts';

// C0 controls but tab, line feed and carriage return (multi-line text has them); DEL and the C1 controls.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

// Half of a UTF-16 pair without its other half: not Unicode text at all (JSON lets `\ud800` through).
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const UNREADABLE_MESSAGE = 'Contiene caracteres que no se admiten (de control o mal codificados). Escríbelo de nuevo.';

/** Text a person could have typed: well-formed Unicode (no lone surrogates), no control characters. */
export function isReadableText(text: string): boolean {
  return !CONTROL_CHARACTER.test(text) && !LONE_SURROGATE.test(text);
}

/**
 * One error per field holding unreadable text, named as a form names it (`boat.crew.1`); a bad key is
 * reported on the object that holds it (`root` at the top). Iterative: a deeply nested body cannot
 * exhaust the stack.
 */
export function unreadableTextErrors(value: unknown, root = 'body'): FieldError[] {
  const fields = new Set<string>();
  const pending: [node: unknown, path: string[]][] = [[value, []]];
  const name = (path: string[]) => (path.length > 0 ? path.join('.') : root);
  while (pending.length > 0) {
    const [node, path] = pending.pop()!;
    if (typeof node === 'string') {
      if (!isReadableText(node)) fields.add(name(path));
    } else if (Array.isArray(node)) {
      for (let index = node.length - 1; index >= 0; index--) pending.push([node[index], [...path, String(index)]]);
    } else if (typeof node === 'object' && node !== null) {
      for (const [key, item] of Object.entries(node).reverse()) {
        if (isReadableText(key)) pending.push([item, [...path, key]]);
        else fields.add(name(path));
      }
    }
  }
  return [...fields].map((field) => ({ field, code: 'invalid_characters', message: UNREADABLE_MESSAGE }));
}

/** Every route, present and future: refused before the schema, the handler or the database see it. */
export function registerTextGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const errors = [
      ...unreadableTextErrors(request.params, 'params'),
      ...unreadableTextErrors(request.query, 'query'),
      ...unreadableTextErrors(request.body, 'body'),
    ];
    if (errors.length > 0) throw new HttpProblem('validation_failed', 400, undefined, errors);
  });
}

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
