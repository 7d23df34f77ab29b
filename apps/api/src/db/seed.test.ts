import { phoneProblem } from '@marina/core/domain/contact.ts';
import { documentProblem } from '@marina/core/domain/identity-document.ts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { sniffCertificateType } from '@marina/core/domain/boats.ts';
import { addDays, todayIn } from '@marina/core/domain/calendar.ts';
import { localDateIn } from '@marina/core/domain/opening-hours.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordHasher } from '../accounts/passwords.ts';
import { DEFAULT_CLIENT_SETTINGS, type MarinaDeclaration } from '@marina/core/domain/marina.ts';
import { loadClientDirectory } from '../clients/client-directory.ts';
import { FIXTURE_MARINAS_DIR, openTestDatabase } from '../test/test-database.ts';
import type { Database } from './database.ts';
import { accounts } from '../accounts/accounts.schema.ts';
import { authorisationBoats, authorisations } from '../authorisations/authorisations.schema.ts';
import { boats, contracts, insuranceCertificates } from '../boats/boats.schema.ts';
import { clients } from '../clients/clients.schema.ts';
import { launches, launchSlots } from '../launches/launches.schema.ts';
import { outings } from '../outings/outings.schema.ts';
import {
  DEMO_ACCOUNT,
  DEMO_AUTHORISED_ACCOUNT,
  DEMO_AUTHORISED_BOAT,
  DEMO_LAUNCH_BOAT,
  DEMO_STAFF_ACCOUNT,
  marinaSeeds,
  parseClientSeeds,
  seedClients,
  seedDemoAccounts,
  type ClientSeed,
} from './seed.ts';

let database: Database;
let marinas: ClientSeed[];

beforeAll(async () => {
  database = await openTestDatabase();
  marinas = await marinaSeeds(FIXTURE_MARINAS_DIR);
});

afterAll(async () => {
  await database.close();
});

const productHours = [
  { from: '04-01', to: '10-31', open: '08:00', close: '20:00' },
  { from: '11-01', to: '03-31', open: '09:00', close: '18:00' },
];

/** A marina as a folder would declare it, for marinas that exist only in these tests. */
const declared = (id: number, overrides: Partial<MarinaDeclaration> = {}): MarinaDeclaration => ({
  id,
  app: `MB${id}`,
  title: `Marina ${id}`,
  timeZone: 'Europe/Madrid',
  openingHours: productHours,
  settings: {},
  sendsSms: false,
  ...overrides,
});

async function stored(id: number) {
  const [row] = await database.db.select().from(clients).where(eq(clients.id, id));
  return row;
}

