// `pnpm dev [--client 25]`: the API on :8443 and the client's Vite dev server (hot reload) on :5173,
// which proxies /api to it.
import { join } from 'node:path';
import { createServer } from 'vite';
import { startServer } from '@marina/api/server.ts';
import { clientViteConfig, repoRoot } from '../vite/client-vite-config.ts';
import { clientFromArgs, clientSeeds } from './lib/clients.ts';

const args = process.argv.slice(2);
const { client, clients } = await clientFromArgs(args);

const apiPort = Number(process.env.PORT ?? 8443);
const api = await startServer({
  port: apiPort,
  host: '127.0.0.1',
  clients: clientSeeds(clients),
  ...(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : { dataDir: join(repoRoot, '.data', 'pglite') }),
  // The development outbox (codes and links in clear) is opt-in; e-mailed links open the Vite app.
  env: { ...process.env, DEV_ROUTES: process.env.DEV_ROUTES ?? '1', APP_ORIGIN: process.env.APP_ORIGIN ?? 'http://localhost:5173' },
});
const vite = await createServer(
  await clientViteConfig(client.dir, { production: false, apiUrl: '/', apiProxy: `http://127.0.0.1:${apiPort}` }),
);
await vite.listen();
vite.printUrls();
console.log(`  API: ${api.url}/api/v1 (proxied as /api)`);
