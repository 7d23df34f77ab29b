import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { defineConfig } from 'vitest/config';
import { formikLodashAliases } from './src/config/formik-lodash.ts';

// Formik as the bundle has it: its ES build (Node would pick its CommonJS one), run through Vite with
// es-toolkit for its lodash functions.
const formikEs = join(dirname(createRequire(import.meta.url).resolve('formik/package.json')), 'dist', 'formik.esm.js');

export default defineConfig({
  plugins: [vanillaExtractPlugin()],
  resolve: { alias: [{ find: /^formik$/, replacement: formikEs }, ...formikLodashAliases] },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // Each file still gets its own module graph and its own DOM (a VM context each), but a worker keeps
    // jsdom's and React's code loaded between files instead of forking a process per file: a third of the
    // CPU time (decision 018).
    pool: 'vmThreads',
    // A net for a test that hangs, not a speed check: a form screen test typing into several fields took more
    // than Vitest's 5 s while other full test runs kept both cores busy.
    testTimeout: 30_000,
  },
});
