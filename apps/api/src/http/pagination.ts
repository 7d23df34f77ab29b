/**
 * Cursor pagination for the lists that grow with time (decision 042, docs/product.md §7.1). A page is asked
 * for with `limit` (1–100, `PAGE_LIMIT_DEFAULT` when absent) and `cursor` (the `next` of the page before);
 * the answer adds `next`, null on the last page. The cursor is opaque to clients: base64url of a small JSON
 * array naming the list and the sort key of the page's last row. The query goes on after that key
 * (keyset: `WHERE (key, seq) < (…)`, never OFFSET), so rows added meanwhile do not shift what follows. The
 * key always ends with a unique column, so the order is total and no row is skipped or repeated. A
 * cursor only says where to go on: the route's own conditions (account, marina) still choose the rows, so
 * a cursor from another account's list pages through one's own rows, never into theirs.
 */
import { and, eq, gt, lt, or, type AnyColumn, type SQL } from 'drizzle-orm';
import { problem } from './problem.ts';
import { fieldMessages } from '@marina/core/messages/problem-details.ts';

export const PAGE_LIMIT_MAX = 100;
export const PAGE_LIMIT_DEFAULT = 20;
/** Longer than any cursor this API writes: anything longer is refused before it is decoded. */
const CURSOR_MAX_LENGTH = 200;

/** `limit` and `cursor`, for a route's `querystring` schema (ajv refuses a limit out of range: 400 naming `limit`). */
export const pageQueryProperties = {
  limit: {
    type: 'integer',
    minimum: 1,
    maximum: PAGE_LIMIT_MAX,
    default: PAGE_LIMIT_DEFAULT,
    description: `How many items at most (1–${PAGE_LIMIT_MAX}; ${PAGE_LIMIT_DEFAULT} when absent)`,
  },
  cursor: {
    type: 'string',
    minLength: 1,
    maxLength: CURSOR_MAX_LENGTH,
    description: 'The `next` of the previous page, as received (opaque). Absent for the first page.',
  },
} as const;

/** A route's querystring: the page's `limit` and `cursor`, with the route's own filters. */
export function pageQuerystring<P extends Record<string, unknown>>(properties: P = {} as P) {
  return {
    type: 'object',
    properties: { ...properties, ...pageQueryProperties },
    additionalProperties: false,
  } as const;
}

/** The `next` property of a page's answer. */
export const nextSchema = {
  type: ['string', 'null'],
  description: 'Cursor of the following page (pass it as `cursor`); null when this page is the last',
} as const;

export interface PageQuery {
  limit?: number;
  cursor?: string;
}

/** How each value of a sort key is written in a cursor and read back. */
export type KeyPart = 'integer' | 'instant' | 'text';
type KeyValue<P extends KeyPart> = P extends 'integer' ? number : P extends 'instant' ? Date : string;
export type KeyValues<P extends readonly KeyPart[]> = { [I in keyof P]: KeyValue<P[I]> };

const badCursor = () =>
  problem('validation_failed', 400, undefined, [
    {
      field: 'cursor',
      code: 'invalid',
      message: fieldMessages.cursor_invalid,
    },
  ]);

function readPart(part: KeyPart, value: unknown): number | Date | string {
  if (part === 'integer' && typeof value === 'number' && Number.isSafeInteger(value)) return value;
  if (part === 'text' && typeof value === 'string') return value;
  if (part === 'instant' && typeof value === 'string') {
    const date = new Date(value);
    if (!Number.isNaN(date.getTime()) && date.toISOString() === value) return date;
  }
  throw badCursor();
}

/**
 * One list's cursors: `list` names it inside the cursor (another list's cursor is refused), `parts` says
 * what its sort key is made of, the last part being unique.
 */
export function cursorKind<const P extends readonly KeyPart[]>(list: string, parts: P) {
  return {
    encode(values: KeyValues<P>): string {
      const written = (values as readonly unknown[]).map((value) =>
        value instanceof Date ? value.toISOString() : value,
      );
      return Buffer.from(JSON.stringify([list, ...written])).toString('base64url');
    },
    /** The sort key a cursor carries; 400 naming `cursor` for anything this API did not write for this list. */
    decode(cursor: string): KeyValues<P> {
      let decoded: unknown;
      try {
        if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw badCursor();
        decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
      } catch {
        throw badCursor();
      }
      if (!Array.isArray(decoded) || decoded.length !== parts.length + 1 || decoded[0] !== list) throw badCursor();
      return parts.map((part, index) => readPart(part, decoded[index + 1])) as KeyValues<P>;
    },
  };
}

export type CursorKind<P extends readonly KeyPart[]> = ReturnType<typeof cursorKind<P>>;

/**
 * The rows after a sort key, in the list's order: `(a, b) < (x, y)` for a descending list, `>` for an
 * ascending one, written with or/and so each value goes through its column's encoding.
 */
export function afterKey(columns: readonly AnyColumn[], values: readonly unknown[], direction: 'asc' | 'desc'): SQL {
  const beyond = direction === 'desc' ? lt : gt;
  const [column, ...restColumns] = columns;
  const [value, ...restValues] = values;
  if (!column) throw new Error('afterKey: no column');
  if (restColumns.length === 0) return beyond(column, value);
  return or(beyond(column, value), and(eq(column, value), afterKey(restColumns, restValues, direction)))!;
}

/** What a page's query needs: the limit, and the condition for rows after the cursor (none on the first page). */
export function pageRequest<P extends readonly KeyPart[]>(
  query: PageQuery,
  kind: CursorKind<P>,
  columns: { [I in keyof P]: AnyColumn },
  direction: 'asc' | 'desc',
): { limit: number; after: SQL | undefined } {
  const limit = query.limit ?? PAGE_LIMIT_DEFAULT;
  const after =
    query.cursor === undefined
      ? undefined
      : afterKey(columns as readonly AnyColumn[], kind.decode(query.cursor) as readonly unknown[], direction);
  return { limit, after };
}

/**
 * A page from rows loaded with `limit + 1` (the extra row only tells whether there is more): the first
 * `limit` rows, and the cursor after the last of them when more follow.
 */
export function pageOf<T, P extends readonly KeyPart[]>(
  rows: T[],
  limit: number,
  kind: CursorKind<P>,
  keyOf: (row: T) => KeyValues<P>,
): { rows: T[]; next: string | null } {
  if (rows.length <= limit) return { rows, next: null };
  const kept = rows.slice(0, limit);
  return { rows: kept, next: kind.encode(keyOf(kept[kept.length - 1]!)) };
}

/** A paged list's answer schema: `{ [key]: [items], next }`. */
export function pagedListOf(key: string, ref: string, description: string) {
  return {
    description,
    type: 'object',
    properties: { [key]: { type: 'array', items: { $ref: ref } }, next: nextSchema },
    required: [key, 'next'],
  } as const;
}
