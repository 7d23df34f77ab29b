/**
 * How long statements wait for locks (decision 036). Requests give up after the pool's lock timeout (the
 * 503 is tested with the bookings, in launch-concurrency.test.ts); an instance starting while another
 * migrates waits for it however long that takes. On PGlite, one connection, nothing waits for a lock: the
 * same calls run one after the other.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { MIGRATION_LOCK_ID } from './database.ts';

describe('lock waits', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('lets an instance wait for another’s migrations beyond the lock timeout its requests have', async () => {
    let opened: ReturnType<TestDatabase['connectAgain']> | undefined;
    let openedAt = 0;
    const began = Date.now();
    await database.db.transaction(async (tx) => {
      // As an instance migrating: the lock every instance takes before its migrations.
      await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_ID})`);
      opened = database.connectAgain({ lockTimeoutMs: 100 });
      void opened.then(() => (openedAt = Date.now()));
      await new Promise((resolve) => setTimeout(resolve, 400));
    });
    const other = await opened!;
    try {
      if (database.kind === 'postgres') {
        expect(openedAt - began).toBeGreaterThanOrEqual(400);
        // The connection that waited went back to the pool with the requests' limit again: ten statements at
        // once take all ten connections, and each says so.
        const settings = await Promise.all(
          Array.from({ length: 10 }, async () => {
            const rows = (await other.db.execute(
              sql`select current_setting('lock_timeout') as value, pg_sleep(0.05)`,
            )) as unknown as { value: string }[];
            return rows[0]!.value;
          }),
        );
        expect(settings).toEqual(Array(10).fill('100ms'));
      }
      await expect(other.db.execute(sql`select 1`)).resolves.toBeDefined();
    } finally {
      await other.close();
    }
  });
});
