// `npm start [-- --client 25] [--port 9000] [--memory]`: builds one marina's bundle and serves it with the
// API on one origin. The browser suite starts each client this way too (`--memory`: a throwaway database).
// `--client 41,25,63` or `--all`: several marinas from one process and one database, one listener per marina
// on consecutive ports (an embedded database folder opens in one process only: decision 010).
import { join } from 'node:path';
import type { LogLevel } from '@marina/api/config.ts';
import { openDatabase } from '@marina/api/db/database.ts';
import { withDevelopmentVapidKeys } from '@marina/api/push/development-keys.ts';
import { DEMO_ACCOUNT, DEMO_AUTHORISED_ACCOUNT, DEMO_STAFF_ACCOUNT } from '@marina/api/db/seed.ts';
import { startServer, type RunningServer } from '@marina/api/server.ts';
import { clientsFromArgs, clientSeeds } from './lib/clients.ts';
import { CLOCK_START_ENV, clockFromEnv } from './lib/clock-start.ts';
import { flag, run } from './lib/run.ts';
import { databaseChoice, exitOnStartFailure, listenHost, stopOnSignals } from './lib/serve-options.ts';

const args = process.argv.slice(2);
const { selected, clients } = await clientsFromArgs(args);
// `MARINA_CLOCK_START`: a clock that starts at a fixed instant (the look tests; refused in production).
let clock: (() => Date) | undefined;
try {
  clock = clockFromEnv();
} catch (error) {
  console.error(`\n${(error as Error).message}\n`);
  process.exit(1);
}

// Same origin: the bundle calls the API that serves it, whatever the port.
const built = await run(
  'turbo',
  ['run', 'build', ...selected.map((client) => `--filter=@marina/${client.name}`), '--output-logs=errors-only'],
  { env: { MARINA_API_URL: '/' } },
);
if (built !== 0) process.exit(built);

const port = Number(flag(args, 'port') ?? process.env.PORT ?? 8443);
const memory = args.includes('--memory');
const host = listenHost();
const storage = databaseChoice(args);
const database = await openDatabase(storage.options).catch(exitOnStartFailure);
const servers: RunningServer[] = [];
const stop = async () => {
  for (const server of servers) await server.close();
  await database.close();
};
try {
  for (const [index, client] of selected.entries()) {
    const server = await startServer({
      port: port === 0 ? 0 : port + index,
      host,
      staticDir: join(client.dir, 'dist'),
      clients: clientSeeds(clients),
      database,
      logLevel: (process.env.LOG_LEVEL as LogLevel | undefined) ?? (memory ? 'warn' : 'info'),
      // One shutdown for every listener and then the database they share (below).
      handleSignals: false,
      ...(clock ? { clock } : {}),
      // The development outbox (codes and links in clear) is opt-in; this local server asks for it.
      // Web Push keys kept in the data folder, so subscriptions outlive a restart (push/development-keys.ts).
      env: withDevelopmentVapidKeys({
        ...process.env,
        DEV_ROUTES: process.env.DEV_ROUTES ?? (process.env.NODE_ENV === 'production' ? '0' : '1'),
      }),
    });
    servers.push(server);
  }
} catch (error) {
  await stop();
  exitOnStartFailure(error);
}
stopOnSignals(stop);

const others = clients.filter((c) => !selected.includes(c));
console.log(`
${selected
  .map(
    (client, index) => `  ${client.config.clientTitulo} (client ${client.id}) is running at ${servers[index]!.url}
  Demo sign-in: ${DEMO_ACCOUNT(client.id).email} / ${DEMO_ACCOUNT(client.id).password}
  Authorised person: ${DEMO_AUTHORISED_ACCOUNT(client.id).email} / ${DEMO_AUTHORISED_ACCOUNT(client.id).password} (may use the demo owner's Brisa)
  Staff sign-in: ${DEMO_STAFF_ACCOUNT(client.id).email} / ${DEMO_STAFF_ACCOUNT(client.id).password} (the /api/v1/staff/ calls)
  Codes and e-mails sent: ${servers[index]!.url}/api/v1/dev/outbox
`,
  )
  .join('\n')}
  Database: ${storage.description}
${clock ? `  Clock: started at ${process.env[CLOCK_START_ENV]?.trim()} (${CLOCK_START_ENV}), now ${clock().toISOString()}\n` : ''}  Listening on ${host}${host === '127.0.0.1' || host === 'localhost' || host === '::1' ? ' only (this machine): HOST=0.0.0.0 opens it to the network, outbox codes included' : ''}
${others.length > 0 ? `  Other marinas: ${others.map((c) => `npm start -- --client ${c.id}`).join(' · ')} · all at once: npm start -- --all\n` : ''}  Stop with Ctrl+C.
`);
