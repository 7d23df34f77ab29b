// Builds the client folder it runs in (`pnpm build` in apps/client-<id>) into its own dist/: the app built
// once for every marina (`tooling/scripts/build-app.ts`, which Turbo runs first), branded (decision 070).
import { resolve } from 'node:path';
import { ClientFoldersError } from '@marina/core/config/marina-folders.ts';
import { ClientConfigError } from '@marina/core/config/validate-config.ts';
import { BrandBundleError, brandBundle } from '../vite/brand-bundle.ts';
import { PrerenderError } from '../vite/prerender.ts';
import { versionProblem } from './lib/release-version.ts';

const dir = resolve(process.argv[2]?.startsWith('--') === false ? process.argv[2] : process.cwd());
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
  // `--shared DIR`: the shared build in another folder (`pnpm bench:build`).
  const shared = process.argv.includes('--shared') ? process.argv[process.argv.indexOf('--shared') + 1] : undefined;
  await brandBundle(
    dir,
    { production: true, ...(apiUrl ? { apiUrl } : {}), ...(version ? { version } : {}) },
    shared ? { shared } : {},
  );
  console.log(`built ${dir}/dist`);
} catch (error) {
  if (
    error instanceof ClientConfigError ||
    error instanceof ClientFoldersError ||
    error instanceof PrerenderError ||
    error instanceof BrandBundleError
  ) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
