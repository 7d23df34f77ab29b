// What `npm start` and `pnpm dev` share: where they listen and which database they open.
import { join, relative, resolve } from 'node:path';
import { DataDirInUseError } from '@marina/api/db/data-dir-lock.ts';
import type { OpenDatabaseOptions } from '@marina/api/db/database.ts';
import { repoRoot } from '../../vite/client-vite-config.ts';

/**
 * This machine only, unless `HOST` says otherwise: outside production the outbox route lists every code
 * sent, and nobody on the network should read it (or sign up with it).
 */
export function listenHost(env: NodeJS.ProcessEnv = process.env): string {
  const host = env.HOST?.trim();
  if (host) return host;
  return env.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1';
}

export interface DatabaseChoice {
  options: OpenDatabaseOptions;
  /** For the start-up message. */
  description: string;
}

/**
 * `--memory`: a throwaway database; `DATABASE_URL`: a PostgreSQL server; else the embedded one in `DATA_DIR`
 * (`.data/pglite` by default), which one process at a time may open.
 */
export function databaseChoice(args: string[], env: NodeJS.ProcessEnv = process.env): DatabaseChoice {
  if (args.includes('--memory') || env.DATA_DIR?.trim() === 'memory')
    return { options: { dataDir: 'memory' }, description: 'in memory (discarded on exit)' };
  if (env.DATABASE_URL)
    return { options: { databaseUrl: env.DATABASE_URL }, description: 'PostgreSQL at DATABASE_URL' };
  const dataDir = env.DATA_DIR?.trim() ? resolve(env.DATA_DIR.trim()) : join(repoRoot, '.data', 'pglite');
  const shown = relative(process.cwd(), dataDir);
  return {
    options: { dataDir },
    description: `embedded PostgreSQL (PGlite) in ${shown && !shown.startsWith('..') ? shown : dataDir}`,
  };
}

/**
 * Ends the process with a readable message for what a person can fix (a folder in use, a port taken),
 * and lets anything else surface with its stack.
 */
export function exitOnStartFailure(error: unknown): never {
  if (error instanceof DataDirInUseError) {
    console.error(`\n${error.message}\n`);
    process.exit(1);
  }
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'EADDRINUSE' || code === 'EACCES') {
    const { address, port } = error as { address?: string; port?: number };
    console.error(
      `\n${code === 'EADDRINUSE' ? 'Port' : 'No permission to listen on port'} ${port ?? ''} of ${address ?? 'this machine'}${code === 'EADDRINUSE' ? ' is in use' : ''}: stop what uses it, or choose another (PORT=9000 or --port 9000).\n`,
    );
    process.exit(1);
  }
  throw error;
}

/** Ctrl+C or SIGTERM run `stop` (listeners first, then the database they share) and exit. */
export function stopOnSignals(stop: () => Promise<void>): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    // `once`: a second Ctrl-C while closing falls back to Node's default and ends the process at once.
    process.once(signal, () => {
      stop().then(
        () => process.exit(0),
        (error: unknown) => {
          console.error(error);
          process.exit(1);
        },
      );
    });
  }
}
