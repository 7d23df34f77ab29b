/**
 * The API server. `createServer` builds the Fastify instance without listening (tests call `inject`);
 * `startServer` listens and wires shutdown, for `main.ts` and for the tooling that serves a built client
 * bundle together with the API on one origin.
 */
import { resolve } from 'node:path';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { loadClientDirectory } from './clients/client-directory.ts';
import { accountSummarySchema, sessionInfoSchema } from './accounts/account-summary.ts';
import { passwordResetRoutes } from './accounts/password-reset-routes.ts';
import { profileRoutes } from './accounts/profile-routes.ts';
import { registrationRoutes } from './accounts/registration-routes.ts';
import { boatRoutes } from './boats/boat-routes.ts';
import { boatSchemas } from './boats/boat-schemas.ts';
import { authorisationExpiryHandler } from './authorisations/authorisation-expiry.ts';
import { authorisationRoutes } from './authorisations/authorisation-routes.ts';
import { cardRoutes } from './cards/card-routes.ts';
import { cardSchemas } from './cards/card-schemas.ts';
import { authorisationSchemas } from './authorisations/authorisation-schemas.ts';
import { contractExpiryHandler } from './boats/contract-expiry.ts';
import { contractRoutes } from './boats/contract-routes.ts';
import { dataValidationRoutes } from './boats/data-validation-routes.ts';
import { registerClientResolution } from './clients/client-resolution.ts';
import { clientRoutes } from './clients/client-routes.ts';
import { clientSettingsSchema } from './clients/client-settings.ts';
import { API_PREFIX, BODY_LIMIT_BYTES, CLIENTS_REFRESH_MS, loadConfig, type Config, type LogLevel } from './config.ts';
import { openDatabase, type Database } from './db/database.ts';
import { marinaSeeds, seedClients, seedDemoAccounts, type ClientSeed } from './db/seed.ts';
import { healthRoutes } from './health/health-routes.ts';
import { launchReminderHandler } from './launches/launch-reminders.ts';
import { launchRoutes } from './launches/launch-routes.ts';
import { launchSchemas } from './launches/launch-schemas.ts';
import { launchSweepHandler } from './launches/launch-sweep.ts';
import { outingOverdueHandler } from './outings/outing-overdue.ts';
import { outingRoutes } from './outings/outing-routes.ts';
import { outingSchemas } from './outings/outing-schemas.ts';
import { errorHandler, frameworkErrorOptions } from './http/error-handler.ts';
import { registerJsonOnly } from './http/json-only.ts';
import { loggerOptions } from './http/logging.ts';
import { openApiRoutes, registerOpenApi } from './http/openapi.ts';
import { registerNotFound, trackRoutes } from './http/not-found.ts';
import { problemSchema } from './http/problem.ts';
import { registerSecurityHeaders, securityHeaders } from './http/security.ts';
import { registerStaticBundle } from './http/static-bundle.ts';
import { registerTextGuard, requireDerivedBodies, typedBodyValidators } from './http/validation.ts';
import { housekeepingHandler } from './jobs/housekeeping.ts';
import { dueJobsEnqueued } from './jobs/job-queue.ts';
import { createJobWorker, type JobWorker } from './jobs/job-worker.ts';
import { notificationRoutes } from './notifications/notification-routes.ts';
import { devOutboxRoutes } from './outbox/dev-outbox-routes.ts';
import { outboxLanes, sendMessageHandlers } from './outbox/outbox-sending.ts';
import { marinaSendsSmsTo } from './outbox/sms-countries.ts';
import { createTransports, type Transports } from './outbox/transports.ts';
import { registerCors } from './security/cors.ts';
import { registerCsrf } from './security/csrf.ts';
import { registerIdempotency } from './security/idempotency.ts';
import type { Services } from './services.ts';
import { registerSessionLookup } from './sessions/session-lookup.ts';
import { sessionRoutes } from './sessions/session-routes.ts';
import { devOutingRoutes } from './outings/dev-outing-routes.ts';
import { staffRoutes } from './staff/staff-routes.ts';
import { staffSchemas } from './staff/staff-schemas.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** `dueJobsEnqueued()` when the request arrived. */
    dueJobsAtStart: number;
  }
  interface FastifyInstance {
    /** Runs timed work: the outbox, housekeeping… (tests call `runDue` and `scheduleRecurring`). */
    jobs: JobWorker;
  }
}

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

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

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
  const services: Services = { db, config, directory, clock };
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
    schemaController: { compilersFactory: { buildValidator: typedBodyValidators() } },
    // Bad URLs, overlong parameters and requests the HTTP parser refuses are problem+json too.
    ...frameworkErrorOptions(headers),
  });
  const routes = trackRoutes(app);
  requireDerivedBodies(app);
  app.setErrorHandler(errorHandler);
  app.addSchema(problemSchema);
  app.addSchema(clientSettingsSchema);
  app.addSchema(accountSummarySchema);
  app.addSchema(sessionInfoSchema);
  for (const schema of [
    ...authorisationSchemas,
    ...boatSchemas,
    ...staffSchemas,
    ...launchSchemas,
    ...cardSchemas,
    ...outingSchemas,
  ])
    app.addSchema(schema);

  // Order matters: the document sees only routes declared after it, and each onRequest hook relies on the
  // ones before it (preflights answered → cookies parsed → client resolved → session looked up → CSRF
  // cookies and checks).
  await registerOpenApi(app);
  registerSecurityHeaders(app, headers);
  await registerCors(app, config);
  await app.register(cookie);
  registerJsonOnly(app);
  registerTextGuard(app);
  registerClientResolution(app, directory);
  registerSessionLookup(app, db, clock);
  registerCsrf(app, config);
  registerIdempotency(app, services);

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { db });
      await api.register(clientRoutes);
      await api.register(sessionRoutes, { services });
      await api.register(registrationRoutes, { services });
      await api.register(passwordResetRoutes, { services });
      await api.register(profileRoutes, { services });
      await api.register(notificationRoutes, { services });
      await api.register(boatRoutes, { services });
      await api.register(contractRoutes, { services });
      await api.register(dataValidationRoutes, { services });
      await api.register(launchRoutes, { services });
      await api.register(authorisationRoutes, { services });
      await api.register(cardRoutes, { services });
      await api.register(outingRoutes, { services });
      await api.register(staffRoutes, { services, prefix: '/staff' });
      // Codes and links in clear: only when asked for (DEV_ROUTES=1, refused in production).
      if (config.devRoutes) {
        await api.register(devOutboxRoutes, { services });
        await api.register(devOutingRoutes, { services });
      }
      await api.register(openApiRoutes);
    },
    { prefix: API_PREFIX },
  );

  const outgoing = transports ?? createTransports(config, app.log);
  const jobs = createJobWorker({
    db,
    clock,
    log: app.log,
    // Every kind of job this server runs; a module with timed work adds its handler here.
    handlers: [
      ...sendMessageHandlers(outgoing, app.log, config.outboxConcurrency, (clientId, phone) => {
        const client = directory.get(clientId);
        return client !== undefined && marinaSendsSmsTo(client, phone);
      }),
      housekeepingHandler,
      contractExpiryHandler,
      authorisationExpiryHandler,
      launchReminderHandler(directory, config),
      launchSweepHandler(directory, config),
      outingOverdueHandler(directory, config),
    ],
    intervalMs: jobsIntervalMs,
    // Each provider's lanes run as many sends at once as it takes (decision 039); the other lanes one job at a time.
    lanes: outboxLanes(config.outboxConcurrency),
  });
  app.decorate('jobs', jobs);
  // A call that wrote messages (or other jobs due now) gets them run now rather than at the next poll; one that
  // wrote none (a launch booked: its reminders are for later) does not send the worker looking.
  app.decorateRequest('dueJobsAtStart', 0);
  app.addHook('onRequest', async (request) => {
    request.dueJobsAtStart = dueJobsEnqueued();
  });
  app.addHook('onResponse', async (request) => {
    if (MUTATING.has(request.method) && dueJobsEnqueued() !== request.dueJobsAtStart) jobs.wake();
  });
  const refresh =
    clientsRefreshMs > 0
      ? setInterval(
          () => directory.reload().catch((error: unknown) => app.log.warn({ err: error }, 'clients not reloaded')),
          clientsRefreshMs,
        ).unref()
      : undefined;
  app.addHook('onClose', async () => {
    clearInterval(refresh);
    await jobs.stop();
    outgoing.email.close?.();
    if (outgoing.sms !== outgoing.email) outgoing.sms.close?.();
  });

  const bundle = config.staticDir === undefined ? undefined : await registerStaticBundle(app, config.staticDir);
  registerNotFound(app, routes, bundle);

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
    app = await createServer({ config, database, clients });
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
