/**
 * JSON bodies are parsed here, and their shape is bounded before anything else walks them
 * (docs/product.md §7.8, decision 037). A body within the size limit could still be built to make later
 * work explode: 40,000 nested brackets in 80 KB once held the event loop for 20 s. So, at parse time:
 *
 * - the raw text is read once before `JSON.parse` builds anything: nesting deeper than `BODY_SHAPE.depth` is
 *   `400 body_too_deep`, more than `BODY_SHAPE.values` values in all is `400 body_too_complex`;
 * - the parsed value is walked once, for the exact count of values and for what the raw text cannot tell:
 *   a text longer than `BODY_SHAPE.textLength`, or a key that names a member every object inherits
 *   (`__proto__`, `constructor`, `toString`…), is `400 validation_failed` naming the field.
 *
 * Every later walk (the text guard, the idempotency hash, yup) then meets at most that many values, that
 * deep, so each is linear in a body that is small. The bounds are far above any form of the app: its
 * deepest body nests 4 levels, its widest holds a few hundred values, its longest text is 500 characters.
 */
import type { FieldError } from '@marina/core/domain/error-codes.ts';
import type { FastifyInstance } from 'fastify';
import { BODY_LIMIT_BYTES } from '../config.ts';
import { HttpProblem } from './problem.ts';
import { problemDetails } from '@marina/core/messages/problem-details.ts';

export const BODY_SHAPE = {
  /** Objects and arrays inside one another, the body itself counting as 1. */
  depth: 16,
  /** Values in the whole body: every object, array, text, number, boolean and null. */
  values: 5_000,
  /** Characters in any one text (key or value). */
  textLength: 10_000,
} as const;

/** The most field errors one answer lists: enough to mark a form, bounded for a body built to have thousands. */
const MAX_FIELD_ERRORS = 20;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const COMMA = 0x2c;

/** What one pass over the raw text finds: too deep, too many values, or neither. */
export type RawShapeProblem = 'too_deep' | 'too_many_values' | undefined;

/**
 * The JSON text's shape read in one pass, before `JSON.parse` builds anything: nesting deeper than
 * `limits.depth`, or more commas and opening brackets than `limits.values` (each stands for at least one
 * value: this count never exceeds the real one, so nothing within the limit is refused here). Characters
 * inside texts do not count. On text that is not JSON the answer may be anything; `JSON.parse` refuses
 * such text anyway.
 */
export function rawShapeProblem(text: string, limits: { depth: number; values: number } = BODY_SHAPE): RawShapeProblem {
  let depth = 0;
  let values = 0;
  let inText = false;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (inText) {
      if (char === BACKSLASH) index++;
      else if (char === QUOTE) inText = false;
    } else if (char === QUOTE) {
      inText = true;
    } else if (char === OPEN_BRACKET || char === OPEN_BRACE) {
      if (++depth > limits.depth) return 'too_deep';
      if (++values > limits.values) return 'too_many_values';
    } else if (char === CLOSE_BRACKET || char === CLOSE_BRACE) {
      depth--;
    } else if (char === COMMA) {
      if (++values > limits.values) return 'too_many_values';
    }
  }
  return undefined;
}

/** A place in a body, kept as a link to its parent: walking shares paths instead of copying them. */
export type BodyPath = { readonly key: string; readonly parent: BodyPath } | undefined;

