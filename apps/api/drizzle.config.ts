import { defineConfig } from 'drizzle-kit';

// `pnpm --filter @marina/api db:generate --name <what-changed>` writes a new versioned migration into
// drizzle/ from every module's schema file (`src/<module>/<module>.schema.ts`); the server applies pending
// ones at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/**/*.schema.ts',
  out: './drizzle',
});
