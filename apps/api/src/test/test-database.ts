/**
 * The database a test file runs on. In-memory PGlite by default, copied from the migrated template that
 * global-setup.ts builds. With TEST_DATABASE_URL (a maintenance connection such as
 * postgres://marina:marina@127.0.0.1:5432/postgres) a fresh database is created on that server for the
 * file and dropped afterwards, so files stay isolated and can run in parallel.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import postgres from 'postgres';
import { inject } from 'vitest';
import { loadConfig, type Config } from '../config.ts';
import { openDatabase, type Database } from '../db/database.ts';

export interface TestDatabase extends Database {
  /**
   * Another instance's connection to the same database, as a second API process would have: its own pool
   * on PostgreSQL; on PGlite (one process, one connection) the same database, whose close does nothing.
   */
  connectAgain(): Promise<Database>;
}

export async function openTestDatabase(): Promise<TestDatabase> {
  const maintenanceUrl = process.env.TEST_DATABASE_URL;
  if (!maintenanceUrl) {
    const template = inject('pgliteTemplate');
    const database = await openDatabase({ dataDir: 'memory', pgliteTemplate: template ? new Blob([readFileSync(template)]) : undefined });
    return { ...database, connectAgain: async () => ({ ...database, close: async () => {} }) };
  }

  const name = `marina_test_${randomBytes(6).toString('hex')}`;
  const admin = postgres(maintenanceUrl, { max: 1, onnotice: () => {} });
  const dropAndDisconnect = async () => {
    // FORCE cannot end an autovacuum worker unless the role may signal it (npm test grants that); on a
    // server set up by hand, wait for the worker to finish instead.
    for (let attempt = 1; ; attempt += 1) {
      try {
        await admin.unsafe(`drop database if exists ${name} with (force)`);
        break;
      } catch (error) {
        if (attempt >= 20 || (error as { code?: string }).code !== '42501') throw error;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
    await admin.end();
  };
  const url = new URL(maintenanceUrl);
  url.pathname = `/${name}`;
  try {
    await admin.unsafe(`create database ${name}`);
    const database = await openDatabase({ databaseUrl: url.toString() });
    return {
      ...database,
      connectAgain: () => openDatabase({ databaseUrl: url.toString() }),
      close: async () => {
        await database.close();
        await dropAndDisconnect();
      },
    };
  } catch (error) {
    await dropAndDisconnect().catch(() => {});
    throw error;
  }
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  // The development routes (outbox, expire-codes) are how tests read what was "sent".
  return { ...loadConfig({ NODE_ENV: 'test', DEV_ROUTES: '1' }), ...overrides };
}
