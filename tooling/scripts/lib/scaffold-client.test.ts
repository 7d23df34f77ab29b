import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadClient } from '../../vite/client-vite-config.ts';
import { scaffoldClient } from './scaffold-client.ts';

let apps: string | undefined;
afterEach(async () => {
  if (apps) await rm(apps, { recursive: true, force: true });
});

const marina = {
  id: 77,
  title: "Marina d'Or",
  shortName: 'Dor',
  brand: '#0b4f6c',
  accent: '#0b6e99',
  phone: '+34 900 000 077',
  email: 'info@marinador.example',
  address: 'Muelle 1, Málaga',
};

describe('scaffoldClient', () => {
  it('writes only config, logos and package.json, and the config passes the build check', async () => {
    apps = await mkdtemp(join(tmpdir(), 'apps-'));
    const dir = await scaffoldClient(marina, apps);
    expect((await readdir(dir)).sort()).toEqual(['client.config.ts', 'icon.svg', 'logo.svg', 'package.json']);
    const client = await loadClient(dir, { production: true });
    expect(client.config).toMatchObject({ clientId: 77, clientTitulo: "Marina d'Or", clientApp: 'MB77' });
  });

  it('fails the build check with the client and field named when the brand colour is too pale', async () => {
    apps = await mkdtemp(join(tmpdir(), 'apps-'));
    const dir = await scaffoldClient({ ...marina, brand: '#a0d8ef' }, apps);
    await expect(loadClient(dir, { production: true })).rejects.toThrow(
      /Invalid configuration for client 77 \(client-77\):\n {2}- tokens\.color\.onBrand on tokens\.color\.brand/,
    );
  });

  it('refuses to overwrite an existing client', async () => {
    apps = await mkdtemp(join(tmpdir(), 'apps-'));
    await scaffoldClient(marina, apps);
    await expect(scaffoldClient(marina, apps)).rejects.toThrow('apps/client-77 already exists');
  });
});
