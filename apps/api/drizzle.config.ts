import { defineConfig } from 'drizzle-kit';

// `pnpm --filter @marina/api db:generate` writes a new versioned migration into drizzle/ from the schema;
// the server applies pending ones at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