/** The path as a form names the field (`boat.crew.1`), or `root` for the value itself. */
export function fieldName(path: BodyPath, root = 'body'): string {
  if (path === undefined) return root;
  const keys: string[] = [];
  for (let at: BodyPath = path; at !== undefined; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.');
}

/** What a visitor of `walkJson` answers: go on, leave this value's contents out, or end the walk. */
export type WalkStep = 'skip' | 'stop' | void;

/**
 * Visits every value of `value` with its path, depth first in document order, without recursion; `key` is
 * the value's key when it is an object's member. An upload's bytes (a typed array) are a value, not a list.
 */
export function walkJson(
  value: unknown,
  visit: (node: unknown, path: BodyPath, key: string | undefined) => WalkStep,
): void {
  const pending: [node: unknown, path: BodyPath, key: string | undefined][] = [[value, undefined, undefined]];
  while (pending.length > 0) {
    const [node, path, key] = pending.pop()!;
    const step = visit(node, path, key);
    if (step === 'stop') return;
    if (step === 'skip') continue;
    if (Array.isArray(node)) {
      for (let index = node.length - 1; index >= 0; index--)
        pending.push([node[index], { key: String(index), parent: path }, undefined]);
    } else if (typeof node === 'object' && node !== null && !ArrayBuffer.isView(node)) {
      const keys = Object.keys(node);
      for (let index = keys.length - 1; index >= 0; index--) {
        const member = keys[index]!;
        pending.push([(node as Record<string, unknown>)[member], { key: member, parent: path }, member]);
      }
    }
  }
}

/** `__proto__`, `constructor`, `toString`…: names every object answers to, which no field of ours has. */
export function isInheritedMemberName(key: string): boolean {
  return Object.hasOwn(Object.prototype, key);
}

const unknownField = (field: string): FieldError => ({
  field,
  code: 'unknown_field',
  message: 'Este campo no se admite.',
});
const tooLong = (field: string): FieldError => ({
  field,
  code: 'too_long',
  message: `Es demasiado largo: como mucho ${BODY_SHAPE.textLength.toLocaleString('es-ES')} caracteres.`,
});

/** The parsed body's shape against `BODY_SHAPE`: nothing when it is within. Linear in the body. */
export function bodyShapeProblem(body: unknown): HttpProblem | undefined {
  const errors: FieldError[] = [];
  let values = 0;
  walkJson(body, (node, path, key) => {
    if (++values > BODY_SHAPE.values) return 'stop';
    if (errors.length >= MAX_FIELD_ERRORS) return;
    // A bad key is the object's problem: what it holds is not looked at (nor named after it).
    if (key !== undefined && isInheritedMemberName(key)) {
      errors.push(unknownField(fieldName(path)));
      return 'skip';
    }
    if (key !== undefined && key.length > BODY_SHAPE.textLength) {
      errors.push(tooLong(fieldName(path?.parent)));
      return 'skip';
    }
    if (typeof node === 'string' && node.length > BODY_SHAPE.textLength) errors.push(tooLong(fieldName(path)));
  });
  if (values > BODY_SHAPE.values) return tooComplex();
  return errors.length > 0 ? new HttpProblem('validation_failed', 400, undefined, errors) : undefined;
}

const tooDeep = () => new HttpProblem('body_too_deep', 400, problemDetails.body_too_deep({ depth: BODY_SHAPE.depth }));
const tooComplex = () =>
  new HttpProblem('body_too_complex', 400, problemDetails.body_too_complex({ values: BODY_SHAPE.values }));

/** Parses a JSON body under `BODY_SHAPE`; throws the problem to answer otherwise. */
export function parseJsonBody(text: string): unknown {
  const raw = rawShapeProblem(text);
  if (raw === 'too_deep') throw tooDeep();
  if (raw === 'too_many_values') throw tooComplex();
  let body: unknown;
  try {
    // JSON.parse makes `__proto__` an own property like any other (no prototype is set): the shape check names it.
    body = JSON.parse(text);
  } catch {
    throw new HttpProblem('bad_request', 400, problemDetails.body_not_json);
  }
  const problem = bodyShapeProblem(body);
  if (problem) throw problem;
  return body;
}

/** Fastify's JSON parser replaced by `parseJsonBody`, for every route that reads JSON. */
export function registerJsonBodyParser(app: FastifyInstance) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES },
    (_request, text, done) => {
      if (text === '') {
        done(new HttpProblem('bad_request', 400, problemDetails.body_empty), undefined);
        return;
      }
      try {
        done(null, parseJsonBody(text as string));
      } catch (error) {
        done(error as Error, undefined);
      }
    },
  );
}
