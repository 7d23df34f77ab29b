import { createServer, type Server } from 'node:net';
import { makeTokens } from '@marina/theme/tokens.ts';
import { discoverClients, type ClientFolder } from '../scripts/lib/clients.ts';

export interface E2eClient {
  id: number;
  name: string;
  dir: string;
  title: string;
  brandColour: string;
  sendsSms: boolean;
  port: number;
}

/**
 * The ports the main process chose, as JSON `{ "<clientId>": port }`. Playwright evaluates the config in
 * the main process and again in every worker; workers inherit this variable, so they use the same ports.
 */
export const E2E_PORTS_ENV = 'MARINA_E2E_PORTS';

/** `count` distinct ports that are free now: each opened at once on port 0, then released. */
async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<Server>((resolve, reject) => {
          const server = createServer();
          server.once('error', reject);
          server.listen(0, '127.0.0.1', () => resolve(server));
        }),
    ),
  );
  const ports = servers.map((server) => (server.address() as { port: number }).port);
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

/**
 * One port per client, free when the suite starts: never a fixed one where another checkout's server may be
 * listening (the suite would test that one instead of this code).
 */
async function e2ePorts(ids: number[]): Promise<Map<number, number>> {
  const inherited = process.env[E2E_PORTS_ENV];
  if (inherited) {
    const chosen = new Map(
      Object.entries(JSON.parse(inherited) as Record<string, number>).map(([id, port]) => [Number(id), port]),
    );
    if (ids.every((id) => chosen.has(id))) return chosen;
  }
  const ports = await freePorts(ids.length);
  const chosen = new Map(ids.map((id, index) => [id, ports[index]!]));
  process.env[E2E_PORTS_ENV] = JSON.stringify(Object.fromEntries(chosen));
  return chosen;
}

/** Every client folder becomes a Playwright project: a new client joins the suite with no edit here. */
export async function e2eClients(): Promise<E2eClient[]> {
  const folders: ClientFolder[] = await discoverClients();
  const ports = await e2ePorts(folders.map((folder) => folder.id));
  return folders.map((folder) => ({
    id: folder.id,
    name: folder.name,
    dir: folder.dir,
    title: folder.config.clientTitulo,
    brandColour: makeTokens(folder.config.tokens).color.brand,
    sendsSms: folder.config.sendsSms,
    port: ports.get(folder.id)!,
  }));
}
