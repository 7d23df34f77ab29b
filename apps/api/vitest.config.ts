import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One suite, two databases: in-memory PGlite by default, a PostgreSQL server when TEST_DATABASE_URL is set
// (see src/test/test-database.ts).
export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // `*.postgres.test.ts`: a PostgreSQL server's own mechanics (its pool, several connections), which PGlite
    // does not have. They run in the PostgreSQL run, are left out of the PGlite one, never skipped.
    exclude: process.env.TEST_DATABASE_URL ? [] : ['src/**/*.postgres.test.ts'],
    globalSetup: ['./src/test/global-setup.ts'],
    // Each file opens its own database (a copy of the migrated PGlite template, or a new PostgreSQL database)
    // and server, and the API keeps no state in its modules: files are isolated by their data, so a worker
    // loads the API once and runs file after file in it instead of forking and importing it afresh per file
    // (half the suite's CPU time; decision 018).
    isolate: false,
    // Vitest leaves one core of the machine to itself (one worker on two cores); without isolation it has
    // next to nothing to do after the first imports, and the files are waits on the database as much as work.
    maxWorkers: Math.max(2, availableParallelism()),
    // Each test file boots its own WebAssembly PostgreSQL: allow for a slow machine. Both are nets for a hang,
    // not speed checks (speed is benchmarked, docs/benchmarks.md): with both cores busy elsewhere (`stress --cpu
    // 2`), the first card burst (a new owner, then 100 reads) has run past 20 s on PostgreSQL.
    hookTimeout: 60_000,
    testTimeout: 60_000,
  },
});
