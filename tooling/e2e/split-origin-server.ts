// `node tooling/e2e/split-origin-server.ts [--client 41]`: one marina served the way the seed deploys it, the
// app and the API on two origins (two ports of 127.0.0.1, as the marina's host and `{host}:8443` are), for
// the browser suite's split-origin spec. Both listen on ports the system picks; the bundle is built for that
// API address into a temporary folder (never the client's dist/, which the other specs serve), then one JSON
// line on standard output says where: {"app":"http://127.0.0.1:…","api":"http://127.0.0.1:…"}.
// SIGTERM or SIGINT stops both and removes the folder; so does the end of standard input with --stop-with-parent.
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, resolve, sep } from 'node:path';
import { securityHeaders } from '@marina/api/http/security.ts';
import { startServer } from '@marina/api/server.ts';
import { clientFromArgs, clientSeeds } from '../scripts/lib/clients.ts';
import { stopOnSignals } from '../scripts/lib/serve-options.ts';
import { brandBundle } from '../vite/brand-bundle.ts';

const HOST = '127.0.0.1';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.webmanifest': 'application/manifest+json',
  '.json': 'application/json',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
};

/**
 * The platform's own security headers for the app (apps/api/src/http/security.ts), with the one change a
 * host serving the app apart from its API must make: `connect-src` names the API's origin.
 */
function appHeaders(apiOrigin: string): Record<string, string> {
  const headers = { ...securityHeaders({ production: false }) };
  const policy = headers['content-security-policy'] ?? '';
  const widened = policy.replace("connect-src 'self'", `connect-src 'self' ${apiOrigin}`);
  if (widened === policy) throw new Error(`no connect-src 'self' to widen in: ${policy}`);
  return { ...headers, 'content-security-policy': widened, 'cache-control': 'no-cache' };
}

/** A static host for the bundle: its files, else index.html for the app's own routes (/login, /inicio…). */
function staticHost(root: string, headers: () => Record<string, string>): Server {
  return createServer(async (request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://host').pathname);
    let file = resolve(root, `.${path}`);
    const inside = file === root || file.startsWith(`${root}${sep}`);
    if (
      !inside ||
      !(await stat(file).then(
        (found) => found.isFile(),
        () => false,
      ))
    )
      file = join(root, 'index.html');
    response.writeHead(200, { ...headers(), 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(response);
  });
}

const { client, clients } = await clientFromArgs(process.argv.slice(2));
const outDir = await mkdtemp(join(tmpdir(), `marina-split-${client.id}-`));
let apiOrigin = '';
const host = staticHost(outDir, () => appHeaders(apiOrigin));
await new Promise<void>((listening) => host.listen(0, HOST, listening));
const appOrigin = `http://${HOST}:${(host.address() as { port: number }).port}`;

// The API allows the app's origin, and nothing else, as a deployment's ALLOWED_ORIGINS would.
const api = await startServer({
  port: 0,
  host: HOST,
  dataDir: 'memory',
  clients: clientSeeds(clients),
  logLevel: 'warn',
  handleSignals: false,
  env: { ...process.env, ALLOWED_ORIGINS: appOrigin, DEV_ROUTES: '1' },
});
apiOrigin = new URL(api.url).origin;
const stop = async () => {
  await new Promise((closed) => host.close(closed));
  await api.close();
  await rm(outDir, { recursive: true, force: true });
};
stopOnSignals(stop);
// `--stop-with-parent`: standard input is the parent's pipe, and its end (the parent gone, even killed)
// stops both servers, so a test runner that dies leaves nothing listening.
if (process.argv.includes('--stop-with-parent')) {
  process.stdin.resume().once('end', () => void stop().then(() => process.exit(0)));
}

// The marina branded from the app built once, as `pnpm build` makes it (decision 070), with the API's address.
await brandBundle(client.dir, { production: true, apiUrl: apiOrigin }, { dist: outDir });
console.log(JSON.stringify({ app: appOrigin, api: apiOrigin }));
