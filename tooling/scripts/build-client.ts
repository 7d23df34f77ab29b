// Builds the client folder it runs in (`pnpm build` in apps/client-<id>) into its own dist/.
import { join, resolve } from 'node:path';
import { build } from 'vite';
import { ClientFoldersError } from '@marina/core/config/marina-folders.ts';
import { ClientConfigError } from '@marina/core/config/validate-config.ts';
import { clientViteConfig } from '../vite/client-vite-config.ts';
import { PrerenderError, prerenderLogin } from '../vite/prerender.ts';
import { precompress } from './lib/precompress.ts';
import { versionProblem } from './lib/release-version.ts';

const dir = resolve(process.argv[2] ?? process.cwd());
try {
  // Every marina folder is read (clientesConSMS comes from all of them): a wrong one, or another folder
  // declaring this one's clientId, fails the build with a message naming them.
  const apiUrl = process.env.MARINA_API_URL;
  // The version the app shows: `pnpm release` sets it (decision 068); any other build shows the seed's.
  const version = process.env.MARINA_RELEASE_VERSION;
  const problem = version ? versionProblem(version) : undefined;
  if (problem) {
    console.error(`MARINA_RELEASE_VERSION: ${problem}`);
    process.exit(1);
  }
  const options = { production: true, ...(apiUrl ? { apiUrl } : {}), ...(version ? { version } : {}) };
  await build(await clientViteConfig(dir, options));
  await prerenderLogin(dir, options);
  await precompress(join(dir, 'dist'));
  console.log(`built ${dir}/dist`);
} catch (error) {
  if (error instanceof ClientConfigError || error instanceof ClientFoldersError || error instanceof PrerenderError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
