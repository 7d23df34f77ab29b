// Installs and starts what the tests need from Debian's packages, when absent. Needs root (CI is).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

let aptUpdated = false;

function sh(command: string, args: string[], options: { user?: string } = {}): string {
  const [cmd, argv] = options.user
    ? ['su', [options.user, '-c', [command, ...args].map(quote).join(' ')]]
    : [command, args];
  return execFileSync(cmd, argv as string[], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

function quote(arg: string): string {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replaceAll("'", `'\\''`)}'`;
}

function aptInstall(...packages: string[]): void {
  if (process.getuid?.() !== 0) throw new Error(`Please install ${packages.join(' ')} (needs root).`);
  if (!aptUpdated) {
    console.log('[system] apt-get update');
    spawnSync('apt-get', ['update'], { stdio: 'inherit' });
    aptUpdated = true;
  }
  console.log(`[system] apt-get install ${packages.join(' ')}`);
  const result = spawnSync('apt-get', ['install', '-y', '--no-install-recommends', ...packages], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.status !== 0) throw new Error(`apt-get install ${packages.join(' ')} failed`);
}

export async function ensureChromium(): Promise<void> {
  const path = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  if (!existsSync(path)) aptInstall('chromium');
}

const PG_USER = 'marina';
const PG_PASSWORD = 'marina';

/** A PostgreSQL server for the API tests: the machine's if `TEST_DATABASE_URL` is set, else Debian's. */
export async function ensurePostgres(): Promise<string> {
  if (process.env.TEST_DATABASE_URL) return process.env.TEST_DATABASE_URL;
  if (!existsSync('/usr/bin/pg_ctlcluster') || !existsSync('/usr/lib/postgresql')) aptInstall('postgresql');
  const versions = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a));
  const version = versions[0];
  if (!version) throw new Error('PostgreSQL is installed but no version folder was found');
  const clusters = sh('pg_lsclusters', ['--no-header']);
  if (!clusters.split('\n').some((line) => line.startsWith(`${version} `))) {
    sh('pg_createcluster', [version, 'main']);
  }
  if (
    !/online/.test(
      sh('pg_lsclusters', ['--no-header'])
        .split('\n')
        .find((line) => line.startsWith(`${version} main`)) ?? '',
    )
  ) {
    console.log(`[system] pg_ctlcluster ${version} main start`);
    sh('pg_ctlcluster', [version, 'main', 'start']);
  }
  const port =
    sh('pg_lsclusters', ['--no-header'])
      .split('\n')
      .find((line) => line.startsWith(`${version} main`))
      ?.split(/\s+/)[2] ?? '5432';
  const exists = sh('psql', ['-p', port, '-tAc', `SELECT 1 FROM pg_roles WHERE rolname='${PG_USER}'`], {
    user: 'postgres',
  }).trim();
  if (exists !== '1') {
    sh('psql', ['-p', port, '-c', `CREATE ROLE ${PG_USER} LOGIN CREATEDB PASSWORD '${PG_PASSWORD}'`], {
      user: 'postgres',
    });
  }
  // Each test file drops its database WITH (FORCE); an autovacuum worker still in it can only be
  // terminated by a member of pg_signal_backend.
  sh('psql', ['-p', port, '-c', `GRANT pg_signal_backend TO ${PG_USER}`], { user: 'postgres' });
  return `postgres://${PG_USER}:${PG_PASSWORD}@127.0.0.1:${port}/postgres`;
}
