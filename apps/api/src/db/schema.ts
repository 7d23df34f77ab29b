/**
 * The whole database schema (PostgreSQL dialect, docs/product.md §8), gathered from the modules that own each table
 * (`<module>/<module>.schema.ts`), for what needs every table: account erasure (`account-erasure.ts`, so every
 * module's personal data is registered) and the tests of the schema and of the registry. Code that uses a table
 * imports it from the module that owns it, never from here. A new module's schema file is added here too
 * (`schema.test.ts` fails when a module's tables are missing). After changing a schema, run
 * `pnpm --filter @marina/api db:generate --name <what-changed>` (drizzle-kit reads the schema files themselves)
 * and commit the new migration in `drizzle/`.
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
export * from '../cards/cards.schema.ts';
export * from '../outings/outings.schema.ts';
export * from '../push/push.schema.ts';
