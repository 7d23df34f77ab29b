import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FIXTURE_MARINAS_DIR } from '../scripts/lib/clients.ts';
import { repoRoot } from '../vite/client-vite-config.ts';
import { BRAND_SMOKE_SPEC, E2E_PORTS_ENV, e2eClients, LOOK_CLOCK_START, LOOK_SPEC, SUITE_FIXTURES } from './clients.ts';

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

  it('lists the fixture marinas of the suite first, then every real brand of apps/', async () => {
    const clients = await e2eClients();
    expect(clients.filter(({ kind }) => kind === 'fixture').map(({ id }) => id)).toEqual(SUITE_FIXTURES);
    expect(clients.filter(({ kind }) => kind === 'fixture').map(({ sendsSms }) => sendsSms)).toEqual([true, false]);
    const brands = clients.filter(({ kind }) => kind === 'brand');
    expect(brands.map(({ name }) => name)).toEqual(expect.arrayContaining(['client-41', 'client-25', 'client-63']));
    for (const brand of brands) expect(brand.marinasDir).toBe(join(repoRoot, 'apps'));
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

  it('runs the whole suite on the fixture marinas, seeded from their folder, and the smoke alone on each brand', async () => {
    const { default: config } = await import('./playwright.config.ts');
    const servers = [config.webServer].flat();
    const projects = config.projects ?? [];
    const marinaOf = (project: (typeof projects)[number]) =>
      (project.use as { marina?: { id: number; kind: string } } | undefined)?.marina;
    const fixtures = projects.filter((project) => marinaOf(project)?.kind === 'fixture');
    const brands = projects.filter((project) => marinaOf(project)?.kind === 'brand');
    expect(fixtures.map((project) => marinaOf(project)!.id)).toEqual(SUITE_FIXTURES);
    expect(brands.length).toBeGreaterThanOrEqual(3);
    for (const project of fixtures) {
      expect(project.testMatch).toBeUndefined();
      expect(project.testIgnore).toContain(BRAND_SMOKE_SPEC);
      expect(project.testIgnore).toContain(LOOK_SPEC);
    }
    for (const project of brands) expect(project.testMatch).toBe(BRAND_SMOKE_SPEC);
    expect(projects.filter((project) => project.name === 'split-origin')).toHaveLength(1);
    const seededFrom = servers.map((server) => (server!.env as Record<string, string>).MARINAS_DIR);
    expect(seededFrom.slice(0, fixtures.length)).toEqual(fixtures.map(() => FIXTURE_MARINAS_DIR));
    expect(seededFrom.slice(fixtures.length, fixtures.length + brands.length)).toEqual(
      brands.map(() => join(repoRoot, 'apps')),
    );
  });

  it('runs the look spec alone on a second server per fixture marina, whose clock starts at a fixed instant', async () => {
    const { default: config } = await import('./playwright.config.ts');
    const servers = [config.webServer].flat();
    const projects = (config.projects ?? []).filter(
      (project) => (project.use as { marina?: unknown } | undefined)?.marina,
    );
    const looks = projects.filter((project) => project.testMatch === LOOK_SPEC);
    expect(looks.map((project) => project.name)).toEqual(SUITE_FIXTURES.map((id) => `look-${id}`));
    for (const project of looks)
      expect(project.snapshotPathTemplate).toBe('{testDir}/look-snapshots/{projectName}/{arg}{ext}');
    // Only the look servers on the fixed clock, seeded from the fixtures' folder; the others on the real one.
    const clockOf = (index: number) => (servers[index]!.env as Record<string, string>).MARINA_CLOCK_START;
    for (const [index, project] of projects.entries()) {
      const look = looks.includes(project);
      expect(clockOf(index), project.name).toBe(look ? LOOK_CLOCK_START : undefined);
      if (look) expect((servers[index]!.env as Record<string, string>).MARINAS_DIR).toBe(FIXTURE_MARINAS_DIR);
    }
  });

  it('keeps the HTML report, and the screenshots and retry traces of failed tests, under test-results', async () => {
    const { default: config } = await import('./playwright.config.ts');
    const html = (config.reporter as unknown as Array<[string, { outputFolder?: string; open?: string }?]>).find(
      ([name]) => name === 'html',
    );
    expect(html?.[1]).toEqual({ outputFolder: '../../test-results/e2e-report', open: 'never' });
    expect(config.outputDir).toBe('../../test-results/e2e');
    expect(config.use).toMatchObject({ trace: 'on-first-retry', screenshot: 'only-on-failure' });
    // The retry records the trace; passing only then still fails the run (decision 049).
    expect(config).toMatchObject({ retries: 1, failOnFlakyTests: true });
  });
});
