/**
 * A query whose SQL text is built once (decision 032). Drizzle builds a query's text from its builder every
 * time it runs it, tens to hundreds of microseconds of CPU for the wide rows here, more than PostgreSQL takes
 * to run a prepared statement. Its own `.prepare()` would build once, but binds the result to the
 * connection it was made on, so it cannot run inside a transaction (drizzle-orm issue 613).
 *
 * `statement(name, build)` builds the query once, with `sql.placeholder('…')` where a value changes from
 * call to call, and runs it on the executor each call names: the database, or a transaction. It hands
 * Drizzle's own session the very arguments Drizzle's `.prepare()` gave it the first time (the text, the
 * parameters, the fields that map each row back, the driver's type hints), so rows come back as from the
 * query builder.
 *
 * For the hot paths only (a booking, the session behind every call): elsewhere the query builder reads best.
 * Values are given as the row's columns hold them (a Date for a timestamp). Drizzle encodes a placeholder in
 * an insert's values with its column, but passes one in a condition to the driver as it is, and its
 * postgres.js driver sends timestamps as text: a Date given to such a placeholder is sent as its ISO text.
 * An insert's columns left out take the database's defaults (a `$defaultFn` would be run once, at the build:
 * the schema has none).
 */
import { is, Placeholder } from 'drizzle-orm';
import type { Executor } from './database.ts';

type Session = Executor['_']['session'];
type PrepareArguments = Parameters<Session['prepareQuery']>;

interface Preparable {
  prepare(name: string): unknown;
}

/** What a query builder answers with, from its `then`. */
type Rows<Builder> = Builder extends PromiseLike<infer Result> ? Result : never;

export function statement<Values extends Record<string, unknown>, Builder extends Preparable>(
  name: string,
  build: (db: Executor) => Builder,
): (db: Executor, values: Values) => Promise<Rows<Builder>> {
  let built: ReturnType<typeof capture> | undefined;
  return (db, values) => {
    built ??= capture(db, name, build);
    const query = db._.session.prepareQuery(...built.arguments) as ReturnType<Session['prepareQuery']> & {
      joinsNotNullableMap?: unknown;
    };
    // A select with joins maps each joined table's columns to null when the join found nothing.
    if (built.joinsNotNullableMap !== undefined) query.joinsNotNullableMap = built.joinsNotNullableMap;
    const sent: Record<string, unknown> = { ...values };
    for (const key of built.unencoded) if (sent[key] instanceof Date) sent[key] = sent[key].toISOString();
    return query.execute(sent) as Promise<Rows<Builder>>;
  };
}

/** Runs Drizzle's own `.prepare()` once, keeping what it handed the session. */
function capture(db: Executor, name: string, build: (db: Executor) => Preparable) {
  const builder = build(db) as Preparable & { session?: Session };
  const session = builder.session;
  if (!session || typeof session.prepareQuery !== 'function')
    throw new Error(`statement ${name}: not a Drizzle query builder with a session`);
  let captured: PrepareArguments | undefined;
  builder.session = new Proxy(session, {
    get(target, property, receiver) {
      if (property !== 'prepareQuery') return Reflect.get(target, property, receiver) as unknown;
      return (...args: PrepareArguments) => {
        captured = args;
        return target.prepareQuery(...args);
      };
    },
  });
  const prepared = builder.prepare(name) as { joinsNotNullableMap?: unknown };
  if (!captured) throw new Error(`statement ${name}: Drizzle did not prepare it through its session`);
  // Placeholders standing alone among the parameters (not in a column's Param): their values are not encoded.
  const unencoded = captured[0].params
    .filter((parameter) => is(parameter, Placeholder))
    .map((parameter) => (parameter as Placeholder).name);
  return { arguments: captured, joinsNotNullableMap: prepared.joinsNotNullableMap, unencoded };
}
