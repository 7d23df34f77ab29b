/**
 * How a response is described once (decision 045): each shape the API answers is a TypeBox schema here in
 * the domain, registered by the server under its `$id` (for the serialiser and the OpenAPI document), and its
 * TypeScript type is `Static<typeof …>` of it, so the two cannot drift. The helpers keep the JSON forms the
 * API has always documented: `type: ['string', 'null']` for a nullable value, `enum` for a set of strings,
 * `$ref: 'Boat#'` for a shared schema.
 */
import { Type, type SchemaOptions, type Static, type TSchema, type TUnsafe } from '@sinclair/typebox';

export { Type, type SchemaOptions, type Static, type TSchema };

/** A string that is one of `values` (`{ type: 'string', enum }`), typed as their union. */
export function StringEnum<const Values extends readonly string[]>(
  values: Values,
  options: SchemaOptions = {},
): TUnsafe<Values[number]> {
  return Type.Unsafe<Values[number]>({ type: 'string', enum: [...values], ...options });
}

/** A scalar or null, as `type: [type, 'null']` (its format and description kept). */
export function Nullable<Schema extends TSchema & { type: string }>(
  schema: Schema,
  options: SchemaOptions = {},
): TUnsafe<Static<Schema> | null> {
  const { type, ...rest } = schema;
  return Type.Unsafe<Static<Schema> | null>({ ...rest, type: [type, 'null'], ...options });
}

/** An object (or anything not a scalar) or null, as `anyOf: [schema, { type: 'null' }]`. */
export function OrNull<Schema extends TSchema>(schema: Schema, options: SchemaOptions = {}) {
  return Type.Union([schema, Type.Null()], options);
}

/**
 * A reference to a schema registered under its `$id` (`{ $ref: 'Boat#' }`), typed as that schema. The
 * schema is named by type only, so modules that refer to each other need not import each other's values.
 */
export function Ref<Schema extends TSchema>(id: string, options: SchemaOptions = {}): TUnsafe<Static<Schema>> {
  return Type.Unsafe<Static<Schema>>({ $ref: `${id}#`, ...options });
}

/** A calendar day, `YYYY-MM-DD`. */
export const CalendarDay = (options: SchemaOptions = {}) => Type.String({ format: 'date', ...options });

/** An instant, ISO 8601. */
export const Instant = (options: SchemaOptions = {}) => Type.String({ format: 'date-time', ...options });

/** The cursor of the next page (decision 042). */
export const NextCursor = () =>
  Nullable(Type.String(), {
    description: 'Cursor of the following page (pass it as `cursor`); null when this page is the last',
  });

/** An id. */
export const Uuid = (options: SchemaOptions = {}) => Type.String({ format: 'uuid', ...options });

/** A schema the server registers under its `$id` (`app.addSchema`), for others to `Ref` by it. */
export function Shared<Schema extends TSchema>(schema: Schema): Schema & { $id: string } {
  if (typeof schema.$id !== 'string') throw new Error('A shared schema needs its $id');
  return schema as Schema & { $id: string };
}

/**
 * The schema with every object that names its properties closed to others (`additionalProperties: false`),
 * as plain JSON (TypeBox's symbols dropped): what the server's tests and the app's fakes are checked
 * against, so a field a schema forgets, which the serialiser would silently drop, is found.
 */
export function closedSchema(schema: unknown): unknown {
  const close = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(close);
    if (typeof node !== 'object' || node === null) return node;
    const copy: Record<string, unknown> = Object.fromEntries(
      Object.entries(node).map(([key, value]) => [key, key === 'examples' ? value : close(value)]),
    );
    if (typeof copy.properties === 'object' && copy.additionalProperties === undefined)
      copy.additionalProperties = false;
    return copy;
  };
  return close(JSON.parse(JSON.stringify(schema)));
}
