/**
 * The database a test file runs on. In-memory PGlite by default, copied from the migrated template that
 * global-setup.ts builds. With TEST_DATABASE_URL (a maintenance connection such as
 * postgres://marina:marina@127.0.0.1:5432/postgres) a fresh database is created on that server for the
 * file and dropped afterwards, so files stay isolated and can run in parallel.
 */
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { join } from 'node:path';
import { loadConfig, REPO_ROOT, type Config } from '../config.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { openScratchDatabase } from '../db/scratch-database.ts';

export interface TestDatabase extends Database {
  /**
   * Another instance's connection to the same database, as a second API process would have: its own pool
   * on PostgreSQL; on PGlite (one process, one connection) the same database, whose close does nothing.
   */
  connectAgain(options?: { lockTimeoutMs?: number }): Promise<Database>;
}

const TEST_LOCK_WAIT_MS = 30_000;

export async function openTestDatabase(): Promise<TestDatabase> {
  const maintenanceUrl = process.env.TEST_DATABASE_URL;
  if (!maintenanceUrl) {
    const template = inject('pgliteTemplate');
    const database = await openDatabase({
      dataDir: 'memory',
      pgliteTemplate: template ? new Blob([readFileSync(template)]) : undefined,
    });
    return { ...database, connectAgain: async () => ({ ...database, close: async () => {} }) };
  }

  // Bursts of 200 requests on one row queue for it: on a loaded machine the last may wait longer than the 5 s
  // a deployment allows (decision 036), which is not what those tests are about. The 503 has a test of its own.
  const lockTimeoutMs = TEST_LOCK_WAIT_MS;
  const database = await openScratchDatabase(maintenanceUrl, undefined, { lockTimeoutMs });
  return {
    ...database,
    connectAgain: (options = {}) => openDatabase({ databaseUrl: database.url, lockTimeoutMs, ...options }),
  };
}

/**
 * The fixture marinas the tests seed (decision 046): 901 by SMS, 902 by e-mail in the Canaries, 903 the other
 * marina. Never the real brands' folders under apps/: editing one of those must not break a test.
 */
export const FIXTURE_MARINAS_DIR = join(REPO_ROOT, 'tooling', 'fixtures', 'marinas');

export function testConfig(overrides: Partial<Config> = {}): Config {
  // The development routes (outbox, expire-codes) are how tests read what was "sent".
  return { ...loadConfig({ NODE_ENV: 'test', DEV_ROUTES: '1', MARINAS_DIR: FIXTURE_MARINAS_DIR }), ...overrides };
}
