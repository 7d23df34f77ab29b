// `pnpm release --version 5.2.0 [--client 41,25 | --all] [--no-cache]`: builds the marinas from a clean tree
// with that version and writes release/<version>/ — client-<id>.tar.gz each, SHA256SUMS, manifest.json.
// `pnpm release --verify release/5.2.0`: checks such a folder. Decision 068.
import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { PLATFORM } from '@marina/core/config/app-config.ts';
import { repoRoot } from '../vite/client-vite-config.ts';
import { ClientFoldersError, discoverClients, marinasDir } from './lib/clients.ts';
import { duration } from './lib/duration.ts';
import {
  checkClean,
  checkNewFolder,
  gitState,
  MANIFEST_FILE,
  parseReleaseArgs,
  ReleaseError,
  selectMarinas,
  SUMS_FILE,
  USAGE,
  verifyRelease,
  writeRelease,
} from './lib/release.ts';
import { run } from './lib/run.ts';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function verify(dir: string): Promise<number> {
  const { checked, problems } = await verifyRelease(dir);
  for (const line of checked) console.log(`✔ ${line}`);
  for (const line of problems) console.error(`✘ ${line}`);
  if (problems.length > 0) {
    console.error(`${dir}: ${problems.length} problem${problems.length === 1 ? '' : 's'}: do not deploy it.`);
    return 1;
  }
  console.log(`${dir}: every archive matches ${SUMS_FILE} and ${MANIFEST_FILE} and holds a working bundle.`);
  return 0;
}

async function release(version: string, clients: 'all' | number[], noCache: boolean): Promise<number> {
  const started = performance.now();
  const where = marinasDir();
  let folders;
  try {
    folders = await discoverClients(where);
  } catch (error) {
    if (error instanceof ClientFoldersError) throw new ReleaseError(error.message);
    throw error;
  }
  const selected = selectMarinas(clients, folders, relative(repoRoot, where) || '.');
  const releaseDir = join(repoRoot, 'release', version);
  checkNewFolder(relative(process.cwd(), releaseDir) || releaseDir);
  const before = await gitState(repoRoot);
  checkClean(before);

  console.log(
    `Release ${version} of commit ${before.commit.slice(0, 12)}: building ${selected.map((marina) => marina.name).join(', ')}…`,
  );
  // A bundle made by this build alone: Turbo restores a cached one over the folder without emptying it first.
  for (const marina of selected) await rm(join(marina.dir, 'dist'), { recursive: true, force: true });
  const packages = selected.map(
    (marina) => (JSON.parse(readFileSync(join(marina.dir, 'package.json'), 'utf8')) as { name: string }).name,
  );
  const code = await run(
    'turbo',
    [
      'run',
      'build',
      ...packages.map((name) => `--filter=${name}`),
      '--output-logs=errors-only',
      ...(noCache ? ['--force'] : []),
    ],
    { env: { MARINA_RELEASE_VERSION: version } },
  );
  if (code !== 0) {
    console.error(`The build failed (exit ${code}): no release written.`);
    return 1;
  }
  const after = await gitState(repoRoot);
  if (after.commit !== before.commit) throw new ReleaseError('HEAD moved during the build: no release written.');
  checkClean(after);

  const manifest = await writeRelease({
    releaseDir,
    version,
    commit: before.commit,
    time: before.time,
    marinas: selected.map((marina) => ({
      id: marina.id,
      code: marina.config.clientApp,
      title: marina.config.clientTitulo,
      apiUrl: process.env.MARINA_API_URL || marina.config.apiUrl || PLATFORM.apiUrl,
      dist: join(marina.dir, 'dist'),
    })),
  });
  const shown = relative(process.cwd(), releaseDir) || releaseDir;
  for (const marina of manifest.marinas) {
    console.log(
      `  ${marina.archive.path}  ${kb(marina.archive.size)}, ${marina.files.length} files, JS ${kb(marina.gzipped.js)} gz, CSS ${kb(marina.gzipped.css)} gz  (${marina.code}, ${marina.title})`,
    );
  }
  console.log(
    `${shown}: ${manifest.marinas.length} archives, ${SUMS_FILE}, ${MANIFEST_FILE} in ${duration(performance.now() - started)}.`,
  );
  console.log(`Check it with: pnpm release --verify ${shown}`);
  return 0;
}

let args;
try {
  args = parseReleaseArgs(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof ReleaseError)) throw error;
  console.error(`${error.message}\n${USAGE}`);
  process.exit(2);
}
try {
  process.exitCode =
    args.mode === 'verify' ? await verify(args.dir) : await release(args.version, args.clients, args.noCache);
} catch (error) {
  if (!(error instanceof ReleaseError)) throw error;
  console.error(`${error.message}\nNothing was written.`);
  process.exitCode = 2;
}
