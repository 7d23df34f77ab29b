// For the build's tests: a real production build of one marina into a folder of its own, made before the
// file's tests and removed after them: the app built once (`shared-app.ts`), then branded as `pnpm build` does.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { brandBundle } from './brand-bundle.ts';
import { buildSharedApp } from './shared-app.ts';

export interface BuiltClient {
  dist: string;
  /** Its `index.html` and its drawn sign-in page's `login.html`. */
  index: string;
  login: string;
}

/** Builds the marina in `dir` as `pnpm build` does, once for the test file; `ready` hands the result over. */
export function useBuiltClient(dir: string, ready: (built: BuiltClient) => void): void {
  const testEnv = process.env.NODE_ENV;
  const folders: string[] = [];
  beforeAll(async () => {
    // As `pnpm build` runs: Vite builds React's production code only when nothing else set NODE_ENV.
    process.env.NODE_ENV = 'production';
    const [shared, dist] = ['marina-shared-', 'marina-dist-'].map((prefix) => mkdtempSync(join(tmpdir(), prefix)));
    folders.push(shared!, dist!);
    await buildSharedApp(shared, { logLevel: 'error' });
    await brandBundle(dir, { production: true, apiUrl: '/' }, { shared, dist });
    const read = (file: string) => readFileSync(join(dist!, file), 'utf8');
    ready({ dist: dist!, index: read('index.html'), login: read('login.html') });
  }, 180_000);
  afterAll(() => {
    process.env.NODE_ENV = testEnv;
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });
}
