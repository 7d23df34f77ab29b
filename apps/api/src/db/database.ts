/**
 * Opens the database and brings its schema up to date. Embedded PGlite by default (one command, no server);
 * a PostgreSQL server when a URL is given, which is what deployments use (docs/product.md §8). Both speak the same
 * dialect, so callers get one Drizzle API.
 *
 * Several API instances may share one server: migrations take an advisory lock, and timed work goes through
 * the jobs module (src/jobs/, decision 014), which claims rows with `FOR UPDATE SKIP LOCKED` so nothing runs
 * twice.
 */
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { lockDataDir } from './data-dir-lock.ts';

/**
 * The database as queries see it. Queries name the tables they use, imported from the modules that own
 * them (`<module>/<module>.schema.ts`); Drizzle's relational `db.query` API, the one use of a schema given
 * here, is not used, so opening the database imports no table.
 */
export type Db = PgDatabase<PgQueryResultHKT>;
/** A transaction, as given to the callback of `db.transaction`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** What a query helper runs on: the database, or a transaction the caller opened. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Where the data lives, safe to log (no credentials). */
  location: string;
  /**
   * Calls `onPayload` with each notification on `channel` (`pg_notify`, delivered once its transaction
   * commits), from every connection to the database; resolves once listening, with what stops it. On
   * PostgreSQL the listening connection is postgres.js's own, outside the pool, opened again when lost:
   * `onReconnect` then says that notifications sent meanwhile were missed.
   */
  listen(channel: string, onPayload: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** postgres:// URL of a server; wins over `dataDir`. */
  databaseUrl?: string | undefined;
  /** PGlite data folder, or `memory` for a throw-away database (tests). */
  dataDir?: string | undefined;
  /** A PGlite data folder archive (`dumpDataDir`) to start an in-memory database from; saves initdb in tests. */
  pgliteTemplate?: Blob | undefined;
  /** PostgreSQL: how long a statement waits for a row lock before it gives up (`LOCK_WAIT_MS` by default). */
  lockTimeoutMs?: number | undefined;
}

/**
 * How long a statement on PostgreSQL waits for another transaction's lock before giving up (decision 036). A
 * booking holds its account's and its slot's rows for a few milliseconds; a wait of seconds means a pile-up
 * (a phone retrying in a storm, a stuck instance), and each waiting request holds one of the pool's
 * connections. It ends with a 503, its transaction rolled back, rather than with a full pool.
 */
export const LOCK_WAIT_MS = 5_000;
/** A transaction left open and idle this long (an instance stopped mid-request) is ended, its locks freed. */
export const IDLE_IN_TRANSACTION_MS = 30_000;
/** PostgreSQL: the connections an instance opens at most. */
export const POOL_SIZE = 10;

export const MIGRATIONS_FOLDER = resolve(import.meta.dirname, '../../drizzle');
// Arbitrary but fixed: every instance must agree on it.
export const MIGRATION_LOCK_ID = 7_415_001;

export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.lockTimeoutMs ?? LOCK_WAIT_MS);
  return openPglite(options.dataDir ?? 'memory', options.pgliteTemplate);
}

async function openPglite(dataDir: string, template: Blob | undefined): Promise<Database> {
  const inMemory = dataDir === 'memory';
  let release = () => {};
  if (!inMemory) {
    mkdirSync(dirname(resolve(dataDir)), { recursive: true });
    // Before PGlite touches the folder: a second process must not even read it (DataDirInUseError).
    release = lockDataDir(resolve(dataDir));
  }
  try {
    if (!inMemory) mkdirSync(dataDir, { recursive: true });
    const client = await PGlite.create({
      ...(inMemory ? {} : { dataDir }),
      ...(inMemory && template ? { loadDataDir: template } : {}),
    });
    try {
      const db = drizzlePglite({ client });
      await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
      return {
        db,
        kind: 'pglite',
        location: inMemory ? 'memory' : dataDir,
        // One process, one connection: PGlite hands every notification its queries raise to its listeners.
        listen: async (channel, onPayload) => {
          const stop = await client.listen(channel, onPayload);
          return async () => {
            if (!client.closed) await stop();
          };
        },
        close: async () => {
          try {
            await client.close();
          } finally {
            release();
          }
        },
      };
    } catch (error) {
      await client.close();
      throw error;
    }
  } catch (error) {
    release();
    throw error;
  }
}

/**
 * postgres.js's options for a URL. Like libpq, `?host=/a/folder` names the folder of a server's Unix socket
 * (`postgres://user:password@localhost/db?host=/var/run/postgresql`): for a server on the same machine, it
 * spares both sides the TCP stack (decision 032).
 */
export function connectionOf(databaseUrl: string): { url: string; path?: string } {
  const url = new URL(databaseUrl);
  const socketFolder = url.searchParams.get('host');
  if (!socketFolder?.startsWith('/')) return { url: databaseUrl };
  url.searchParams.delete('host');
  return { url: url.toString(), path: `${socketFolder}/.s.PGSQL.${url.port || 5432}` };
}

