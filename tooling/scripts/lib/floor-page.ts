// The floor page of the front-end benchmarks (`tooling/bench-floor`, decision 065): built here with Vite into
// `tooling/bench-floor/dist`, then served by the same API server as the app so both cross the same network
// path and answer the same calls.
import { join } from 'node:path';
import { build } from 'vite';
import { precompress } from './precompress.ts';

export const FLOOR_ROOT = join(import.meta.dirname, '..', '..', 'bench-floor');

/**
 * Builds the floor page for production; returns its folder. Its files are compressed beside them as the
 * app's build does, so the server sends both sides brotli'd: else the floor would cross the network three
 * times its size and look slower than it is.
 */
export async function buildFloorPage(): Promise<string> {
  // Vite's production build sets NODE_ENV for the whole process, where the API server started next reads it.
  const nodeEnv = process.env.NODE_ENV;
  try {
    await build({ configFile: join(FLOOR_ROOT, 'vite.config.ts') });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  const dist = join(FLOOR_ROOT, 'dist');
  await precompress(dist);
  return dist;
}
