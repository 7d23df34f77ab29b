import { defineConfig } from 'vitest/config';

// One suite, two databases: in-memory PGlite by default, a PostgreSQL server when TEST_DATABASE_URL is set
// (see src/test/test-database.ts).
export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
    globalSetup: ['./src/test/global-setup.ts'],
    // Each test file boots its own WebAssembly PostgreSQL: allow for a slow machine.
    hookTimeout: 60_000,
    testTimeout: 20_000,
  },
});