/** Every statement with parameters as a prepared statement (see `preparing`). */
function preparedUnsafe(client: Pick<postgres.Sql, 'unsafe'>): postgres.Sql['unsafe'] {
  return (query: string, parameters?: postgres.ParameterOrJSON<never>[], options?: postgres.UnsafeQueryOptions) =>
    client.unsafe(query, parameters, { ...options, prepare: true });
}

/**
 * The client as Drizzle gets it: every query with parameters as a prepared statement. Drizzle asks
 * postgres.js for one only when the query is given a name (`.prepare('name')`), so every other statement
 * would be parsed and planned again on each call; postgres.js keeps one prepared statement per distinct SQL
 * text and connection, and a booking's dozen statements are then only bound and run (decision 032).
 * Transactions run on a connection of their own (`transaction`), whose client is wrapped the same way.
 */
function preparing(client: postgres.Sql): postgres.Sql {
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === 'unsafe') return preparedUnsafe(target);
      if (property === 'begin') {
        return (...args: unknown[]) => {
          const work = args.pop() as TransactionWork<unknown>;
          return transaction(target, typeof args[0] === 'string' ? args[0] : '', work);
        };
      }
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
}

type TransactionWork<T> = (sql: postgres.TransactionSql) => T | Promise<T>;

/**
 * `sql.begin`, on a connection that nothing else uses while the transaction runs. postgres.js's own
 * `sql.begin` sends BEGIN through the pool, which may queue it behind other requests' statements on a busy
 * connection; when that write fills the connection's pipeline (100 statements) or meets a full socket buffer,
 * postgres.js 3.4.9 skips marking the connection as the transaction's (porsager/postgres#823, #1189). The BEGIN
 * then fails with UNSAFE_TRANSACTION, an unexplained 500 in a burst, and the connection goes back to the pool
 * inside the transaction PostgreSQL has begun: other requests' statements run in it, never committed, until
 * a later COMMIT on that connection or the idle-in-transaction timeout ends it. `sql.reserve` hands out an
 * idle connection only, and keeps it out of the pool until it is released.
 */
/** Each running transaction's connection, by the client its work is given, and its COMMIT once handed early. */
const running = new WeakMap<
  object,
  { connection: postgres.ReservedSql; commit?: Promise<postgres.RowList<postgres.Row[]>> }
>();

/**
 * Hands COMMIT to the transaction's connection right behind the statements its work has handed in this turn of
 * the event loop, so they leave in one write and the transaction ends without a round trip of its own (decision
 * 069). Call it right after handing the transaction's last statements, before awaiting them. A statement among
 * them that fails aborts the transaction, and the COMMIT behind it then rolls it back: the work awaits its
 * statements and throws their error as usual. Anything else the work checks must be checked before: once this
 * is called, the work must not throw but for a statement's error (the transaction may be committed already).
 *
 * COMMIT is handed on the next `setImmediate`: the statements reach postgres.js in microtasks, all run before
 * it, and postgres.js gathers what a connection is handed until its own `setImmediate`, queued after this one.
 * Where statements are not sent ahead (PGlite, a savepoint) it does nothing: the transaction commits when the
 * work returns, as any other.
 */
export function commitWithLast(tx: Executor): void {
  const client = (tx._.session as unknown as { client?: object }).client;
  const open = client === undefined ? undefined : running.get(client);
  if (!open || open.commit) return;
  open.commit = new Promise((resolve, reject) => {
    setImmediate(() => open.connection.unsafe('commit').then(resolve, reject));
  });
  // Awaited by `transaction`, which reads its outcome; never left unhandled meanwhile.
  open.commit.catch(() => {});
}

