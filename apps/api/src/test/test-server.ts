import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { marinaSeeds } from '../db/seed.ts';
import type { Transports } from '../outbox/transports.ts';
import { createServer } from '../server.ts';
import { openTestDatabase, testConfig, type TestDatabase } from './test-database.ts';

export interface TestServerOptions {
  config?: Partial<Config>;
  logStream?: NodeJS.WritableStream;
  clock?: () => Date;
  transports?: Transports;
  /** Jobs (the outbox among them) run only on explicit `app.jobs.runDue()` unless an interval is given. */
  jobsIntervalMs?: number;
  /** The clients table is read again only when a test asks, unless an interval is given. */
  clientsRefreshMs?: number;
}

/**
 * A server over the test database with the repository's marinas (41, 25, 63), seeded from their folders as
 * at every start, and their demo owners, ready for `inject`.
 */
export async function createTestServer(database: Database, options: TestServerOptions = {}): Promise<FastifyInstance> {
  const config = testConfig(options.config);
  return createServer({
    config,
    database,
    clients: await marinaSeeds(config.marinasDir),
    jobsIntervalMs: options.jobsIntervalMs ?? 0,
    clientsRefreshMs: options.clientsRefreshMs ?? 0,
    ...(options.logStream ? { logStream: options.logStream } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.transports ? { transports: options.transports } : {}),
  });
}

export interface TestServer {
  database: TestDatabase;
  app: FastifyInstance;
}

/**
 * One fresh database and server for a test file, closed after it. `ready` hands them to the file's own
 * variables, so its tests keep reading `app` and `database`.
 */
export function useTestServer(ready: (server: TestServer) => void, options: TestServerOptions = {}): void {
  let server: TestServer | undefined;
  beforeAll(async () => {
    const database = await openTestDatabase();
    server = { database, app: await createTestServer(database, options) };
    ready(server);
  });
  afterAll(async () => {
    await server?.app.close();
    await server?.database.close();
  });
}

export const PROBLEM_JSON = /^application\/problem\+json/;
