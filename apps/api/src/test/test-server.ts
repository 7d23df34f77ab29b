import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
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
 * A server over the test database with the fixture marinas (901, 902, 903: `FIXTURE_MARINAS_DIR`), seeded
 * from their folders as at every start, and their demo owners, ready for `inject`.
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

/** A refusal as the API answers one: the status, a problem+json body, and its stable code. */
export function expectProblem(
  response: { statusCode: number; body: string; headers: Record<string, unknown>; json: () => { code: string } },
  status: number,
  code: string,
) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toMatch(PROBLEM_JSON);
  expect(response.json().code).toBe(code);
}

/** An API instance besides the file's own, over the same database. */
export interface OtherInstance {
  app: FastifyInstance;
  db: Database;
  /** Closes its server, then its connection. */
  close(): Promise<void>;
}

/**
 * Another API process over `database`: its own connection (its own pool on PostgreSQL), server and worker,
 * as a second process behind a load balancer.
 */
export async function startOtherInstance(
  database: TestDatabase,
  options: TestServerOptions = {},
): Promise<OtherInstance> {
  const db = await database.connectAgain();
  const app = await createTestServer(db, options);
  return {
    app,
    db,
    close: async () => {
      await app.close();
      await db.close();
    },
  };
}

export interface TwoInstancesOptions {
  /** Run on the file's server before the second instance starts (what it must read at its start, e.g. settings). */
  setUp?: (server: TestServer) => Promise<void>;
  /** Each instance schedules its recurring jobs before its first run of what is due. */
  recurring?: boolean;
}

/**
 * The file's server and a second instance on the same database and clock, as two processes behind a load
 * balancer (on PostgreSQL, TEST_DATABASE_URL, each with its own connections); both closed after the file.
 * `bothRun` has both run what is due at the same time, twice; `at` first moves the clock to `instant`.
 */
export function useTwoInstances(
  ready: (instances: { server: TestServer; other: OtherInstance }) => void,
  clock: { now(): Date; advance(ms: number): void },
  { setUp, recurring = false }: TwoInstancesOptions = {},
) {
  let server: TestServer | undefined;
  let other: OtherInstance | undefined;
  useTestServer((first) => (server = first), { clock: clock.now });
  beforeAll(async () => {
    await setUp?.(server!);
    other = await startOtherInstance(server!.database, { clock: clock.now });
    ready({ server: server!, other });
  });
  afterAll(async () => {
    await other?.close();
  });

  async function bothRun() {
    const apps = [server!.app, other!.app];
    await Promise.all(
      apps.map(async (app) => {
        if (recurring) await app.jobs.scheduleRecurring();
        await app.jobs.runDue();
      }),
    );
    await Promise.all(apps.map((app) => app.jobs.runDue()));
  }

  return {
    bothRun,
    async at(instant: string | number) {
      clock.advance(new Date(instant).getTime() - clock.now().getTime());
      await bothRun();
    },
  };
}

/**
 * A log stream that keeps what the server logs (each line cut at 2,000 characters), for a burst's failure to
 * show a 500's cause: `useTestServer(…, { config: { logLevel: 'error' }, logStream: log.stream })`.
 */
export function keptLog(): { lines: string[]; stream: Writable } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk).slice(0, 2_000));
      done();
    },
  });
  return { lines, stream };
}
