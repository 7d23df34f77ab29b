/**
 * A request body's JSON schema, derived from the yup schema that validates it (`schema.describe()`), so the
 * OpenAPI document shows the real rules (required fields, lengths, formats, patterns, allowed values) and
 * cannot drift from them. What a rule does beyond its constraints (a custom test, a normalisation) it says
 * in its `meta({ description })`; `meta({ jsonSchema })` adds keywords yup cannot express.
 *
 * The constraints describe the value as the rule checks it, after its transforms: the server also accepts
 * what the rule normalises (a code with spaces, an e-mail in capitals). The schema documents; yup validates
 * (`validation.ts`), with its Spanish messages.
 *
 * Written here rather than taken from a converter package: the yup features the rules use are mapped
 * exactly (nullable as a type list, regex flags JSON Schema cannot carry, references to other fields,
 * `meta`), and what cannot be mapped (a lazy schema, a custom test its rule does not describe) stops the
 * server at start instead of documenting a loose body.
 */
import type {
  AnySchema,
  SchemaDescription,
  SchemaFieldDescription,
  SchemaInnerTypeDescription,
  SchemaObjectDescription,
} from 'yup';

export type JsonSchema = { [keyword: string]: unknown };

interface Test {
  name?: string;
  params?: Record<string, unknown> | undefined;
}

// Tests with nothing to add: transforms outside strict mode (the value is fixed, not refused), parts of
// `datetime` (its format says it), and presence (the object's `required` list and minLength say it).
const SILENT_TESTS = new Set([
  'trim',
  'lowercase',
  'uppercase',
  'datetime_offset',
  'datetime_precision',
  'required',
  'defined',
]);

// Named string tests with a JSON Schema format instead of their regex.
const STRING_FORMATS: Record<string, string> = { email: 'email', url: 'uri', uuid: 'uuid', datetime: 'date-time' };

// Flags a JSON Schema pattern (ECMA-262, unicode) can do without: `g` and `y` only change where a search starts.
const HARMLESS_FLAGS = /^[guy]*$/;

export class UnsupportedSchemaError extends Error {
  constructor(path: string, what: string) {
    super(
      `Cannot derive a JSON schema for ${path || 'the body'}: ${what}. Describe it with meta({ jsonSchema }) or extend yupToJsonSchema.`,
    );
    this.name = 'UnsupportedSchemaError';
  }
}

export function yupToJsonSchema(schema: AnySchema): JsonSchema {
  return fromDescription(schema.describe(), '');
}

function fromDescription(description: SchemaFieldDescription, path: string): JsonSchema {
  if (!('tests' in description))
    throw new UnsupportedSchemaError(path, `a ${description.type} schema (lazy or a reference)`);
  const notes: string[] = [];
  const json: JsonSchema = {};
  const custom: string[] = [];
  const type = typeOf(description, path, json, notes, custom);

  const values = description.oneOf.filter((value) => value !== undefined);
  const allowed = values.filter((value) => !isReference(value));
  if (allowed.length > 0) json.enum = description.nullable && !allowed.includes(null) ? [...allowed, null] : allowed;
  const refused = description.notOneOf.filter((value) => value !== undefined && !isReference(value));
  if (refused.length > 0) json.not = { enum: refused };
  for (const value of values.filter(isReference)) notes.push(`Must equal \`${value.key}\`.`);
  for (const value of description.notOneOf.filter(isReference)) notes.push(`Must differ from \`${value.key}\`.`);

  if ('default' in description && isPrimitive(description.default) && type !== 'object')
    json.default = description.default;
  const meta = description.meta ?? {};
  // A custom test (a check letter, a mobile prefix) has no keyword: its rule must say what it checks.
  if (custom.length > 0 && !meta.description)
    throw new UnsupportedSchemaError(path, `custom test "${custom.join('", "')}" without meta({ description })`);
  const text = [meta.description, ...notes].filter(Boolean).join(' ');
  if (text) json.description = text;
  const typed = type === undefined ? {} : { type: description.nullable ? [type, 'null'] : type };
  return { ...typed, ...json, ...meta.jsonSchema };
}

