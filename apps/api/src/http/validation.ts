/**
 * Bodies are checked with the same yup schemas the app's forms use (`@marina/core/domain/account-rules.ts`),
 * so a rule is written once. The route's JSON schema is derived from that yup schema (`bodyFrom`) for the
 * OpenAPI document, and only documents: yup validates, with Spanish messages naming each field.
 *
 * Before any of that, every string of every request (body, query, path parameters) must be text a person
 * could have typed: no NUL or other control characters, no invalid Unicode. PostgreSQL refuses NUL in
 * text (a 500 that logged the query), and such characters have no business in names, codes or e-mails.
 */
import AjvCompiler, { type BuildCompilerFromPool } from '@fastify/ajv-compiler';
import type { FieldError } from '@marina/core/domain/error-codes.ts';
import type { FastifyInstance } from 'fastify';
import { ValidationError, type AnyObjectSchema, type InferType, type Schema } from 'yup';
import { fieldName, walkJson } from './json-body.ts';
import { yupToJsonSchema, type JsonSchema } from './json-schema.ts';
import { HttpProblem } from './problem.ts';
import { expectedTypeMessages, fieldMessages, type ExpectedType } from '@marina/core/messages/problem-details.ts';

// C0 controls but tab, line feed and carriage return (multi-line text has them); DEL and the C1 controls.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

// Half of a UTF-16 pair without its other half: not Unicode text at all (JSON lets `\ud800` through).
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Text a person could have typed: well-formed Unicode (no lone surrogates), no control characters. */
export function isReadableText(text: string): boolean {
  return !CONTROL_CHARACTER.test(text) && !LONE_SURROGATE.test(text);
}

/**
 * One error per field holding unreadable text, named as a form names it (`boat.crew.1`); a bad key is
 * reported on the object that holds it (`root` at the top). One pass, paths shared rather than copied:
 * linear in the value however deep it nests (the body's nesting is bounded at parse time too, json-body.ts).
 */
