import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { makeTokens } from '@marina/theme/tokens.ts';
import { discoverClients, FIXTURE_MARINAS_DIR, type ClientFolder } from '../scripts/lib/clients.ts';
import { repoRoot } from '../vite/client-vite-config.ts';

/**
 * The fixture marinas the whole suite runs on (decision 046): 901 sends codes by SMS, 902 by e-mail. Every
 * real brand (apps/client-*) runs the smoke spec alone, so a marina more adds a few tests, not the suite.
 */
export const SUITE_FIXTURES = [901, 902];

/** The spec a real brand runs, and the only one. */
export const BRAND_SMOKE_SPEC = 'brand-smoke.spec.ts';

/** The visual tests (decision 052): run on servers of their own, on a fixed clock, and only there. */
export const LOOK_SPEC = 'look.spec.ts';

/**
 * Where the look servers' clocks start (MARINA_CLOCK_START, decision 052): Monday 15 June 2026 at 04:00 in
 * Madrid (03:00 in the Canaries), so every run draws the same dates and weekdays whatever the day it runs.
 * Before opening: no launch slot of the day turns too soon to book (2 h ahead) before 06:00, two hours of
 * run in which what a screen shows cannot change with the server's moving clock.
 */
export const LOOK_CLOCK_START = '2026-06-15T02:00:00Z';

export interface E2eClient {
  id: number;
  name: string;
  dir: string;
  /**
   * `fixture`: a fixture marina, the whole suite. `brand`: a real marina of apps/, its smoke spec. `look`: a
   * fixture marina's second server, on a clock that starts at `clockStart`, for the look spec alone.
   */
  kind: 'fixture' | 'brand' | 'look';
  /** The folder of marina folders its server seeds from (MARINAS_DIR). */
  marinasDir: string;
  title: string;
  brandColour: string;
  sendsSms: boolean;
  port: number;
  /** `look` only: the instant its server's clock starts from (MARINA_CLOCK_START), and its pages' clocks. */
  clockStart?: string;
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
 * One port per server (a client's id, or `look-<id>`), free when the suite starts: never a fixed one where
 * another checkout's server may be listening (the suite would test that one instead of this code).
 */
async function e2ePorts(keys: string[]): Promise<Map<string, number>> {
  const inherited = process.env[E2E_PORTS_ENV];
  if (inherited) {
    const chosen = new Map(Object.entries(JSON.parse(inherited) as Record<string, number>));
    if (keys.every((key) => chosen.has(key))) return chosen;
  }
  const ports = await freePorts(keys.length);
  const chosen = new Map(keys.map((key, index) => [key, ports[index]!]));
  process.env[E2E_PORTS_ENV] = JSON.stringify(Object.fromEntries(chosen));
  return chosen;
}

/**
 * The suite's fixture marinas, then every real brand, then each fixture marina again on a fixed clock (the
 * look spec's servers): each a Playwright project (a new brand joins with no edit here, with its smoke spec).
 * A brand that takes a fixture's clientId is refused: the two would share a port and an id.
 */
export async function e2eClients(): Promise<E2eClient[]> {
  const fixtures = (await discoverClients(FIXTURE_MARINAS_DIR)).filter(({ id }) => SUITE_FIXTURES.includes(id));
  const brands = await discoverClients(join(repoRoot, 'apps'));
  const taken = brands.filter(({ id }) => fixtures.some((fixture) => fixture.id === id));
  if (taken.length > 0)
    throw new Error(
      `clientId ${taken.map(({ id }) => id).join(', ')} belongs to a fixture marina (tooling/fixtures/marinas): give the brand another.`,
    );
  const folders: Array<ClientFolder & { kind: E2eClient['kind']; marinasDir: string }> = [
    ...fixtures.map((folder) => ({ ...folder, kind: 'fixture' as const, marinasDir: FIXTURE_MARINAS_DIR })),
    ...brands.map((folder) => ({ ...folder, kind: 'brand' as const, marinasDir: join(repoRoot, 'apps') })),
  ];
  const lookKey = (id: number) => `look-${id}`;
  const ports = await e2ePorts([
    ...folders.map((folder) => String(folder.id)),
    ...fixtures.map((folder) => lookKey(folder.id)),
  ]);
  const served: E2eClient[] = folders.map((folder) => ({
    id: folder.id,
    name: folder.name,
    dir: folder.dir,
    kind: folder.kind,
    marinasDir: folder.marinasDir,
    title: folder.config.clientTitulo,
    brandColour: makeTokens(folder.config.tokens).color.brand,
    sendsSms: folder.config.sendsSms,
    port: ports.get(String(folder.id))!,
  }));
  const looks: E2eClient[] = served
    .filter((client) => client.kind === 'fixture')
    .map((client) => ({
      ...client,
      kind: 'look',
      port: ports.get(lookKey(client.id))!,
      clockStart: LOOK_CLOCK_START,
    }));
  return [...served, ...looks];
}
