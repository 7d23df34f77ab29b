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

  it("declares the marina's zone, seasons, channel and overrides, with the platform's rule by default", async () => {
    apps = await mkdtemp(join(tmpdir(), 'apps-'));
    const byDefault = await loadClient(await scaffoldClient(marina, apps), { production: true });
    expect(byDefault.folder).toMatchObject({
      timeZone: 'Europe/Madrid',
      openingHours: [
        { from: '04-01', to: '10-31', open: '08:00', close: '20:00' },
        { from: '11-01', to: '03-31', open: '09:00', close: '18:00' },
      ],
      sendsSms: false,
      settings: {},
    });
    const canary = await loadClient(
      await scaffoldClient({ ...marina, id: 78, timeZone: 'Atlantic/Canary', sendsSms: true }, apps),
      { production: true },
    );
    expect(canary.folder).toMatchObject({ timeZone: 'Atlantic/Canary', sendsSms: true });
    expect(canary.config.clientesConSMS).toEqual([78]);
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
