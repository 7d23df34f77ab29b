/**
 * The whole database schema (PostgreSQL dialect, docs/product.md §8), gathered from the modules that own each table
 * (`<module>/<module>.schema.ts`). A new module's schema file is added here too: the server opens the
 * database with this, and `schema.test.ts` fails when a module's tables are missing. After changing a
 * schema, run `pnpm --filter @marina/api db:generate --name <what-changed>` and commit the new migration
 * in `drizzle/`.
 */
export * from '../clients/clients.schema.ts';
export * from '../accounts/accounts.schema.ts';
export * from '../sessions/sessions.schema.ts';
export * from '../notifications/notifications.schema.ts';
export * from '../outbox/outbox.schema.ts';
export * from '../security/security.schema.ts';
export * from '../jobs/jobs.schema.ts';
export * from '../boats/boats.schema.ts';
export * from '../staff/staff.schema.ts';
export * from '../launches/launches.schema.ts';
export * from '../authorisations/authorisations.schema.ts';
export * from '../outings/outings.schema.ts';
