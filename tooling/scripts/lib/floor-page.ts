// The floor page of the front-end benchmarks (`tooling/bench-floor`, decision 065): built here with Vite into
// `tooling/bench-floor/dist`, then served by the same API server as the app so both cross the same network
// path and answer the same calls.
import { join } from 'node:path';
import { build } from 'vite';

export const FLOOR_ROOT = join(import.meta.dirname, '..', '..', 'bench-floor');

/** Builds the floor page for production; returns its folder. */
export async function buildFloorPage(): Promise<string> {
  await build({ configFile: join(FLOOR_ROOT, 'vite.config.ts') });
  return join(FLOOR_ROOT, 'dist');
}
