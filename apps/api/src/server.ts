/**
 * The API server. `createServer` builds the Fastify instance without listening (tests call `inject`);
 * `startServer` listens and wires shutdown, for `main.ts` and for the tooling that serves a built client
 * bundle together with the API on one origin.
 */
import { resolve } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { accountsModule } from './accounts/accounts-module.ts';
import { apiModules, type ApiModule } from './api-module.ts';
import { authorisationsModule } from './authorisations/authorisations-module.ts';
import { boatsModule } from './boats/boats-module.ts';
import { cardsModule } from './cards/cards-module.ts';
import { loadClientDirectory } from './clients/client-directory.ts';
import { clientsModule } from './clients/clients-module.ts';
import { BODY_LIMIT_BYTES, CLIENTS_REFRESH_MS, loadConfig, type Config, type LogLevel } from './config.ts';
import { openDatabase, type Database } from './db/database.ts';
import { ChangeFeed } from './live/change-feed.ts';
import { marinaSeeds, seedClients, seedDemoAccounts, type ClientSeed } from './db/seed.ts';
import { healthModule } from './health/health-module.ts';
import { frameworkErrorOptions } from './http/error-handler.ts';
import { loggerOptions } from './http/logging.ts';
import { openApiModule } from './http/openapi-module.ts';
import { securityHeaders } from './http/security.ts';
import { cachedSerializers } from './http/serialization.ts';
import { typedBodyValidators } from './http/validation.ts';
import { jobsPlugin } from './jobs/jobs-plugin.ts';
import { liveModule } from './live/live-module.ts';
import { launchesModule } from './launches/launches-module.ts';
import { notificationsModule } from './notifications/notifications-module.ts';
import { outboxModule } from './outbox/outbox-module.ts';
import { createTransports, type Transports } from './outbox/transports.ts';
import { outingsModule } from './outings/outings-module.ts';
import { pushModule } from './push/push-module.ts';
import {
  clientResolution,
  cookies,
  corsPlugin,
  csrf,
  idempotency,
  jsonOnly,
  knownRoutes,
  notFound,
  openApi,
  problemAnswers,
  requestBodies,
  securityHeadersPlugin,
  sessionLookup,
  textGuard,
} from './server-plugins.ts';
import type { Services } from './services.ts';
import { sessionsModule } from './sessions/sessions-module.ts';
import { staffModule } from './staff/staff-module.ts';

/**
 * Every feature module the API serves, a line each (decision 047): its schemas, routes and jobs
 * (`api-module.ts`). Routes are declared in this order.
 */
const modules: readonly ApiModule[] = [
  outboxModule,
  healthModule,
  clientsModule,
  sessionsModule,
  accountsModule,
  notificationsModule,
  pushModule,
  liveModule,
  boatsModule,
  launchesModule,
  authorisationsModule,
  cardsModule,
  outingsModule,
  staffModule,
  openApiModule,
];

export interface CreateServerOptions {
  config: Config;
  database: Database;
  /** Upserted before the server reads the clients table; omitted, the table is used as it is. */
  clients?: readonly ClientSeed[] | undefined;
  /** Where log lines go; standard output by default. */
  logStream?: NodeJS.WritableStream;
  /** The time as the services see it; tests move it instead of sleeping. */
  clock?: () => Date;
  /** How outbox messages leave; from the configuration (SMTP, SMS provider, else the log) by default. */
  transports?: Transports;
  /**
   * How often this instance looks for due jobs (the outbox among them); 0 leaves it to explicit
   * `app.jobs.runDue()` / `app.jobs.scheduleRecurring()` calls (tests). Default 1 s.
   */
  jobsIntervalMs?: number;
  /** How often the clients table is read again (settings changed on another instance); 0 never. Default CLIENTS_REFRESH_MS. */
  clientsRefreshMs?: number;
}

