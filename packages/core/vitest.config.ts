import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [vanillaExtractPlugin()],
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // Each file still gets its own module graph and its own DOM (a VM context each), but a worker keeps
    // jsdom's and React's code loaded between files instead of forking a process per file: a third of the
    // CPU time (decision 018).
    pool: 'vmThreads',
  },
});
