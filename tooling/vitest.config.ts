import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['scripts/**/*.test.ts', 'vite/**/*.test.ts', 'e2e/**/*.test.ts'],
    // `*.postgres.test.ts` speak to a PostgreSQL server (the bench's floor), given by TEST_DATABASE_URL.
    exclude: process.env.TEST_DATABASE_URL ? [] : ['scripts/**/*.postgres.test.ts'],
    // Most of these files wait on processes they start (servers, builds, installs in a copy of the checkout):
    // on every core, one file's waits are another's work, where Vitest's default leaves one core idle.
    maxWorkers: Math.max(2, availableParallelism()),
  },
});
