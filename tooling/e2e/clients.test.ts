import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { E2E_PORTS_ENV, e2eClients } from './clients.ts';

const OLD_FIXED_PORTS = [47_400, 47_401, 47_402];
let squatters: Server[] = [];

/** Listens where the suite once put its servers, as another checkout's run would. */
async function occupy(port: number): Promise<void> {
  const server = createServer();
  await new Promise<void>((resolve) => {
    server.once('error', () => resolve());
    server.listen(port, '127.0.0.1', () => resolve());
  });
  squatters.push(server);
}

async function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

beforeEach(() => {
  delete process.env[E2E_PORTS_ENV];
});

afterEach(async () => {
  delete process.env[E2E_PORTS_ENV];
  await Promise.all(squatters.map((server) => new Promise((resolve) => server.close(resolve))));
  squatters = [];
});

describe('e2eClients', () => {
  it("gives each client a port free when the suite starts, never one another checkout's server has", async () => {
    for (const port of OLD_FIXED_PORTS) await occupy(port);
    const ports = (await e2eClients()).map((client) => client.port);
    expect(new Set(ports).size).toBe(ports.length);
    for (const port of ports) {
      expect(OLD_FIXED_PORTS).not.toContain(port);
      expect(await isFree(port)).toBe(true);
    }
  });

  it('gives a worker process the ports the main process chose', async () => {
    const chosen = (await e2eClients()).map(({ id, port }) => ({ id, port }));
    // A Playwright worker: a new process that inherits the environment and evaluates the config again.
    // (A file, not `node -e`: the Vite PWA plugin the config imports needs a script path.)
    const worker = join(await mkdtemp(join(tmpdir(), 'e2e-worker-')), 'worker.mjs');
    await writeFile(
      worker,
      `const m = await import(${JSON.stringify(new URL('./clients.ts', import.meta.url).href)});\n` +
        'console.log(JSON.stringify((await m.e2eClients()).map(({ id, port }) => ({ id, port }))));\n',
    );
    const child = spawn(process.execPath, [worker], { env: process.env, stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await new Promise((resolve) => child.on('exit', resolve));
    await rm(dirname(worker), { recursive: true, force: true });
    expect(JSON.parse(output)).toEqual(chosen);
  });
});

describe('the Playwright config', () => {
  it("starts each client with the tooling's start script on its project's port and never reuses a running server", async () => {
    const { default: config } = await import('./playwright.config.ts');
    const servers = [config.webServer].flat();
    // One server per marina project; a project of its own (split origins) starts its own servers.
    const marinaProjects = (config.projects ?? []).filter(
      (project) => (project.use as { marina?: unknown } | undefined)?.marina,
    );
    expect(servers.length).toBeGreaterThan(0);
    expect(servers.length).toBe(marinaProjects.length);
    for (const [index, server] of servers.entries()) {
      const { marina } = marinaProjects[index]!.use as { marina: { id: number; port: number } };
      expect(server!.reuseExistingServer).toBe(false);
      expect(server!.command).toBe(`node ../scripts/start.ts --client ${marina.id} --port ${marina.port} --memory`);
      expect(server!.url).toBe(`http://127.0.0.1:${marina.port}/api/v1/health`);
    }
  });
});