describe('seedClients', () => {
  it("seeds the repository's marina folders, and again without duplicates", async () => {
    await seedClients(database.db, marinas);
    await seedClients(database.db, marinas);
    const rows = await database.db.select().from(clients).orderBy(clients.id);
    expect(
      rows.map(({ id, app, title, timeZone, openingHours, settings, sendsSms, smsCountries, contactEmail }) => ({
        id,
        app,
        title,
        timeZone,
        openingHours,
        settings,
        sendsSms,
        smsCountries,
        contactEmail,
      })),
    ).toEqual(marinas);
    expect(rows.map(({ id }) => id)).toEqual([901, 902, 903]);
  });

  it('writes every fact the folder declares: zone, opening hours, setting overrides, SMS and its countries, contact e-mail', async () => {
    const hours = [{ from: '01-01', to: '12-31', open: '07:30', close: '21:00' }];
    await seedClients(database.db, [
      declared(90, {
        timeZone: 'Atlantic/Canary',
        openingHours: hours,
        settings: { slotCapacity: 6, manualApproval: true },
        sendsSms: true,
        smsCountries: ['ES', 'PT'],
        contactEmail: 'puerto@marina90.example',
      }),
    ]);
    const directory = await loadClientDirectory(database.db);
    expect(directory.get(90)).toEqual({
      id: 90,
      app: 'MB90',
      title: 'Marina 90',
      timeZone: 'Atlantic/Canary',
      openingHours: hours,
      settings: { ...DEFAULT_CLIENT_SETTINGS, slotCapacity: 6, manualApproval: true },
      sendsSms: true,
      smsCountries: ['ES', 'PT'],
      contactEmail: 'puerto@marina90.example',
    });
    // A declaration that does not say: Spain alone.
    await seedClients(database.db, [declared(95)]);
    expect((await stored(95))?.smsCountries).toEqual(['ES']);
  });

  it('stores settings and hours as JSON the database can query', async () => {
    const result = await database.db.execute<{ kind: string; capacity: string; opens: string }>(
      sql`select jsonb_typeof(settings) as kind, settings->>'slotCapacity' as capacity, opening_hours->0->>'open' as opens from clients where id = 90`,
    );
    const rows = Array.isArray(result) ? result : (result as { rows: unknown[] }).rows;
    expect(rows).toEqual([{ kind: 'object', capacity: '6', opens: '07:30' }]);
  });

  it('replaces what the folder no longer declares: a removed override is back to its default', async () => {
    await seedClients(database.db, [declared(90, { title: 'Marina Noventa', settings: { slotCapacity: 8 } })]);
    expect(await stored(90)).toMatchObject({
      title: 'Marina Noventa',
      timeZone: 'Europe/Madrid',
      openingHours: productHours,
      settings: { slotCapacity: 8 },
      sendsSms: false,
    });
    expect((await loadClientDirectory(database.db)).get(90)?.settings).toEqual({
      ...DEFAULT_CLIENT_SETTINGS,
      slotCapacity: 8,
    });
  });

  it('never replaces a stored zone with a default: a declaration without one is refused, the zone stays', async () => {
    await seedClients(database.db, [declared(92, { timeZone: 'Atlantic/Canary' })]);
    const { timeZone: _zone, ...zoneless } = declared(92);
    await expect(seedClients(database.db, [zoneless as ClientSeed])).rejects.toThrow(
      '[0].timeZone is a required field',
    );
    expect((await stored(92))?.timeZone).toBe('Atlantic/Canary');
    // Nor has the database a default of its own to fall back on.
    await expect(
      database.db.insert(clients).values({ id: 93, app: 'MB93', title: 'Marina 93' } as typeof clients.$inferInsert),
    ).rejects.toThrow();
    // A declared zone wins: the zone is the marina's, declared in one place.
    await seedClients(database.db, [declared(92, { timeZone: 'Europe/Lisbon' })]);
    expect((await stored(92))?.timeZone).toBe('Europe/Lisbon');
  });

  it('refuses an invalid list before writing anything', async () => {
    const bad = declared(91, { title: 'X', openingHours: [productHours[0]!] });
    await expect(seedClients(database.db, [declared(94), bad])).rejects.toThrow(
      '[1].title must be at least 2 characters; [1].openingHours give no hours for 01-01 to 03-31, 11-01 to 12-31: every day of the year needs exactly one season',
    );
    expect(
      await database.db
        .select()
        .from(clients)
        .where(inArray(clients.id, [91, 94])),
    ).toEqual([]);
  });
});

describe('parseClientSeeds', () => {
  it('names every problem of every entry, by the rules of the folders', () => {
    expect(() =>
      parseClientSeeds([declared(1), { ...declared(1), app: 'A' }, { ...declared(2), settings: { slotCapacity: 0 } }]),
    ).toThrow(
      '[1].app must be 2 to 12 letters or digits; [2].settings.slotCapacity must be greater than or equal to 1; clientId 1 declared twice',
    );
  });
});

