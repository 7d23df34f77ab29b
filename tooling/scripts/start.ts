// `npm start [-- --client 25] [--port 9000] [--memory]`: builds one marina's bundle and serves it with the
// API on one origin. The browser suite starts each client this way too (`--memory`: a throwaway database).
import { join } from 'node:path';
import type { LogLevel } from '@marina/api/config.ts';
import { DEMO_ACCOUNT } from '@marina/api/db/seed.ts';
import { startServer } from '@marina/api/server.ts';
import { repoRoot } from '../vite/client-vite-config.ts';
import { clientFromArgs, clientSeeds } from './lib/clients.ts';
import { flag, run } from './lib/run.ts';

const args = process.argv.slice(2);
const { client, clients } = await clientFromArgs(args);

// Same origin: the bundle calls the API that serves it, whatever the port.
const built = await run('turbo', ['run', 'build', `--filter=@marina/${client.name}`, '--output-logs=errors-only'], {
  env: { MARINA_API_URL: '/' },
});
if (built !== 0) process.exit(built);

const port = Number(flag(args, 'port') ?? process.env.PORT ?? 8443);
const memory = args.includes('--memory');
const server = await startServer({
  port,
  host: process.env.HOST ?? '0.0.0.0',
  staticDir: join(client.dir, 'dist'),
  clients: clientSeeds(clients),
  ...(process.env.DATABASE_URL && !memory
    ? { databaseUrl: process.env.DATABASE_URL }
    : { dataDir: memory ? 'memory' : join(repoRoot, '.data', 'pglite') }),
  logLevel: (process.env.LOG_LEVEL as LogLevel | undefined) ?? (memory ? 'warn' : 'info'),
  // The development outbox (codes and links in clear) is opt-in; this local server asks for it.
  env: { ...process.env, DEV_ROUTES: process.env.DEV_ROUTES ?? (process.env.NODE_ENV === 'production' ? '0' : '1') },
});

console.log(`
  ${client.config.clientTitulo} (client ${client.id}) is running at ${server.url}
  Demo sign-in: ${DEMO_ACCOUNT(client.id).email} / ${DEMO_ACCOUNT(client.id).password}
  Codes and e-mails sent: ${server.url}/api/v1/dev/outbox
  Database: ${memory ? 'in memory (discarded on exit)' : process.env.DATABASE_URL ? 'PostgreSQL at DATABASE_URL' : 'embedded PostgreSQL (PGlite) in .data/pglite'}
  Other marinas: ${clients.filter((c) => c !== client).map((c) => `npm start -- --client ${c.id}`).join(' · ')}
  Stop with Ctrl+C.
`);
