// `pnpm new-client` exactly as the README shows it, in a copy of the checkout (the real one stays as it is).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scaffoldClient } from './lib/scaffold-client.ts';
import { copyCheckout, runScript } from './lib/script-harness.ts';

let checkout: Awaited<ReturnType<typeof copyCheckout>>;
const inCopy = (command: string, args: string[]) => runScript(command, args, { cwd: checkout.root });

beforeAll(async () => {
  checkout = await copyCheckout();
}, 120_000);

// Removing the copy's installed packages can take longer than a hook's default 10 s on a busy machine.
afterAll(async () => {
  await checkout?.remove();
}, 120_000);

describe('pnpm new-client', () => {
  it('scaffolds, links and checks a marina in one command, ready to build', async () => {
    const created = await inCopy('pnpm', ['new-client', '--id', '77', '--title', 'Marina del Sur']);
    expect(created.output).toContain('Created apps/client-77');
    expect(created.code).toBe(0);
    // As the command says to: Turbo builds the app once first (decision 070), then the marina.
    expect(created.output).toContain('pnpm build --filter=@marina/client-77');
    const built = await inCopy('pnpm', ['build', '--filter=@marina/client-77']);
    expect(built.code, built.output).toBe(0);
    expect(readFileSync(join(checkout.root, 'apps/client-77/dist/index.html'), 'utf8')).toContain(
      '<title>Marina del Sur</title>',
    );
  }, 180_000);

  it('leaves nothing behind when it fails, so the same command can run again', async () => {
    const lockfile = join(checkout.root, 'pnpm-lock.yaml');
    const before = readFileSync(lockfile, 'utf8');
    const failed = await inCopy('pnpm', ['new-client', '--id', '78', '--title', 'Marina Pálida', '--brand', '#a0d8ef']);
    expect(failed.code).not.toBe(0);
    expect(failed.output).toMatch(/tokens\.color\.onBrand on tokens\.color\.brand has contrast/);
    expect(failed.output).toContain('Nothing was created');
    expect(existsSync(join(checkout.root, 'apps/client-78'))).toBe(false);
    expect(readFileSync(lockfile, 'utf8')).toBe(before);

    const retried = await inCopy('pnpm', ['new-client', '--id', '78', '--title', 'Marina Pálida']);
    expect(retried.output).not.toContain('already exists');
    expect(retried.code).toBe(0);
  }, 180_000);
});

describe('two marina folders with one clientId', () => {
  it('stop `npm start` and the build with a message naming both folders', async () => {
    const twin = await scaffoldClient(
      {
        id: 99,
        title: 'Marina Gemela',
        shortName: 'Gemela',
        brand: '#0b4f6c',
        accent: '#0b6e99',
        phone: '+34 900 000 099',
        email: 'info@gemela.example',
        address: 'Muelle 9, Vigo',
      },
      join(checkout.root, 'apps'),
    );
    const config = join(twin, 'client.config.ts');
    writeFileSync(config, readFileSync(config, 'utf8').replace('clientId: 99', 'clientId: 41'));
    expect((await inCopy('pnpm', ['install', '--offline', '--no-frozen-lockfile', '--silent'])).code).toBe(0);

    const both =
      /clientId 41 is declared by 2 marina folders: apps\/client-41\/client\.config\.ts and apps\/client-99\/client\.config\.ts/;
    const started = await inCopy(process.execPath, [
      'tooling/scripts/start.ts',
      '--client',
      '41',
      '--memory',
      '--port',
      '0',
    ]);
    expect(started.code).toBe(2);
    expect(started.output).toMatch(both);
    expect(started.output).not.toMatch(/^\s+at /m);

    const built = await inCopy('pnpm', ['build', '--filter=@marina/client-99']);
    expect(built.code).not.toBe(0);
    expect(built.output).toMatch(
      /clientId 41 is declared by 2 marina folders: .*client-41\/client\.config\.ts and .*client-99\/client\.config\.ts/,
    );
    expect(built.output).not.toMatch(/^\s+at /m);
  }, 180_000);
});
