import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_CLIENTS } from '@marina/api/db/seed.ts';
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
    await expect(discovery).rejects.toThrow(/clientId 41 is declared by 2 marina folders: .*client-41\/client\.config\.ts and .*client-99\/client\.config\.ts/);
  });
});

describe('clientSeeds', () => {
  it("seeds each marina with the time zone its folder declares", async () => {
    const seeds = clientSeeds(await discoverClients());
    expect(seeds.find((seed) => seed.id === 63)).toMatchObject({ timeZone: 'Atlantic/Canary' });
    expect(seeds.find((seed) => seed.id === 41)).not.toHaveProperty('timeZone');
  });

  it("matches the API's own defaults, so the API alone serves the same marinas", async () => {
    const fromFolders = clientSeeds(await discoverClients());
    const sorted = (seeds: ReadonlyArray<{ id: number }>) => [...seeds].sort((a, b) => a.id - b.id);
    expect(sorted(DEFAULT_CLIENTS)).toEqual(sorted(fromFolders).filter((seed) => DEFAULT_CLIENTS.some(({ id }) => id === seed.id)));
  });
});
