import { phoneProblem } from '@marina/core/domain/contact.ts';
import { documentProblem } from '@marina/core/domain/identity-document.ts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordHasher } from '../accounts/passwords.ts';
import { loadClientDirectory } from '../clients/client-directory.ts';
import { DEFAULT_CLIENT_SETTINGS } from '../clients/client-settings.ts';
import { openTestDatabase } from '../test/test-database.ts';
import type { Database } from './database.ts';
import { accounts, clients } from './schema.ts';
import { DEFAULT_CLIENTS, DEMO_ACCOUNT, parseClientSeeds, seedClients, seedDemoAccounts } from './seed.ts';

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});

afterAll(async () => {
  await database.close();
});

describe('seedClients', () => {
  it('seeds the default clients when given none, and again without duplicates', async () => {
    await seedClients(database.db);
    await seedClients(database.db);
    const rows = await database.db.select().from(clients).orderBy(clients.id);
    expect(rows.map((row) => [row.id, row.app, row.title, row.timeZone])).toEqual([
      [25, 'MB25', 'Varadero Costa Brava', 'Europe/Madrid'],
      [41, 'MB41', 'Marina Port Blau', 'Europe/Madrid'],
      [63, 'MB63', 'Marina Atlántica', 'Atlantic/Canary'],
    ]);
    expect(DEFAULT_CLIENTS).toHaveLength(3);
  });

  it('applies setting overrides over the defaults', async () => {
    await seedClients(database.db, [{ id: 90, app: 'MB90', title: 'Marina Noventa', settings: { slotCapacity: 6, manualApproval: true } }]);
    const directory = await loadClientDirectory(database.db);
    expect(directory.get(90)).toEqual({
      id: 90,
      app: 'MB90',
      title: 'Marina Noventa',
      timeZone: 'Europe/Madrid',
      settings: { ...DEFAULT_CLIENT_SETTINGS, slotCapacity: 6, manualApproval: true },
    });
  });

  it('stores settings as a JSON object the database can query', async () => {
    const result = await database.db.execute<{ kind: string; capacity: string }>(
      sql`select jsonb_typeof(settings) as kind, settings->>'slotCapacity' as capacity from clients where id = 90`,
    );
    const rows = Array.isArray(result) ? result : (result as { rows: unknown[] }).rows;
    expect(rows).toEqual([{ kind: 'object', capacity: '6' }]);
  });

  it('keeps settings changed by staff and updates what the seed names', async () => {
    await database.db
      .update(clients)
      .set({ settings: { slotCapacity: 6, manualApproval: true, maxAdvanceDays: 10 } })
      .where(eq(clients.id, 90));
    await seedClients(database.db, [{ id: 90, app: 'MB90', title: 'Marina 90', settings: { slotCapacity: 8 } }]);
    const [row] = await database.db.select().from(clients).where(eq(clients.id, 90));
    expect(row).toMatchObject({ title: 'Marina 90', settings: { slotCapacity: 8, manualApproval: true, maxAdvanceDays: 10 } });
  });

  it('never overwrites a declared time zone with the default when a seed names none', async () => {
    await seedClients(database.db, [{ id: 92, app: 'MB92', title: 'Marina Canaria', timeZone: 'Atlantic/Canary' }]);
    await seedClients(database.db, [{ id: 92, app: 'MB92', title: 'Marina Canaria' }]);
    const [row] = await database.db.select().from(clients).where(eq(clients.id, 92));
    expect(row?.timeZone).toBe('Atlantic/Canary');
    // A seed that does name one still wins: the zone is the marina's, declared in one place.
    await seedClients(database.db, [{ id: 92, app: 'MB92', title: 'Marina Canaria', timeZone: 'Europe/Lisbon' }]);
    const [moved] = await database.db.select().from(clients).where(eq(clients.id, 92));
    expect(moved?.timeZone).toBe('Europe/Lisbon');
  });

  it('refuses an invalid list before writing anything', async () => {
    await expect(seedClients(database.db, [{ id: 91, app: 'MB91', title: '' }])).rejects.toThrow('[0].title must be a non-empty string');
    expect(await database.db.select().from(clients).where(eq(clients.id, 91))).toEqual([]);
  });
});

describe('parseClientSeeds', () => {
  it('names every problem of every entry', () => {
    expect(() => parseClientSeeds([{ id: 1, app: 'A', title: 'T' }, { id: 1, app: '', title: 'T' }, 'x'])).toThrow(
      '[1].id 1 appears twice; [1].app must be a non-empty string; [2] must be an object',
    );
  });
});

describe('seedDemoAccounts', () => {
  it('creates one active demo owner per client, with valid data, and only once', async () => {
    await seedDemoAccounts(database.db, DEFAULT_CLIENTS);
    await seedDemoAccounts(database.db, DEFAULT_CLIENTS);
    const rows = await database.db.select().from(accounts).orderBy(accounts.clientId);
    expect(rows.map((row) => [row.clientId, row.email, row.status])).toEqual([
      [25, 'demo@client25.example', 'active'],
      [41, 'demo@client41.example', 'active'],
      [63, 'demo@client63.example', 'active'],
    ]);
    for (const row of rows) {
      expect(documentProblem(row.document!)).toBeUndefined();
      expect(phoneProblem(row.phone!)).toBeUndefined();
      expect(row.dataValidatedAt).not.toBeNull();
    }
    expect(rows.find((row) => row.clientId === 41)).toMatchObject({ firstName: 'Marina', surnames: 'Demo Marina Port Blau', phone: '+34600000041' });
    expect(await passwordHasher.verify(rows[1]!.passwordHash!, DEMO_ACCOUNT(41).password)).toBe(true);
    expect(DEMO_ACCOUNT(41)).toEqual({ email: 'demo@client41.example', password: 'Puerto-Demo-41' });
  });

  it('leaves a demo owner who changed the password as they are', async () => {
    const changed = await passwordHasher.hash('Cambiada-por-mi-1');
    await database.db.update(accounts).set({ passwordHash: changed }).where(eq(accounts.email, 'demo@client25.example'));
    await seedDemoAccounts(database.db, DEFAULT_CLIENTS);
    const [row] = await database.db.select().from(accounts).where(eq(accounts.email, 'demo@client25.example'));
    expect(row!.passwordHash).toBe(changed);
  });
});
