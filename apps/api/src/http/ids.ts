/**
 * Row ids as requests carry them: every row the API names is a UUID, and a request's id that is none names
 * nothing (404 for a path, 400 for a header), never a database error.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An id that can name a row (anything else names nothing: 404, not a database error). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** The `{id}` path parameter of a route about one row (a UUID; anything else names no row: 404). */
export const idParams = {
  type: 'object',
  properties: { id: { type: 'string', description: 'UUID' } },
  required: ['id'],
} as const;