export async function createServer({
  config,
  database,
  clients,
  logStream,
  clock = () => new Date(),
  transports,
  jobsIntervalMs = 1000,
  clientsRefreshMs = CLIENTS_REFRESH_MS,
}: CreateServerOptions): Promise<FastifyInstance> {
  const { db } = database;
  if (clients) {
    await seedClients(db, clients);
    if (config.nodeEnv !== 'production') await seedDemoAccounts(db, clients, clock());
  }
  const directory = await loadClientDirectory(db);
  const headers = securityHeaders({ production: config.nodeEnv === 'production' });

  const app = Fastify({
    logger: loggerOptions(config.logLevel, logStream),
    bodyLimit: BODY_LIMIT_BYTES,
    // Ids are generated here: an incoming header could forge the correlation of log lines.
    requestIdHeader: false,
    trustProxy: config.trustProxy,
    // Report every wrong field at once, so a form can mark them all.
    ajv: { customOptions: { allErrors: true } },
    // JSON bodies keep their types: a list or a string where a yes/no is expected is refused, not cast.
    // Response serialisers are compiled once per process (http/serialization.ts).
    schemaController: {
      compilersFactory: { buildValidator: typedBodyValidators(), buildSerializer: cachedSerializers },
    },
    // Bad URLs, overlong parameters and requests the HTTP parser refuses are problem+json too.
    ...frameworkErrorOptions(headers),
  });

  // Listening before any route can write: a change committed from now on reaches the streams.
  const changes = new ChangeFeed(app.log);
  await changes.start(database);
  // Before the server waits for the requests in flight: an open stream would keep it waiting for ever.
  app.addHook('preClose', async () => {
    changes.endStreams();
  });
  app.addHook('onClose', async () => {
    await changes.stop();
  });
  const services: Services = { db, config, directory, clock, changes };

  // In this order; each plugin declares the ones it needs before it (server-plugins.ts), and a wrong order
  // stops here.
  await app.register(knownRoutes);
  await app.register(requestBodies);
  await app.register(problemAnswers);
  await app.register(openApi);
  await app.register(securityHeadersPlugin, { headers });
  await app.register(corsPlugin, { config });
  await app.register(cookies);
  await app.register(jsonOnly);
  await app.register(textGuard);
  await app.register(clientResolution, { directory });
  await app.register(sessionLookup, { services });
  await app.register(csrf, { config });
  await app.register(idempotency, { services });
  await app.register(apiModules, { modules, services });
  const outgoing = transports ?? createTransports(config, app.log);
  await app.register(jobsPlugin, { services, modules, transports: outgoing, intervalMs: jobsIntervalMs });
  await app.register(notFound, { staticDir: config.staticDir });

  const refresh =
    clientsRefreshMs > 0
      ? setInterval(
          () => directory.reload().catch((error: unknown) => app.log.warn({ err: error }, 'clients not reloaded')),
          clientsRefreshMs,
        ).unref()
      : undefined;
  app.addHook('onClose', async () => {
    clearInterval(refresh);
  });

  return app;
}

export interface StartServerOptions {
  port?: number;
  host?: string;
  staticDir?: string;
  /** Clients to seed; when omitted, every marina folder under MARINAS_DIR (the repository's `apps/` by default). */
  clients?: readonly ClientSeed[];
  databaseUrl?: string;
  /** PGlite data folder, or `memory`. */
  dataDir?: string;
  /**
   * A database the caller opened, instead of `databaseUrl`/`dataDir`: several listeners in one process
   * share it (a PGlite folder opens once). The caller closes it, after every server using it.
   */
  database?: Database;
  logLevel?: LogLevel;
  /** Environment the rest of the configuration is read from; process.env by default. */
  env?: NodeJS.ProcessEnv;
  /** Close gracefully and exit 0 on SIGTERM and SIGINT. Default true. */
  handleSignals?: boolean;
  /** The time as the services see it (`createServer`'s); the real time by default. */
  clock?: () => Date;
}

export interface RunningServer {
  url: string;
  app: FastifyInstance;
  /** Stops accepting, finishes in-flight requests, closes the database. Safe to call twice. */
  close(): Promise<void>;
}

export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const base = loadConfig(options.env);
  const config: Config = {
    ...base,
    port: options.port ?? base.port,
    host: options.host ?? base.host,
    staticDir: options.staticDir === undefined ? base.staticDir : resolve(options.staticDir),
    databaseUrl: options.databaseUrl ?? base.databaseUrl,
    dataDir:
      options.dataDir === undefined ? base.dataDir : options.dataDir === 'memory' ? 'memory' : resolve(options.dataDir),
    logLevel: options.logLevel ?? base.logLevel,
  };

  // Read before the database is opened: a wrong marina folder stops the start with nothing held.
  const clients = options.clients ?? (await marinaSeeds(config.marinasDir));
  const ownsDatabase = options.database === undefined;
  const database =
    options.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  let app: FastifyInstance | undefined;
  try {
    app = await createServer({ config, database, clients, ...(options.clock ? { clock: options.clock } : {}) });
    app.log.info({ database: database.kind, location: database.location }, 'database ready');
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app?.close();
    if (ownsDatabase) await database.close();
    throw error;
  }

  const running = app;
  const address = running.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : config.port;
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  // Links in messages point here when no app origin is configured (development), now that the port is known.
  config.appOrigin ??= url;

  const onSignal = (signal: NodeJS.Signals) => {
    running.log.info({ signal }, 'shutting down');
    close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      process.off('SIGTERM', onSignal);
      process.off('SIGINT', onSignal);
      // Fastify stops accepting, answers 503 to late arrivals and waits for in-flight requests.
      await running.close();
      if (ownsDatabase) await database.close();
    })();
    return closing;
  };
  if (options.handleSignals ?? true) {
    // `once`: a second Ctrl-C while closing falls back to Node's default and ends the process at once.
    process.once('SIGTERM', onSignal);
    process.once('SIGINT', onSignal);
  }

  return { url, app: running, close };
}
