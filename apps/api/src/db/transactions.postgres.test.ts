/**
 * Transactions on PostgreSQL when the pool is busy. postgres.js sends each request's statements ahead of the
 * answers, up to 100 per connection (its pipeline); a transaction must still get a connection of its own
 * however full the others are, and leave none inside a transaction when it ends.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { Socket } from 'node:net';
import { commitWithLast, POOL_SIZE, type Database } from './database.ts';

/** postgres.js's `max_pipeline`: the statements a connection is sent before the first is answered. */
const PIPELINE = 100;
const LOCK_KEY = 7_415_101;

// The pool's own mechanics: PGlite has one connection and no pool, so this file runs on PostgreSQL only
// (`*.postgres.test.ts`, vitest.config.ts).
describe('transactions on a busy pool', () => {
  let database: TestDatabase;
  let other: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
    other = await database.connectAgain();
  });
  afterAll(async () => {
    await other?.close();
    await database?.close();
  });

  /** Statements started now (Drizzle's queries run when awaited). */
  const started = <T>(query: PromiseLike<T>) => Promise.resolve(query);

  /** Another instance takes the advisory lock and holds it until `release`; `holder` ends with its transaction. */
  async function holdLock(): Promise<{ release: () => void; holder: Promise<unknown> }> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const lockHeld = new Promise<void>((resolve) => (locked = resolve));
    const holder = other.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_KEY})`);
      locked();
      await released;
    });
    await lockHeld;
    return { release, holder };
  }

  /**
   * Runs `during` while every connection of the pool runs one statement that waits for a lock held by another
   * instance, then lets them all go on; answers what `during` answered.
   */
  async function withEveryConnectionBusy<T>(
    during: () => Promise<T>,
  ): Promise<{ value: T; blocked: Promise<unknown> }> {
    const { release, holder } = await holdLock();
    const blocked = Array.from({ length: POOL_SIZE }, () =>
      started(database.db.execute(sql`select pg_advisory_xact_lock_shared(${LOCK_KEY})`)),
    );
    await vi.waitFor(async () => {
      const [waiting] = (await other.db.execute(
        sql`select count(*)::int as count from pg_locks where locktype = 'advisory' and not granted`,
      )) as unknown as { count: number }[];
      expect(waiting!.count).toBe(POOL_SIZE);
    });
    const value = await during();
    release();
    await holder;
    return { value, blocked: Promise.all(blocked) };
  }

  it('gives a transaction begun behind full pipelines a connection of its own, and leaves none in a transaction', async () => {
    // Every connection opened and idle, so that the next statements are spread over all of them alike.
    await (
      await withEveryConnectionBusy(async () => undefined)
    ).blocked;

    const { value, blocked } = await withEveryConnectionBusy(async () => {
      // One statement short of a full pipeline on every connection: the transaction's BEGIN comes last on one.
      const queued = Array.from({ length: POOL_SIZE * (PIPELINE - 1) }, () =>
        started(database.db.execute(sql`select 1`)),
      );
      // Drizzle hands a statement to postgres.js a few promise steps after it is started: all of them first.
      await new Promise((resolve) => setImmediate(resolve));
      const committed = database.db.transaction(async (tx) => {
        const [row] = (await tx.execute(sql`select pg_current_xact_id()::text as id`)) as unknown as { id: string }[];
        return row!.id;
      });
      // Settled, so that a refusal is not unhandled while the lock is still held.
      return { answers: Promise.allSettled([committed, ...queued]) };
    });
    await blocked;
    const [transaction, ...statements] = await value.answers;
    expect(statements.filter((answer) => answer.status === 'rejected')).toEqual([]);
    if (transaction!.status === 'rejected') throw transaction!.reason;
    expect(transaction!.value).toMatch(/^\d+$/);

    const [inTransaction] = (await other.db.execute(
      sql`select count(*)::int as count from pg_stat_activity
          where datname = current_database() and state like 'idle in transaction%'`,
    )) as unknown as { count: number }[];
    expect(inTransaction!.count).toBe(0);
  });

  it('rolls a savepoint back alone, and gives the connection of a failed transaction back to the pool', async () => {
    await database.db.execute(sql`create table transaction_probe (value text not null)`);
    const failed = new Error('refused');
    // More failed transactions than connections: one kept out of the pool after its rollback would show.
    for (let round = 0; round < POOL_SIZE + 1; round++) {
      await expect(
        database.db.transaction(async (tx) => {
          await tx.execute(sql`insert into transaction_probe values ('rolled back')`);
          throw failed;
        }),
      ).rejects.toBe(failed);
    }
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into transaction_probe values ('kept')`);
      await expect(
        tx.transaction(async (nested) => {
          await nested.execute(sql`insert into transaction_probe values ('savepoint')`);
          throw failed;
        }),
      ).rejects.toBe(failed);
      await tx.transaction((nested) => nested.execute(sql`insert into transaction_probe values ('nested')`));
    });
    const rows = (await database.db.execute(sql`select value from transaction_probe order by value`)) as unknown as {
      value: string;
    }[];
    expect(rows.map((row) => row.value)).toEqual(['kept', 'nested']);
  });

  it('sends COMMIT with the last statements in one write, and rolls all back when one of them fails', async () => {
    await database.db.execute(sql`create table commit_probe (value text not null)`);
    const writes = vi.spyOn(Socket.prototype, 'write');
    try {
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into commit_probe values ('first')`);
        writes.mockClear();
        const last = Promise.all([
          tx.execute(sql`insert into commit_probe values ('second')`),
          tx.execute(sql`insert into commit_probe values ('third')`),
        ]);
        commitWithLast(tx);
        await last;
      });
      // The two inserts and COMMIT left together: one round trip, not two.
      expect(writes).toHaveBeenCalledTimes(1);
    } finally {
      writes.mockRestore();
    }
    // More failed transactions than connections: one left inside its transaction would show below.
    for (let round = 0; round < POOL_SIZE + 1; round++) {
      await expect(
        database.db.transaction(async (tx) => {
          await tx.execute(sql`insert into commit_probe values ('rolled back')`);
          const last = Promise.all([
            tx.execute(sql`insert into commit_probe values ('rolled back too')`),
            tx.execute(sql`insert into commit_probe values (null)`),
            tx.execute(sql`insert into commit_probe values ('after the failure')`),
          ]);
          commitWithLast(tx);
          await last;
        }),
      ).rejects.toMatchObject({ cause: { code: '23502' } });
    }
    const rows = (await database.db.execute(sql`select value from commit_probe order by value`)) as unknown as {
      value: string;
    }[];
    expect(rows.map((row) => row.value)).toEqual(['first', 'second', 'third']);
    const [inTransaction] = (await other.db.execute(
      sql`select count(*)::int as count from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'`,
    )) as unknown as { count: number }[];
    expect(inTransaction!.count).toBe(0);
  });

  it('ends a transaction whose connection is lost with an error, and the pool goes on', async () => {
    const { release, holder } = await holdLock();
    let backend: number | undefined;
    const lost = database.db.transaction(async (tx) => {
      const [row] = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as { pid: number }[];
      backend = row!.pid;
      await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_KEY})`);
    });
    // The server ends the connection while its statement waits for the lock (a restart, an administrator).
    await vi.waitFor(async () => {
      const [waiting] = (await other.db.execute(
        sql`select count(*)::int as count from pg_locks where locktype = 'advisory' and not granted and pid = ${backend ?? 0}`,
      )) as unknown as { count: number }[];
      expect(waiting!.count).toBe(1);
    });
    await other.db.execute(sql`select pg_terminate_backend(${backend!})`);
    await expect(lost).rejects.toThrow();
    release();
    await holder;
    const answers = await Promise.all(
      Array.from({ length: POOL_SIZE + 1 }, () =>
        database.db.transaction(async (tx) => tx.execute(sql`select 1 as one`)),
      ),
    );
    expect(answers).toHaveLength(POOL_SIZE + 1);
  });
});
