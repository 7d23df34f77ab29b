// The marina folders are the one declaration of every marina: what the API serves is what they say. The one API
// test on the real brands' folders (apps/): every other seeds the fixture marinas (decision 046).
import { discoverMarinaFolders, type MarinaFolder } from '@marina/core/config/marina-folders.ts';
import { DEFAULT_CLIENT_SETTINGS, type MarinaDeclaration } from '@marina/core/domain/marina.ts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MARINAS_DIR } from '../config.ts';
import type { Database } from '../db/database.ts';
import { seedClients } from '../db/seed.ts';
import { newPerson } from '../test/accounts.ts';
import { createAgent } from '../test/test-agent.ts';
import { FIXTURE_MARINAS_DIR, openTestDatabase } from '../test/test-database.ts';
import { createTestServer, useTestServer } from '../test/test-server.ts';

let app: FastifyInstance;
let folders: MarinaFolder[];

useTestServer((server) => ({ app } = server), { config: { marinasDir: DEFAULT_MARINAS_DIR } });

beforeAll(async () => {
  folders = await discoverMarinaFolders(DEFAULT_MARINAS_DIR);
});

async function marinaInfo(server: FastifyInstance, id: number) {
  const response = await server.inject({
    method: 'GET',
    url: '/api/v1/client',
    headers: { 'x-client-id': String(id) },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('GET /api/v1/client for every marina folder', () => {
  it('reads back exactly what the folder declares: name, code, zone, opening hours, settings, SMS', async () => {
    expect(folders.map(({ id }) => id)).toEqual([25, 41, 63]);
    for (const { config } of folders) {
      expect(await marinaInfo(app, config.clientId), config.clientTitulo).toEqual({
        id: config.clientId,
        app: config.clientApp,
        title: config.clientTitulo,
        timeZone: config.timeZone,
        openingHours: config.openingHours,
        settings: { ...DEFAULT_CLIENT_SETTINGS, ...config.settings },
        sendsSms: config.sendsSms,
      });
    }
  });

  it('keeps the facts the marinas declare today: 63 in the Canaries by e-mail, 41 and 25 by SMS', async () => {
    expect(await marinaInfo(app, 63)).toMatchObject({ timeZone: 'Atlantic/Canary', sendsSms: false });
    expect(await marinaInfo(app, 41)).toMatchObject({ timeZone: 'Europe/Madrid', sendsSms: true });
    expect(await marinaInfo(app, 25)).toMatchObject({ timeZone: 'Europe/Madrid', sendsSms: true });
  });
});

describe('the fixture marinas the other tests seed', () => {
  it('are valid folders, one by SMS and one by e-mail, with ids no real marina has', async () => {
    const fixtures = await discoverMarinaFolders(FIXTURE_MARINAS_DIR);
    expect(fixtures.map(({ id, config }) => [id, config.sendsSms])).toEqual([
      [901, true],
      [902, false],
      [903, true],
    ]);
    const real = new Set(folders.map(({ id }) => id));
    expect(fixtures.filter(({ id }) => real.has(id))).toEqual([]);
  });
});

describe('a marina declared elsewhere than the repository (the clients table is what counts)', () => {
  let database: Database;
  let server: FastifyInstance;
  const hours = [{ from: '01-01', to: '12-31', open: '07:00', close: '22:00' }];
  const bySms: MarinaDeclaration = {
    id: 90,
    app: 'MB90',
    title: 'Marina Noventa',
    timeZone: 'Europe/Lisbon',
    openingHours: hours,
    settings: { slotCapacity: 6, manualApproval: true },
    sendsSms: true,
  };
  const byEmail: MarinaDeclaration = {
    ...bySms,
    id: 91,
    app: 'MB91',
    title: 'Marina Noventa y Uno',
    settings: {},
    sendsSms: false,
  };

  beforeAll(async () => {
    database = await openTestDatabase();
    await seedClients(database.db, [bySms, byEmail]);
    server = await createTestServer(database);
  });

  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  it('reads back its overrides over the defaults, its hours and its channel', async () => {
    expect(await marinaInfo(server, 90)).toEqual({
      ...bySms,
      settings: { ...DEFAULT_CLIENT_SETTINGS, slotCapacity: 6, manualApproval: true },
    });
    expect(await marinaInfo(server, 91)).toEqual({ ...byEmail, settings: DEFAULT_CLIENT_SETTINGS });
  });

  it('sends registration and reset codes by the channel its row declares', async () => {
    for (const [marina, channel] of [
      [bySms, 'sms'],
      [byEmail, 'email'],
    ] as const) {
      const agent = createAgent(server, marina.id);
      const person = newPerson();
      const registration = await agent.post('/registrations', person);
      expect(registration.statusCode, registration.body).toBe(202);
      expect(registration.json().channel, marina.title).toBe(channel);
      const reset = await agent.post('/password-resets', { identifier: person.email });
      expect(reset.statusCode, reset.body).toBe(202);
      expect(reset.json().channel, marina.title).toBe(channel);
    }
  });
});
