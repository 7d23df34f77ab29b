import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { DEFAULT_CLIENTS } from '../db/seed.ts';
import { createServer } from '../server.ts';
import { testConfig } from './test-database.ts';

/** A server over the test database with the default clients (41, 25, 63), ready for `inject`. */
export function createTestServer(
  database: Database,
  options: { config?: Partial<Config>; logStream?: NodeJS.WritableStream } = {},
): Promise<FastifyInstance> {
  return createServer({
    config: testConfig(options.config),
    database,
    clients: DEFAULT_CLIENTS,
    ...(options.logStream ? { logStream: options.logStream } : {}),
  });
}

export const PROBLEM_JSON = /^application\/problem\+json/;
