/**
 * A feature module (accounts, boats, launches…) as the server takes it: one object, exported by the module's
 * folder as `<module>/<module>-module.ts`, with its shared schemas, its routes and its timed work (decision 047).
 * `server.ts` lists the modules once, a line each; the `api-modules` plugin below adds every module's schemas,
 * then each module's routes under the API prefix, and the `jobs` plugin (`jobs/jobs-plugin.ts`) runs every
 * module's jobs.
 *
 * An object rather than one bare plugin, because the server reads its parts at different moments: the
 * schemas go to the root (any module's routes may refer to them: a staff route answers `Boat#`, which boats
 * defines), the routes into an encapsulated child under the API prefix, and the job handlers to the worker,
 * which is built once from all of them (its lanes come from them) rather than from a list each plugin would
 * add to while loading. A module's personal data is registered by its schema file as that loads
 * (`db/personal-data.ts`): account erasure needs every table's entry, in the order the tables reference each
 * other, with or without a server.
 */
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { API_PREFIX, type Config } from './config.ts';
import type { JobHandler, JobWorkerOptions } from './jobs/job-worker.ts';
import type { Transports } from './outbox/transports.ts';
import { BEFORE_ROUTES } from './server-plugins.ts';
import type { Services } from './services.ts';

/** What a module's jobs are built from. */
export interface JobsContext {
  services: Services;
  /** How the outbox's messages leave. */
  transports: Transports;
  log: FastifyBaseLogger;
}

export interface ApiModule {
  /** Unique; names the module in errors. */
  name: string;
  /**
   * JSON schemas, each with an `$id` (Fastify refuses one without), added at the root: any module's routes may
   * refer to them (`Boat#`).
   */
  schemas?: readonly { $id?: string | undefined }[];
  /**
   * Its routes, under the API prefix (`/api/v1`). A plain, encapsulated plugin: what it adds to its instance
   * (a hook, a content-type parser) stays with its routes.
   */
  routes?: FastifyPluginAsync<{ services: Services }>;
  /** The handlers of its kinds of job (its timed work: expiries, reminders, messages…). */
  jobs?: (context: JobsContext) => readonly JobHandler[];
  /** Lanes its jobs wait in that run more than one job at a time (decision 039). */
  lanes?: (config: Config) => NonNullable<JobWorkerOptions['lanes']>;
}

/** Every module's schemas, then each module's routes in the order listed. */
export const apiModules = fp(
  async (app, { modules, services }: { modules: readonly ApiModule[]; services: Services }) => {
    const names = new Set<string>();
    for (const { name } of modules) {
      if (names.has(name)) throw new Error(`The API module ${name} is listed twice`);
      names.add(name);
    }
    for (const module of modules) for (const schema of module.schemas ?? []) app.addSchema(schema);
    for (const { routes } of modules) if (routes) await app.register(routes, { services, prefix: API_PREFIX });
  },
  { name: 'api-modules', dependencies: BEFORE_ROUTES },
);
