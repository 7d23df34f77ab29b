/**
 * The server's job worker (decision 014), running every module's jobs (`ApiModule.jobs`) and housekeeping.
 * Registered after `api-modules`: the modules it runs the jobs of are those the server lists.
 */
import fp from 'fastify-plugin';
import type { ApiModule } from '../api-module.ts';
import type { Transports } from '../outbox/transports.ts';
import type { Services } from '../services.ts';
import { housekeepingHandler } from './housekeeping.ts';
import { dueJobsEnqueued } from './job-queue.ts';
import { createJobWorker, type JobWorker } from './job-worker.ts';

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

export interface JobsPluginOptions {
  services: Services;
  modules: readonly ApiModule[];
  /** How the outbox's messages leave; closed with the server. */
  transports: Transports;
  /** How often this instance looks for due jobs; 0 leaves it to explicit `runDue()` calls (tests). */
  intervalMs: number;
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const jobsPlugin = fp(
  async (app, { services, modules, transports, intervalMs }: JobsPluginOptions) => {
    const context = { services, transports, log: app.log };
    const jobs = createJobWorker({
      db: services.db,
      clock: services.clock,
      log: app.log,
      handlers: [...modules.flatMap((module) => module.jobs?.(context) ?? []), housekeepingHandler],
      intervalMs,
      lanes: Object.assign({}, ...modules.map((module) => module.lanes?.(services.config) ?? {})),
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
    app.addHook('onClose', async () => {
      await jobs.stop();
      transports.email.close?.();
      if (transports.sms !== transports.email) transports.sms.close?.();
    });
  },
  { name: 'jobs', dependencies: ['api-modules'] },
);
