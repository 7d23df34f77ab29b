// @vitest-environment node
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ClientFolderConfig } from './app-config.ts';
import {
  clientesConSMS,
  ClientFoldersError,
  discoverMarinaFolders,
  loadMarinaDeclarations,
  marinaDeclaration,
} from './marina-folders.ts';

let apps: string | undefined;
afterEach(async () => {
  if (apps) await rm(apps, { recursive: true, force: true });
  apps = undefined;
});

const marina = (id: number, overrides: Partial<ClientFolderConfig> = {}): ClientFolderConfig => ({
  clientId: id,
  clientApp: `MB${id}`,
  clientTitulo: `Marina ${id}`,
  clientShortName: `M${id}`,
  clientLogo: './logo.svg',
  clientIcon: './icon.svg',
  timeZone: 'Europe/Madrid',
  openingHours: [
    { from: '04-01', to: '10-31', open: '08:00', close: '20:00' },
    { from: '11-01', to: '03-31', open: '09:00', close: '18:00' },
  ],
  sendsSms: false,
  tokens: { color: { brand: '#0b4f6c', onBrand: '#ffffff', accent: '#0b6e99' } },
  contact: {
    phone: '+34 900 000 077',
    email: 'info@marina.example',
    address: 'Muelle 1, Málaga',
    openingHours: ['De 08:00 a 20:00'],
  },
  faq: [{ question: '¿Cómo pido una bajada?', answer: 'Desde la pestaña Bajadas.' }],
  ...overrides,
});

/** A folder as the release team writes it (a plain object here: no package to resolve in a temporary folder). */
async function folder(name: string, config: unknown): Promise<void> {
  await mkdir(join(apps!, name), { recursive: true });
  await writeFile(join(apps!, name, 'client.config.ts'), `export default ${JSON.stringify(config)};\n`);
}

describe('discoverMarinaFolders', () => {
  it('reads every client-* folder with a config, sorted by clientId', async () => {
    apps = await mkdtemp(join(tmpdir(), 'apps-'));
    await folder('client-41', marina(41));
    await folder('client-25', marina(25));
    await folder('api', marina(99));
    await mkdir(join(apps, 'client-7'));
    const folders = await discoverMarinaFolders(apps);
    expect(folders.map(({ id, name }) => [id, name])).toEqual([
      [25, 'client-25'],
      [41, 'client-41'],
    ]);
    expect(folders[1]).toMatchObject({ dir: join(apps, 'client-41'), config: marina(41) });
  });

  it('names every problem of every folder, and folders that share a clientId, in one error', async () => {
    apps = await mkdtemp(join(tmpdir(), 'apps-'));
    await folder('client-41', marina(41));
    await folder('client-42', marina(41));
    await folder('client-50', { ...marina(50), timeZone: 'Canarias', settings: { slotCapacity: 0 } });
    const { sendsSms: _sms, ...noChannel } = marina(60);
    await folder('client-60', noChannel);
    await mkdir(join(apps, 'client-70'));
    await writeFile(join(apps, 'client-70', 'client.config.ts'), 'export const config = {};\n');
    const discovery = discoverMarinaFolders(apps);
    await expect(discovery).rejects.toBeInstanceOf(ClientFoldersError);
    const message = await discovery.catch((error: Error) => error.message);
    expect(message).toContain(
      'Invalid configuration for client 50 (client-50):\n  - timeZone must be an IANA time zone such as Atlantic/Canary\n  - settings.slotCapacity must be greater than or equal to 1',
    );
    expect(message).toContain('Invalid configuration for client 60 (client-60):\n  - sendsSms is a required field');
    expect(message).toContain(
      'Invalid configuration for client client-70 (client-70):\n  - client.config.ts must `export default defineClientConfig({ … })`',
    );
    expect(message).toMatch(
      /clientId 41 is declared by 2 marina folders: .*client-41\/client\.config\.ts and .*client-42\/client\.config\.ts\./,
    );
  });

  it('says when the folder of marina folders is missing', async () => {
    await expect(discoverMarinaFolders(join(tmpdir(), 'no-such-apps'))).rejects.toThrow(
      /No marina folders: .*no-such-apps does not exist/,
    );
  });
});

describe('marinaDeclaration', () => {
  it("gives the server every fact the folder declares, under the server's names, and only those", async () => {
    apps = await mkdtemp(join(tmpdir(), 'apps-'));
    const declared = marina(63, { timeZone: 'Atlantic/Canary', settings: { slotCapacity: 6 }, sendsSms: true });
    await folder('client-63', declared);
    expect(await loadMarinaDeclarations(apps)).toEqual([
      {
        id: 63,
        app: 'MB63',
        title: 'Marina 63',
        timeZone: 'Atlantic/Canary',
        openingHours: declared.openingHours,
        settings: { slotCapacity: 6 },
        sendsSms: true,
        // Spain, as the folder says nothing (docs/product.md §7.6).
        smsCountries: ['ES'],
        contactEmail: 'info@marina.example',
      },
    ]);
    expect(marinaDeclaration(marina(41)).settings).toEqual({});
    expect(marinaDeclaration(marina(41, { smsCountries: ['ES', 'PT'] })).smsCountries).toEqual(['ES', 'PT']);
  });
});

describe('clientesConSMS', () => {
  it('lists every marina that sends codes by SMS, and no other', () => {
    const folders = [marina(25, { sendsSms: true }), marina(41, { sendsSms: true }), marina(63)].map((config) => ({
      config,
    }));
    expect(clientesConSMS(folders)).toEqual([41, 25]);
    expect(clientesConSMS([{ config: marina(63) }])).toEqual([]);
  });
});
