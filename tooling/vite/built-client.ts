// For the build's tests: a real production build of one marina into a folder of its own, made before the
// file's tests and removed after them.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll } from 'vitest';
import { clientViteConfig } from './client-vite-config.ts';
import { prerenderLogin } from './prerender.ts';

export interface BuiltClient {
  dist: string;
  /** Its `index.html` and, when asked for, the drawn sign-in page's `login.html`. */
  index: string;
  login: string;
}

/**
 * Builds the marina in `dir` as `pnpm build` does (`prerender`: with its drawn sign-in page) once for the test
 * file; `ready` hands the result to the file's own variables.
 */
export function useBuiltClient(dir: string, ready: (built: BuiltClient) => void, { prerender = false } = {}): void {
  const testEnv = process.env.NODE_ENV;
  let dist: string | undefined;
  beforeAll(async () => {
    // As `pnpm build` runs: Vite builds React's production code only when nothing else set NODE_ENV.
    process.env.NODE_ENV = 'production';
    dist = mkdtempSync(join(tmpdir(), 'marina-dist-'));
    const options = { production: true, apiUrl: '/' };
    const config = await clientViteConfig(dir, options);
    await build({ ...config, logLevel: 'error', build: { ...config.build, outDir: dist } });
    if (prerender) await prerenderLogin(dir, options, dist);
    const read = (file: string) => readFileSync(join(dist!, file), 'utf8');
    ready({ dist, index: read('index.html'), login: prerender ? read('login.html') : '' });
  }, 180_000);
  afterAll(() => {
    process.env.NODE_ENV = testEnv;
    if (dist) rmSync(dist, { recursive: true, force: true });
  });
}
