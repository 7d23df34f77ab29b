import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { clientesConSMS } from '@marina/core/config/marina-folders.ts';
import { loadClient } from '../../vite/client-vite-config.ts';
import { clientSeeds, ClientFoldersError, discoverClients } from './clients.ts';
import { scaffoldClient } from './scaffold-client.ts';

let apps: string | undefined;
afterEach(async () => {
  if (apps) await rm(apps, { recursive: true, force: true });
});

const marina = (id: number) => ({
  id,
  title: `Marina ${id}`,
  shortName: `M${id}`,
  brand: '#0b4f6c',
  accent: '#0b6e99',
  phone: '+34 900 000 077',
  email: 'info@marina.example',
  address: 'Muelle 1, Málaga',
});

describe('discoverClients', () => {
  it('refuses two folders that declare one clientId, naming both', async () => {
    apps = await mkdtemp(join(tmpdir(), 'apps-'));
    await scaffoldClient(marina(41), apps);
    const copy = await scaffoldClient(marina(99), apps);
    const config = join(copy, 'client.config.ts');
    await writeFile(config, (await readFile(config, 'utf8')).replace('clientId: 99', 'clientId: 41'));
    const discovery = discoverClients(apps);
    await expect(discovery).rejects.toBeInstanceOf(ClientFoldersError);
    await expect(discovery).rejects.toThrow(
      /clientId 41 is declared by 2 marina folders: .*client-41\/client\.config\.ts and .*client-99\/client\.config\.ts/,
    );
  });
});

describe('clientSeeds', () => {
  it('seeds each marina with the time zone, hours and channel its folder declares', async () => {
    const seeds = clientSeeds(await discoverClients());
    expect(seeds.find((seed) => seed.id === 63)).toMatchObject({ timeZone: 'Atlantic/Canary', sendsSms: false });
    expect(seeds.find((seed) => seed.id === 41)).toMatchObject({ timeZone: 'Europe/Madrid', sendsSms: true });
    for (const seed of seeds) expect(seed.openingHours.length, seed.title).toBeGreaterThan(0);
  });
});

describe('clientesConSMS', () => {
  it("derives the specification's [41, 25] from the folders' sendsSms", async () => {
    expect(clientesConSMS(await discoverClients())).toEqual([41, 25]);
  });

  it('reaches every bundle as it is derived, whichever marina is built', async () => {
    for (const { dir } of await discoverClients()) {
      expect((await loadClient(dir, { production: true })).config.clientesConSMS, dir).toEqual([41, 25]);
    }
  });

  it('follows a new marina that sends codes by SMS, with no other edit', async () => {
    apps = await mkdtemp(join(tmpdir(), 'apps-'));
    await scaffoldClient({ ...marina(77), sendsSms: true }, apps);
    const byEmail = await scaffoldClient(marina(78), apps);
    expect((await loadClient(byEmail, { production: true })).config.clientesConSMS).toEqual([77]);
  });
});