export function unreadableTextErrors(value: unknown, root = 'body'): FieldError[] {
  const fields = new Set<string>();
  walkJson(value, (node, path, key) => {
    // A bad key is reported on the object that holds it, and what it holds is not read (nor named after it).
    if (key !== undefined && !isReadableText(key)) {
      fields.add(fieldName(path?.parent, root));
      return 'skip';
    }
    // An upload's bytes (`rawBody` routes) are no text: their route checks them by their content.
    if (typeof node === 'string' && !isReadableText(node)) fields.add(fieldName(path, root));
  });
  return [...fields].map((field) => ({ field, code: 'invalid_characters', message: fieldMessages.invalid_characters }));
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

const HAS_TYPE: Record<string, (value: unknown) => boolean> = {
  string: (value) => typeof value === 'string',
  boolean: (value) => typeof value === 'boolean',
  number: (value) => typeof value === 'number',
  object: (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
  array: Array.isArray,
  // JSON has no dates: an ISO 8601 text, which yup then reads (a number would be cast to a date).
  date: (value) => typeof value === 'string',
};

/**
 * Fields whose JSON type is not the schema's. yup would cast them (`["a"]` → "a", `"true"` → true): fine
 * for a form, whose inputs hold strings, wrong for an API, where a wrong type is a wrong call. Missing and
 * null values are left to the schema's own Spanish messages.
 */
function typeErrors(schema: Schema, value: unknown, path: string): FieldError[] {
  if (value === undefined || value === null) return [];
  const hasType = HAS_TYPE[schema.type];
  if (hasType && !hasType(value))
    return [
      { field: path || 'body', code: 'invalid_type', message: expectedTypeMessages[schema.type as ExpectedType] },
    ];
  if ('fields' in schema && typeof value === 'object') {
    const fields = schema.fields as Record<string, Schema>;
    return Object.entries(fields).flatMap(([name, field]) =>
      typeErrors(field, (value as Record<string, unknown>)[name], path ? `${path}.${name}` : name),
    );
  }
  if ('innerType' in schema && schema.innerType && Array.isArray(value)) {
    const inner = schema.innerType as Schema;
    return value.flatMap((item, index) => typeErrors(inner, item, path ? `${path}.${index}` : String(index)));
  }
  return [];
}

/** The most items a list's rule takes (its `max`), if it says. */
function listMax(schema: Schema): number | undefined {
  const max = schema.describe().tests.find((test) => test.name === 'max')?.params?.max;
  return typeof max === 'number' ? max : undefined;
}

/**
 * The value with every list longer than its rule's `max` cut to one item more, the rest of the value shared:
 * yup still refuses the list with the rule's own message, without checking thousands of items (each wrong one
 * costs an error, tens of microseconds: 2,400 empty objects where boats go once held the event loop 370 ms).
 */
function cutLongLists(schema: Schema, value: unknown): unknown {
  if ('innerType' in schema && Array.isArray(value)) {
    const max = listMax(schema);
    return max !== undefined && value.length > max + 1 ? value.slice(0, max + 1) : value;
  }
  if (!('fields' in schema) || typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  let copy: Record<string, unknown> | undefined;
  for (const [name, field] of Object.entries(schema.fields as Record<string, Schema>)) {
    if (!Object.hasOwn(value, name)) continue;
    const item = (value as Record<string, unknown>)[name];
    const cut = cutLongLists(field, item);
    if (cut !== item) (copy ??= { ...(value as Record<string, unknown>) })[name] = cut;
  }
  return copy ?? value;
}

/** The body normalised by the schema (document upper case, e-mail lower case, phone E.164), unknown keys dropped. */
export async function validateBody<S extends AnyObjectSchema>(schema: S, body: unknown): Promise<InferType<S>> {
  const bounded = cutLongLists(schema, body ?? {});
  const wrongTypes = typeErrors(schema, bounded, '');
  if (wrongTypes.length > 0) throw new HttpProblem('validation_failed', 400, undefined, wrongTypes);
  try {
    return await schema.validate(bounded, { abortEarly: false, stripUnknown: true });
  } catch (error) {
    if (!ValidationError.isError(error)) throw error;
    throw new HttpProblem('validation_failed', 400, undefined, fieldErrors(error));
  }
}

/** Body schemas made by `bodyFrom`: documentation of a yup schema the handler validates with. */
const documentedBodies = new WeakSet<object>();

/**
 * The route's `schema.body`, derived from the yup schema its handler passes to `validateBody`, so the
 * OpenAPI document shows the real rules. Fastify does not check bodies against it (`typedBodyValidators`):
 * its constraints describe values after yup's normalising (a code with spaces is accepted), and ajv's
 * generic messages would replace the rules' Spanish ones.
 */
export function bodyFrom(schema: AnyObjectSchema): JsonSchema {
  const json = yupToJsonSchema(schema);
  documentedBodies.add(json);
  return json;
}

/** Whether a route's body schema came from `bodyFrom` (a test keeps hand-written ones out). */
export function isDocumentedBody(schema: unknown): boolean {
  return typeof schema === 'object' && schema !== null && documentedBodies.has(schema);
}

/**
 * Every documented route's body comes from `bodyFrom`, so a rule is never written a second time by hand:
 * a route declaring anything else stops the server at start. Hidden routes (development tools) may keep
 * a plain JSON schema, which ajv then checks, without coercion.
 */
export function requireDerivedBodies(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const schema = route.schema as { body?: unknown; hide?: boolean } | undefined;
    if (schema?.body === undefined || schema.hide === true || isDocumentedBody(schema.body)) return;
    throw new Error(
      `${[route.method].flat().join(',')} ${route.url}: describe the body with bodyFrom(<its yup schema>), not by hand`,
    );
  });
}

// What Fastify runs for a body `bodyFrom` describes: it passes, and the handler's `validateBody` decides.
const documentationOnly = () => true;

/**
 * Fastify's validator, with Fastify's ajv options, in two flavours: bodies are JSON and must arrive with
 * their types (ajv's default `coerceTypes: 'array'` would turn `["x"]` into "x" and "true" into true before
 * any check); path parameters, query strings and headers are text by nature and keep the coercion
 * (`X-Client-Id: 41` is the integer 41). A body described by `bodyFrom` is not checked here at all: yup
 * checks it, types first (`validateBody`).
 */
// One pool per process: servers built one after another (a marina each, every test file) share its ajv
// instances, which it keys by the shared schemas and options.
const fromPool = AjvCompiler();

export function typedBodyValidators(): BuildCompilerFromPool {
  return (externalSchemas, options) => {
    const coercing = fromPool(externalSchemas, options);
    // Fastify's options are ajv's, never JTD's here.
    const strictOptions = {
      ...options,
      customOptions: { ...options?.customOptions, coerceTypes: false },
    } as Parameters<BuildCompilerFromPool>[1];
    const strict = fromPool(externalSchemas, strictOptions);
    // Fastify calls the compiler with the route definition ({ schema, httpPart, … }), not as ajv's typings say.
    return ((route: { httpPart?: string; schema?: unknown }) => {
      if (route.httpPart !== 'body') return coercing(route as never);
      return isDocumentedBody(route.schema) ? documentationOnly : strict(route as never);
    }) as ReturnType<BuildCompilerFromPool>;
  };
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
