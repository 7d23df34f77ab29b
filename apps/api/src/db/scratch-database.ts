/**
 * A fresh database on a PostgreSQL server, created for one run and dropped after it: each API test file gets
 * one (test-database.ts), and so does the launch benchmark (`pnpm bench:launches`).
 */
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { connectionOf, openDatabase, type Database, type OpenDatabaseOptions } from './database.ts';

export interface ScratchDatabase extends Database {
  /** Its address, for a second connection (another API instance). */
  url: string;
}

/** `maintenanceUrl` names a database the role can connect to and create others from (such as `postgres`). */
export async function openScratchDatabase(
  maintenanceUrl: string,
  prefix = 'marina_test',
  options: Pick<OpenDatabaseOptions, 'lockTimeoutMs'> = {},
): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const { url: serverUrl, path } = connectionOf(maintenanceUrl);
  const admin = postgres(serverUrl, { ...(path ? { path } : {}), max: 1, onnotice: () => {} });
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
    const database = await openDatabase({ databaseUrl: url.toString(), ...options });
    return {
      ...database,
      url: url.toString(),
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
