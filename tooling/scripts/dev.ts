// `pnpm dev [--client 25] [--memory]`: the API on :8443 and the client's Vite dev server (hot reload) on :5173,
// which proxies /api to it. Both listen on this machine only unless HOST says otherwise.
import { createServer, mergeConfig } from 'vite';
import { openDatabase } from '@marina/api/db/database.ts';
import { startServer } from '@marina/api/server.ts';
import { clientViteConfig } from '../vite/client-vite-config.ts';
import { clientFromArgs, clientSeeds } from './lib/clients.ts';
import { databaseChoice, exitOnStartFailure, listenHost, stopOnSignals } from './lib/serve-options.ts';

const args = process.argv.slice(2);
const { client, clients } = await clientFromArgs(args);

const apiPort = Number(process.env.PORT ?? 8443);
const host = listenHost();
const storage = databaseChoice(args);
const database = await openDatabase(storage.options).catch(exitOnStartFailure);
const api = await startServer({
  port: apiPort,
  host,
  clients: clientSeeds(clients),
  database,
  handleSignals: false,
  // The development outbox (codes and links in clear) is opt-in; e-mailed links open the Vite app.
  env: {
    ...process.env,
    DEV_ROUTES: process.env.DEV_ROUTES ?? '1',
    APP_ORIGIN: process.env.APP_ORIGIN ?? 'http://localhost:5173',
  },
}).catch(async (error: unknown) => {
  await database.close();
  return exitOnStartFailure(error);
});
const vite = await createServer(
  mergeConfig(await clientViteConfig(client.dir, { production: false, apiUrl: '/', apiProxy: api.url }), {
    server: { host },
  }),
);
stopOnSignals(async () => {
  await vite.close();
  await api.close();
  await database.close();
});
await vite.listen();
vite.printUrls();
console.log(`  API: ${api.url}/api/v1 (proxied as /api)\n  Database: ${storage.description}`);
