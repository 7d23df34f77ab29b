// `npm start` as the README shows it (bootstrap hands over to `node tooling/scripts/start.ts …`): real
// processes, real ports, the bundle built as a person gets it.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT, DEMO_AUTHORISED_ACCOUNT, DEMO_STAFF_ACCOUNT } from '@marina/api/db/seed.ts';
import { freeConsecutivePorts, listeningAddresses, startNodeScript, type ScriptProcess } from './lib/script-harness.ts';

const RUNNING = /is running at (http:\/\/\S+)/g;

async function urlsOf(script: ScriptProcess, count: number): Promise<string[]> {
  await script.waitFor(/Stop with Ctrl\+C/);
  const urls = [...script.output().matchAll(RUNNING)].map((match) => match[1]!);
  expect(urls).toHaveLength(count);
  return urls;
}

async function clientSettings(url: string, clientId: number) {
  const response = await fetch(`${url}/api/v1/client`, { headers: { 'X-Client-Id': String(clientId) } });
  expect(response.status).toBe(200);
  return (await response.json()) as { id: number; title: string; timeZone: string };
}

describe('npm start -- --client 63', () => {
  let script: ScriptProcess;
  let url: string;

  beforeAll(async () => {
    script = startNodeScript('start', ['--client', '63', '--memory', '--port', '0']);
    [url] = (await urlsOf(script, 1)) as [string];
  }, 180_000);

  afterAll(async () => {
    await script?.stop();
  });

  it('seeds client 63 with the time zone its folder declares', async () => {
    expect(await clientSettings(url, 63)).toMatchObject({ id: 63, timeZone: 'Atlantic/Canary' });
  });

  it('listens on this machine only when HOST is not set, and says so', async () => {
    const { hostname, port } = new URL(url);
    expect(hostname).toBe('127.0.0.1');
    expect(await listeningAddresses(Number(port))).toEqual(['127.0.0.1']);
    expect(script.output()).toContain('HOST=0.0.0.0');
  });
});

describe('npm start on one data folder', () => {
  let parent: string;
  const running: ScriptProcess[] = [];

  beforeAll(() => {
    parent = mkdtempSync(join(tmpdir(), 'marina-start-'));
  });

  afterAll(async () => {
    for (const script of running) await script.stop();
    rmSync(parent, { recursive: true, force: true });
  });

  it('refuses a second server on the folder the first has open, naming it and what to do', async () => {
    const dataDir = join(parent, 'pglite');
    const env = { DATA_DIR: dataDir };
    const first = startNodeScript('start', ['--client', '41', '--port', '0'], { env });
    running.push(first);
    const [url] = (await urlsOf(first, 1)) as [string];

    const second = startNodeScript('start', ['--client', '63', '--port', '0'], { env });
    running.push(second);
    const [outcome] = await second.waitFor(/is running at|is already open in another process/);
    expect(outcome, second.output()).not.toBe('is running at');
    const { code } = await second.exited;
    expect(code).toBe(1);
    expect(second.output()).toContain(`The database folder ${dataDir} is already open in another process (pid `);
    expect(second.output()).toMatch(/Stop the other server/);
    expect(second.output()).toMatch(/--memory/);
    expect(second.output()).toMatch(/npm start -- --client 41,25,63/);
    // A message for a person, not a crash.
    expect(second.output()).not.toMatch(/^\s+at /m);
    expect(second.output()).not.toContain('is running at');

    // The first one is unharmed, and once it stops the folder opens again with its data.
    expect(await clientSettings(url, 41)).toMatchObject({ id: 41 });
    expect(await first.stop()).toMatchObject({ code: 0 });
    expect(existsSync(`${dataDir}.lock`)).toBe(false);
    const again = startNodeScript('start', ['--client', '63', '--port', '0'], { env });
    running.push(again);
    const [againUrl] = (await urlsOf(again, 1)) as [string];
    expect(await clientSettings(againUrl, 63)).toMatchObject({ timeZone: 'Atlantic/Canary' });
  }, 240_000);
});

describe('npm start -- --client 41,25,63', () => {
  let script: ScriptProcess;
  let dataDir: string;

  beforeAll(() => {
    dataDir = join(mkdtempSync(join(tmpdir(), 'marina-start-')), 'pglite');
  });

  afterAll(async () => {
    await script?.stop();
    rmSync(join(dataDir, '..'), { recursive: true, force: true });
  });

  it("serves each marina's bundle on consecutive ports from one process and one database", async () => {
    const port = await freeConsecutivePorts(3);
    script = startNodeScript('start', ['--client', '41,25,63', '--port', String(port)], { env: { DATA_DIR: dataDir } });
    const urls = await urlsOf(script, 3);
    expect(urls).toEqual([41, 25, 63].map((_, index) => `http://127.0.0.1:${port + index}`));
    for (const [index, [clientId, title]] of (
      [
        [41, 'Marina Port Blau'],
        [25, 'Varadero Costa Brava'],
        [63, 'Marina Atlántica'],
      ] as const
    ).entries()) {
      const html = await (await fetch(`${urls[index]}/`, { headers: { Accept: 'text/html' } })).text();
      // `/` is the sign-in screen drawn at build time, titled with the screen and the marina.
      expect(html).toContain(`<title>Entrar · ${title}</title>`);
      expect(script.output()).toContain(`${DEMO_ACCOUNT(clientId).email} / ${DEMO_ACCOUNT(clientId).password}`);
      expect(script.output()).toContain(
        `${DEMO_STAFF_ACCOUNT(clientId).email} / ${DEMO_STAFF_ACCOUNT(clientId).password}`,
      );
      expect(script.output()).toContain(
        `${DEMO_AUTHORISED_ACCOUNT(clientId).email} / ${DEMO_AUTHORISED_ACCOUNT(clientId).password}`,
      );
      expect(await clientSettings(urls[index]!, clientId)).toMatchObject({ id: clientId, title });
    }
    expect(await clientSettings(urls[0]!, 63)).toMatchObject({ timeZone: 'Atlantic/Canary' });
    // One process holds the folder: it is closed and released on Ctrl+C.
    expect(existsSync(`${dataDir}.lock`)).toBe(true);
    expect(await script.stop()).toMatchObject({ code: 0 });
    expect(existsSync(`${dataDir}.lock`)).toBe(false);
  }, 240_000);
});