/** The JSON type, with the keywords of the tests that type has; tests with no keyword go to `custom`. */
function typeOf(
  description: SchemaDescription,
  path: string,
  json: JsonSchema,
  notes: string[],
  custom: string[],
): string | undefined {
  const tests = (description.tests as Test[]).filter((test) => !SILENT_TESTS.has(test.name ?? ''));
  const keywords = (keyword: (test: Test) => boolean) => {
    for (const test of tests) if (!keyword(test)) custom.push(test.name ?? 'unnamed');
  };
  switch (description.type) {
    case 'string':
      // yup's required string refuses the empty one.
      if (description.tests.some((test) => test.name === 'required')) json.minLength = 1;
      keywords((test) => stringKeyword(test, json, notes));
      return 'string';
    case 'number':
      keywords((test) => numberKeyword(test, json));
      return tests.some((test) => test.name === 'integer') ? 'integer' : 'number';
    case 'date':
      // JSON has no dates: yup reads an ISO 8601 date, or date and time, unless the rule names one format.
      if (description.meta?.jsonSchema?.format === undefined)
        json.anyOf = [{ format: 'date' }, { format: 'date-time' }];
      keywords((test) => dateKeyword(test, notes));
      return 'string';
    case 'object': {
      const { fields } = description as SchemaObjectDescription;
      json.properties = Object.fromEntries(
        Object.entries(fields).map(([name, field]) => [name, fromDescription(field, join(path, name))]),
      );
      const required = Object.entries(fields)
        .filter(([, field]) => 'optional' in field && !field.optional)
        .map(([name]) => name);
      if (required.length > 0) json.required = required;
      // `noUnknown(true, …)`: yup refuses other keys, which JSON Schema says as additionalProperties.
      keywords((test) => {
        if (test.name !== 'noUnknown') return false;
        json.additionalProperties = false;
        return true;
      });
      return 'object';
    }
    case 'array': {
      const { innerType } = description as SchemaInnerTypeDescription;
      if (innerType !== undefined && !Array.isArray(innerType))
        json.items = fromDescription(innerType, join(path, '*'));
      keywords((test) => sizeKeyword(test, json, 'Items'));
      return 'array';
    }
    case 'boolean':
      keywords(() => false);
      return 'boolean';
    case 'mixed':
      keywords(() => false);
      return undefined;
    default:
      throw new UnsupportedSchemaError(path, `yup type "${description.type}"`);
  }
}

function stringKeyword(test: Test, json: JsonSchema, notes: string[]): boolean {
  const name = test.name ?? '';
  if (name in STRING_FORMATS) {
    json.format = STRING_FORMATS[name];
    return true;
  }
  if (name === 'matches' && test.params?.regex instanceof RegExp) {
    const { regex } = test.params;
    if (HARMLESS_FLAGS.test(regex.flags)) json.pattern = regex.source;
    else notes.push(`Must match ${String(regex)}.`);
    return true;
  }
  return sizeKeyword(test, json, 'Length');
}

/** min, max and length of strings (minLength…) and arrays (minItems…). */
function sizeKeyword(test: Test, json: JsonSchema, suffix: 'Length' | 'Items'): boolean {
  const params = test.params ?? {};
  // A required string's minLength of 1 stays when a smaller minimum is added.
  if (test.name === 'min' && typeof params.min === 'number')
    json[`min${suffix}`] = Math.max(params.min, Number(json[`min${suffix}`] ?? 0));
  else if (test.name === 'max' && typeof params.max === 'number') json[`max${suffix}`] = params.max;
  else if (test.name === 'length' && typeof params.length === 'number') {
    json[`min${suffix}`] = params.length;
    json[`max${suffix}`] = params.length;
  } else return false;
  return true;
}

function numberKeyword(test: Test, json: JsonSchema): boolean {
  const params = test.params ?? {};
  if (test.name === 'integer') return true;
  if (test.name === 'min' && typeof params.min === 'number') json.minimum = params.min;
  else if (test.name === 'min' && typeof params.more === 'number') json.exclusiveMinimum = params.more;
  else if (test.name === 'max' && typeof params.max === 'number') json.maximum = params.max;
  else if (test.name === 'max' && typeof params.less === 'number') json.exclusiveMaximum = params.less;
  else return false;
  return true;
}

function dateKeyword(test: Test, notes: string[]): boolean {
  const params = test.params ?? {};
  const bound = (value: unknown) => (value instanceof Date ? value.toISOString() : undefined);
  if (test.name === 'min' && bound(params.min)) notes.push(`Not before ${bound(params.min)}.`);
  else if (test.name === 'max' && bound(params.max)) notes.push(`Not after ${bound(params.max)}.`);
  else return false;
  return true;
}

function isReference(value: unknown): value is { type: 'ref'; key: string } {
  return typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'ref';
}

function isPrimitive(value: unknown): value is string | number | boolean | null {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}

function join(path: string, name: string): string {
  return path ? `${path}.${name}` : name;
}
