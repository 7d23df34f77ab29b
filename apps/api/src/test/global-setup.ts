/**
 * Before the suite: on PGlite, build one migrated database and archive it, so each test file starts from
 * a copy in a fraction of a second instead of running initdb itself.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { TestProject } from 'vitest/node';
import { MIGRATIONS_FOLDER } from '../db/database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of a migrated PGlite data folder archive; empty on PostgreSQL runs. */
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteTemplate', '');
    return;
  }
  const folder = mkdtempSync(join(tmpdir(), 'marina-pglite-'));
  const archive = join(folder, 'template.tar');
  const client = await PGlite.create();
  try {
    await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
    const dump = await client.dumpDataDir('none');
    writeFileSync(archive, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await client.close();
  }
  project.provide('pgliteTemplate', archive);
  return () => rmSync(folder, { recursive: true, force: true });
}
