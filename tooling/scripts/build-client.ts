// Builds the client folder it runs in (`pnpm build` in apps/client-<id>) into its own dist/: the app built
// once for every marina (`tooling/scripts/build-app.ts`, which Turbo runs first), branded (decision 070).
// `--shared DIR`: the shared build in another folder (`pnpm bench:build`).
import { enableCompileCache } from 'node:module';
import { resolve } from 'node:path';

// Node keeps the compiled code of what this step loads (the marina folders' loader and checks, the drawn
// screens' code) on disk: every marina's build after the first starts in about half the time. The step
// takes a second or so, most of it loading code (decision 070). `NODE_COMPILE_CACHE` names the folder.
enableCompileCache();
const { ClientFoldersError } = await import('@marina/core/config/marina-folders.ts');
const { ClientConfigError } = await import('@marina/core/config/validate-config.ts');
const { BrandBundleError, brandBundle } = await import('../vite/brand-bundle.ts');
const { PrerenderError } = await import('../vite/login-page.ts');
const { versionProblem } = await import('./lib/release-version.ts');

const args = process.argv.slice(2);
const dir = resolve(args[0] && !args[0].startsWith('--') ? args[0] : process.cwd());
const shared = args.includes('--shared') ? args[args.indexOf('--shared') + 1] : undefined;
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