describe('seedDemoAccounts', () => {
  it('creates one active demo owner per client, with valid data, and only once', async () => {
    await seedDemoAccounts(database.db, marinas);
    await seedDemoAccounts(database.db, marinas);
    const rows = (
      await database.db.select().from(accounts).where(eq(accounts.role, 'customer')).orderBy(accounts.clientId)
    ).filter((row) => row.email!.startsWith('demo@'));
    expect(rows.map((row) => [row.clientId, row.email, row.status])).toEqual([
      [901, 'demo@client901.example', 'active'],
      [902, 'demo@client902.example', 'active'],
      [903, 'demo@client903.example', 'active'],
    ]);
    for (const row of rows) {
      expect(documentProblem(row.document!)).toBeUndefined();
      expect(phoneProblem(row.phone!)).toBeUndefined();
      expect(row.dataValidatedAt).not.toBeNull();
    }
    expect(rows.find((row) => row.clientId === 901)).toMatchObject({
      firstName: 'Elena',
      surnames: 'Navarro Vidal',
      phone: '+34600000901',
    });
    expect(await passwordHasher.verify(rows[0]!.passwordHash!, DEMO_ACCOUNT(901).password)).toBe(true);
    expect(DEMO_ACCOUNT(901)).toEqual({ email: 'demo@client901.example', password: 'Puerto-Demo-901' });
  });

  it('gives each demo owner two boats under active contracts and one waiting, insured and with a certificate, once', async () => {
    for (const marina of marinas) {
      const today = todayIn(marina.timeZone);
      const [owner] = await database.db
        .select()
        .from(accounts)
        .where(and(eq(accounts.clientId, marina.id), eq(accounts.email, DEMO_ACCOUNT(marina.id).email)));
      expect(owner!.documentExpiresOn! > today && owner!.licenceExpiresOn! > today).toBe(true);
      const owned = await database.db.select().from(boats).where(eq(boats.accountId, owner!.id)).orderBy(boats.name);
      expect(owned).toHaveLength(3);
      for (const boat of owned) expect(boat.insuranceExpiresOn! > today).toBe(true);
      const ids = owned.map((boat) => boat.id);
      const rows = await database.db.select().from(contracts).where(inArray(contracts.boatId, ids));
      expect(rows.map((row) => row.status).sort()).toEqual(['active', 'active', 'requested']);
      for (const row of rows.filter((contract) => contract.status === 'active'))
        expect(row.startsOn <= today && row.endsOn >= today).toBe(true);
      const certificates = await database.db
        .select()
        .from(insuranceCertificates)
        .where(inArray(insuranceCertificates.boatId, ids));
      expect(certificates).toHaveLength(3);
      for (const certificate of certificates) expect(sniffCertificateType(certificate.content)).toBe('application/pdf');
    }
  });

  it('books each demo owner a confirmed launch for tomorrow on Gaviota, once, and leaves Brisa free to book', async () => {
    for (const marina of marinas) {
      const today = todayIn(marina.timeZone);
      const [owner] = await database.db
        .select()
        .from(accounts)
        .where(and(eq(accounts.clientId, marina.id), eq(accounts.email, DEMO_ACCOUNT(marina.id).email)));
      const rows = await database.db
        .select({ launch: launches, boat: boats.name })
        .from(launches)
        .innerJoin(boats, eq(boats.id, launches.boatId))
        .where(eq(launches.accountId, owner!.id));
      expect(rows.map((row) => [row.boat, row.launch.status])).toEqual([[DEMO_LAUNCH_BOAT, 'confirmed']]);
      expect(localDateIn(rows[0]!.launch.slotStart, marina.timeZone)).toBe(addDays(today, 1));
      const [slot] = await database.db
        .select()
        .from(launchSlots)
        .where(and(eq(launchSlots.clientId, marina.id), eq(launchSlots.start, rows[0]!.launch.slotStart)));
      expect(slot!.held).toBe(1);
    }
  });

  it('completes a demo launch whose day has passed and books a new one', async () => {
    const later = new Date(Date.now() + 3 * 24 * 60 * 60_000);
    await seedDemoAccounts(database.db, marinas, later);
    const [owner] = await database.db
      .select()
      .from(accounts)
      .where(eq(accounts.email, DEMO_ACCOUNT(901).email));
    const rows = await database.db
      .select()
      .from(launches)
      .where(eq(launches.accountId, owner!.id))
      .orderBy(launches.seq);
    expect(rows.map((row) => row.status)).toEqual(['completed', 'confirmed']);
    expect(localDateIn(rows[1]!.slotStart, 'Europe/Madrid')).toBe(addDays(todayIn('Europe/Madrid', later), 1));
  });

  it('gives each demo owner one active authorised person on Brisa, with an account of their own, once', async () => {
    await seedDemoAccounts(database.db, marinas);
    for (const marina of marinas) {
      const [owner] = await database.db
        .select()
        .from(accounts)
        .where(and(eq(accounts.clientId, marina.id), eq(accounts.email, DEMO_ACCOUNT(marina.id).email)));
      const rows = await database.db
        .select({ authorisation: authorisations, boat: boats.name })
        .from(authorisations)
        .innerJoin(authorisationBoats, eq(authorisationBoats.authorisationId, authorisations.id))
        .innerJoin(boats, eq(boats.id, authorisationBoats.boatId))
        .where(eq(authorisations.accountId, owner!.id));
      expect(rows.map((row) => [row.boat, row.authorisation.state, row.authorisation.validTo])).toEqual([
        [DEMO_AUTHORISED_BOAT, 'active', null],
      ]);
      const [person] = await database.db
        .select()
        .from(accounts)
        .where(and(eq(accounts.clientId, marina.id), eq(accounts.email, DEMO_AUTHORISED_ACCOUNT(marina.id).email)));
      expect(person).toMatchObject({ status: 'active', document: rows[0]!.authorisation.document });
      expect(documentProblem(person!.document!)).toBeUndefined();
      expect(phoneProblem(person!.phone!)).toBeUndefined();
    }
    expect(DEMO_AUTHORISED_ACCOUNT(901)).toEqual({
      email: 'autorizado@client901.example',
      password: 'Puerto-Demo-901',
    });
  });

  it('creates one staff member per client', async () => {
    const staff = await database.db
      .select()
      .from(accounts)
      .where(eq(accounts.role, 'staff'))
      .orderBy(accounts.clientId);
    expect(staff.map((row) => [row.clientId, row.email, row.status])).toEqual(
      [901, 902, 903].map((id) => [id, `staff@client${id}.example`, 'active']),
    );
    for (const row of staff) expect(documentProblem(row.document!)).toBeUndefined();
    expect(await passwordHasher.verify(staff[0]!.passwordHash!, DEMO_STAFF_ACCOUNT(901).password)).toBe(true);
    expect(DEMO_STAFF_ACCOUNT(901)).toEqual({ email: 'staff@client901.example', password: 'Puerto-Staff-901' });
  });

  it('gives each demo owner two past outings and none at sea, once', async () => {
    await seedDemoAccounts(database.db, marinas);
    await seedDemoAccounts(database.db, marinas);
    for (const clientId of [901, 902, 903]) {
      const [owner] = await database.db
        .select()
        .from(accounts)
        .where(eq(accounts.email, DEMO_ACCOUNT(clientId).email));
      const rows = await database.db.select().from(outings).where(eq(outings.accountId, owner!.id));
      expect(rows.map((row) => row.state)).toEqual(['returned', 'returned']);
      expect(
        rows.every(
          (row) => row.clientId === clientId && row.returnedAt! < new Date() && row.expectedReturn > row.departure,
        ),
      ).toBe(true);
    }
  });

  it('leaves a demo owner who changed the password as they are', async () => {
    const changed = await passwordHasher.hash('Cambiada-por-mi-1');
    await database.db
      .update(accounts)
      .set({ passwordHash: changed })
      .where(eq(accounts.email, 'demo@client903.example'));
    await seedDemoAccounts(database.db, marinas);
    const [row] = await database.db.select().from(accounts).where(eq(accounts.email, 'demo@client903.example'));
    expect(row!.passwordHash).toBe(changed);
  });
});
