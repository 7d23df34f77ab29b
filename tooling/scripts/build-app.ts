// Builds the app once for every marina (decision 070) into tooling/dist/app: each marina's `pnpm build`
// brands a copy of it. Turbo runs it first (`^build`).
import { buildSharedApp, SHARED_APP } from '../vite/shared-app.ts';

// As `pnpm build` runs it: Vite builds React's production code only when nothing else set NODE_ENV.
process.env.NODE_ENV ??= 'production';
// A folder of its own when given (`pnpm bench:build`); else where each marina's build looks for it.
const out = process.argv[2] ?? SHARED_APP;
await buildSharedApp(out);
console.log(`built ${out}`);
