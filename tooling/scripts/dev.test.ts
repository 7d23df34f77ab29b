// `pnpm dev` as the README shows it (`node tooling/scripts/dev.ts`): where its two servers listen.
import { afterEach, describe, expect, it } from 'vitest';
import { listeningAddresses, startNodeScript, type ScriptProcess } from './lib/script-harness.ts';

let script: ScriptProcess | undefined;
afterEach(async () => {
  await script?.stop();
});

/** The API's and the Vite dev server's ports, from what `pnpm dev` prints. */
async function start(env: NodeJS.ProcessEnv) {
  script = startNodeScript('dev', ['--client', '25', '--memory'], { env: { PORT: '0', NO_COLOR: '1', ...env } });
  const [, apiHost, apiPort] = await script.waitFor(/API: http:\/\/([\d.]+):(\d+)\/api\/v1/, 60_000);
  const [, viteHost, vitePort] = await script.waitFor(/(?:Local|Network):\s+http:\/\/([\d.]+):(\d+)\//, 60_000);
  return { apiHost, apiPort: Number(apiPort), viteHost, vitePort: Number(vitePort) };
}

describe('pnpm dev', () => {
  it('listens on this machine only when HOST is not set: the outbox is not for the network', async () => {
    const { apiHost, apiPort, viteHost, vitePort } = await start({});
    expect([apiHost, viteHost]).toEqual(['127.0.0.1', '127.0.0.1']);
    expect(await listeningAddresses(apiPort)).toEqual(['127.0.0.1']);
    expect(await listeningAddresses(vitePort)).toEqual(['127.0.0.1']);
    // The dev server reaches the API through its proxy.
    const response = await fetch(`http://127.0.0.1:${vitePort}/api/v1/client`, { headers: { 'X-Client-Id': '25' } });
    expect(await response.json()).toMatchObject({ id: 25 });
    // The PNG icons a build writes, drawn on the fly (decision 051).
    const icon = await fetch(`http://127.0.0.1:${vitePort}/brand/apple-touch-icon.png`);
    expect(icon.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await icon.arrayBuffer()).readUInt32BE(16)).toBe(180);
  }, 120_000);

  it('listens where HOST says, both servers', async () => {
    const { apiPort, vitePort } = await start({ HOST: '127.0.0.2' });
    expect(await listeningAddresses(apiPort)).toEqual(['127.0.0.2']);
    expect(await listeningAddresses(vitePort)).toEqual(['127.0.0.2']);
  }, 120_000);
});
