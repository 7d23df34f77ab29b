import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['scripts/**/*.test.ts', 'vite/**/*.test.ts', 'e2e/**/*.test.ts'],
  },
});