async function transaction<T>(client: postgres.Sql, mode: string, work: TransactionWork<T>): Promise<T> {
  const connection = await client.reserve();
  const open: { connection: postgres.ReservedSql; commit?: Promise<postgres.RowList<postgres.Row[]>> } = {
    connection,
  };
  // The connection goes back to the pool once outside the transaction: after its COMMIT or ROLLBACK (one whose
  // ROLLBACK failed is not known to be, and stays out). A lost connection is the pool's already (postgres.js
  // opens it again), and nothing may be sent on it.
  let ended = false;
  try {
    let result: T;
    try {
      // Not awaited: BEGIN leaves in one write with the work's first statements and costs no round trip of
      // its own (decision 064). postgres.js sends a connection's statements in the order they are handed to it,
      // and BEGIN is handed first (the work has not started yet), so it runs first. It parses nothing and fails
      // only when the connection does, and then so does every statement after it; its failure, if any, is the
      // one thrown.
      const begun = connection.unsafe(`begin ${mode.replace(/[^a-z ]/gi, '')}`).then(
        () => null,
        (error: unknown) => ({ error }),
      );
      let outcome: { value: T } | { error: unknown };
      try {
        const sql = transactionSql(connection, { count: 0 });
        running.set(sql, open);
        outcome = { value: await work(sql) };
      } catch (error) {
        outcome = { error };
      }
      const failed = await begun;
      if (failed) throw failed.error;
      if ('error' in outcome) throw outcome.error;
      result = outcome.value;
    } catch (error) {
      if (open.commit) {
        // The COMMIT handed with the last statements ended the transaction (rolled back, as one failed).
        const ending = await open.commit.then(
          () => null,
          (failure: unknown) => failure,
        );
        ended = ending === null || !connectionLost(ending);
      } else if (!connectionLost(error)) {
        await connection.unsafe('rollback');
        ended = true;
      }
      throw error;
    }
    let committed: postgres.RowList<postgres.Row[]>;
    try {
      committed = await (open.commit ?? connection.unsafe('commit'));
    } catch (error) {
      // A COMMIT PostgreSQL refused (a deferred constraint, a serialization failure) rolled back.
      ended = !connectionLost(error);
      throw error;
    }
    ended = true;
    // What postgres.js's `sql.begin` does too: a statement failed and the work went on, so COMMIT rolled back.
    if (committed.command !== 'COMMIT') throw new Error('a statement of the transaction failed: it was rolled back');
    return result;
  } finally {
    if (ended) connection.release();
  }
}

/** The transaction's client as `sql.begin` gives it: statements on its connection, and savepoints. */
function transactionSql(connection: postgres.ReservedSql, savepoints: { count: number }): postgres.TransactionSql {
  const savepoint = async <T>(...args: unknown[]): Promise<T> => {
    const work = args.pop() as TransactionWork<T>;
    const name = `s${savepoints.count++}${typeof args[0] === 'string' ? `_${args[0].replace(/[^a-z0-9_]/gi, '')}` : ''}`;
    await connection.unsafe(`savepoint ${name}`);
    let result: T;
    try {
      result = await work(transactionSql(connection, savepoints));
    } catch (error) {
      if (!connectionLost(error)) await connection.unsafe(`rollback to savepoint ${name}`);
      throw error;
    }
    await connection.unsafe(`release savepoint ${name}`);
    return result;
  };
  return new Proxy(connection, {
    get(target, property, receiver) {
      if (property === 'unsafe') return preparedUnsafe(target);
      if (property === 'savepoint') return savepoint;
      return Reflect.get(target, property, receiver) as unknown;
    },
  }) as unknown as postgres.TransactionSql;
}

/**
 * The statement failed because the connection went away (postgres.js's CONNECTION_CLOSED and the like, or the
 * socket's own error, both with an `errno`), not because PostgreSQL refused it: there is no transaction left
 * to end. Drizzle wraps the driver's error in its own (`cause`).
 */
function connectionLost(error: unknown): boolean {
  let current = error;
  for (let depth = 0; depth < 4 && typeof current === 'object' && current !== null; depth++) {
    if ('errno' in current) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

async function openPostgres(databaseUrl: string, lockTimeoutMs: number): Promise<Database> {
  const { url: serverUrl, path } = connectionOf(databaseUrl);
  const client = postgres(serverUrl, {
    ...(path ? { path } : {}),
    max: POOL_SIZE,
    connect_timeout: 10,
    // Sent when each connection starts: no statement of its own per transaction.
    connection: { lock_timeout: lockTimeoutMs, idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_MS },
    // "schema already exists, skipping" and the like are not worth a line on the console.
    onnotice: () => {},
  });
  try {
    const db = drizzlePostgres({ client: preparing(client) });
    // A dedicated connection holds the lock so that instances starting together migrate one at a time.
    const lock = await client.reserve();
    try {
      // An instance waits for another's migrations as long as they take, not LOCK_WAIT_MS.
      await lock`set lock_timeout = 0`;
      await lock`select pg_advisory_lock(${MIGRATION_LOCK_ID})`;
      await migratePostgres(db, { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await lock`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`.catch(() => {});
      await lock`reset lock_timeout`.catch(() => {});
      lock.release();
    }
    const url = new URL(serverUrl);
    return {
      db,
      kind: 'postgres',
      location: path ? `${path}${url.pathname}` : `${url.hostname}:${url.port || 5432}${url.pathname}`,
      listen: async (channel, onPayload, onReconnect) => {
        let listening = false;
        const request = await client.listen(channel, onPayload, () => {
          // Called on the first LISTEN too; only a later call follows a lost connection.
          if (listening) onReconnect?.();
          listening = true;
        });
        listening = true;
        return () => request.unlisten();
      },
      close: () => client.end({ timeout: 5 }),
    };
  } catch (error) {
    await client.end({ timeout: 1 });
    throw error;
  }
}

/** A cheap round trip, for health checks. */
export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
