/**
 * Seeding, safe to run at every start. The marinas come from their folders (`client-<id>/client.config.ts`
 * under MARINAS_DIR, read by core's `marina-folders.ts`): the one place each is declared. The tooling, which
 * has already read the folders, passes the same declarations.
 *
 * Outside production each client also gets a demo owner account (DEMO_ACCOUNT) to sign in with, with three
 * boats (two under active contracts, one waiting for approval), a confirmed launch tomorrow for one of them
 * (the other can be booked at once), a person authorised on the first boat with an account of their own
 * (DEMO_AUTHORISED_ACCOUNT), and a staff account (DEMO_STAFF_ACCOUNT); the rest of the demo data (outings;
 * docs/product.md §8) joins it here as those schemas arrive.
 */
import { loadMarinaDeclarations } from '@marina/core/config/marina-folders.ts';
import { contractEndsOn, type ContractPlan } from '@marina/core/domain/boats.ts';
import { addDays, todayIn } from '@marina/core/domain/calendar.ts';
import { DEFAULT_SMS_COUNTRIES } from '@marina/core/domain/contact.ts';
import { checkLetter } from '@marina/core/domain/identity-document.ts';
import { instantAt, slotTimesOn } from '@marina/core/domain/launches.ts';
import { marinaDeclarationsSchema, withDefaultSettings, type MarinaDeclaration } from '@marina/core/domain/marina.ts';
import { and, eq } from 'drizzle-orm';
import * as yup from 'yup';
import { passwordHasher } from '../accounts/passwords.ts';
import { recordEvent, takePlace } from '../launches/launch-places.ts';
import { scheduleReminders } from '../launches/launch-reminders.ts';
import { launches, openLaunch } from '../launches/launches.schema.ts';
import type { Db } from './database.ts';
import { authorisationBoats, authorisations } from '../authorisations/authorisations.schema.ts';
import { accounts } from '../accounts/accounts.schema.ts';
import { boats, contracts, insuranceCertificates } from '../boats/boats.schema.ts';
import { clients } from '../clients/clients.schema.ts';
import { outings } from '../outings/outings.schema.ts';

/** A marina as its folder declares it. */
export type ClientSeed = MarinaDeclaration;

/** Every marina declared under `marinasDir`; throws `ClientFoldersError` naming every wrong folder. */
export function marinaSeeds(marinasDir: string): Promise<ClientSeed[]> {
  return loadMarinaDeclarations(marinasDir);
}

/**
 * Inserts or updates each client with what its folder declares, every field of it: a folder is the one
 * source of truth, so an override or an hour removed there is gone here too. There are no defaults to
 * fall back on (a declaration without a zone is refused), so a stored zone is never replaced by one.
 */
export async function seedClients(db: Db, seeds: readonly ClientSeed[]): Promise<void> {
  const list = parseClientSeeds(seeds);
  await db.transaction(async (tx) => {
    for (const seed of list) {
      const row = {
        app: seed.app,
        title: seed.title,
        timeZone: seed.timeZone,
        openingHours: seed.openingHours,
        settings: seed.settings,
        sendsSms: seed.sendsSms,
        smsCountries: seed.smsCountries ?? [...DEFAULT_SMS_COUNTRIES],
        contactEmail: seed.contactEmail ?? null,
      };
      await tx
        .insert(clients)
        .values({ id: seed.id, ...row })
        .onConflictDoUpdate({ target: clients.id, set: row });
    }
  });
}

/**
 * The demo people, the same at every marina: names people have, so a screen reads as it will for a customer
 * («Hola, Elena»), never «Marina Demo Marina Port Blau». Each marina tells them apart by e-mail, document and mobile.
 */
export const DEMO_NAMES: Readonly<Record<'owner' | 'authorised' | 'staff', { firstName: string; surnames: string }>> = {
  owner: { firstName: 'Elena', surnames: 'Navarro Vidal' },
  authorised: { firstName: 'Javier', surnames: 'Molina Costa' },
  staff: { firstName: 'Rosa', surnames: 'Campos Ibáñez' },
};

/** The demo owner's sign-in of a client, for the README, the tooling and the browser suite. */
export const DEMO_ACCOUNT = (clientId: number) => ({
  email: `demo@client${clientId}.example`,
  password: `Puerto-Demo-${clientId}`,
});

/** Every field of the demo owner: a valid DNI (right check letter) and a Spanish mobile, both derived from the id. */
export function demoAccountData(seed: Pick<ClientSeed, 'id' | 'title'>) {
  const dniNumber = 10_000_000 + seed.id;
  return {
    ...DEMO_ACCOUNT(seed.id),
    firstName: DEMO_NAMES.owner.firstName,
    surnames: DEMO_NAMES.owner.surnames,
    document: `${dniNumber}${checkLetter(dniNumber)}`,
    phone: `+346${String(seed.id).padStart(8, '0')}`,
  };
}

/** The sign-in of a client's demo staff member, who approves contracts (the `/staff/` calls). */
export const DEMO_STAFF_ACCOUNT = (clientId: number) => ({
  email: `staff@client${clientId}.example`,
  password: `Puerto-Staff-${clientId}`,
});

/** Every field of the demo staff member; document and mobile derived from the id, apart from the owner's. */
export function demoStaffData(seed: Pick<ClientSeed, 'id' | 'title'>) {
  const dniNumber = 30_000_000 + seed.id;
  return {
    ...DEMO_STAFF_ACCOUNT(seed.id),
    firstName: DEMO_NAMES.staff.firstName,
    surnames: DEMO_NAMES.staff.surnames,
    document: `${dniNumber}${checkLetter(dniNumber)}`,
    phone: `+3469${String(seed.id).padStart(7, '0')}`,
  };
}

/** The sign-in of a client's demo authorised person: allowed by the demo owner to use their first boat. */
export const DEMO_AUTHORISED_ACCOUNT = (clientId: number) => ({
  email: `autorizado@client${clientId}.example`,
  password: `Puerto-Demo-${clientId}`,
});

/** Every field of the demo authorised person; document and mobile derived from the id, apart from the others'. */
export function demoAuthorisedData(seed: Pick<ClientSeed, 'id' | 'title'>) {
  const dniNumber = 40_000_000 + seed.id;
  return {
    ...DEMO_AUTHORISED_ACCOUNT(seed.id),
    firstName: DEMO_NAMES.authorised.firstName,
    surnames: DEMO_NAMES.authorised.surnames,
    document: `${dniNumber}${checkLetter(dniNumber)}`,
    phone: `+3468${String(seed.id).padStart(7, '0')}`,
  };
}

/** The demo owner's boat the demo authorised person may use (the one left free to book). */
export const DEMO_AUTHORISED_BOAT = 'Brisa';

/** A small PDF a reader opens: the demo boats' insurance certificate. */
export const DEMO_CERTIFICATE = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

type DemoPerson = ReturnType<typeof demoAccountData>;

/**
 * An account's row as the whole registration leaves it: active, its e-mail confirmed, every consent given and
 * its data validated at `now` (the demo's people; the tests' owners, written straight into the database).
 */
export function activeAccountValues(
  clientId: number,
  role: 'customer' | 'staff',
  person: { firstName: string; surnames: string; email: string; phone: string; document: string },
  now: Date,
) {
  const { firstName, surnames, email, phone, document } = person;
  return {
    clientId,
    status: 'active' as const,
    role,
    firstName,
    surnames,
    email,
    phone,
    document,
    dataValidatedAt: now,
    emailVerifiedAt: now,
    privacyAcceptedAt: now,
    termsAcceptedAt: now,
    activatedAt: now,
    createdAt: now,
    updatedAt: now,
  };
}

/** Inserts an active, validated account unless one with its e-mail (or document) exists; answers its id. */
async function seedAccount(
  db: Db,
  clientId: number,
  person: DemoPerson,
  role: 'customer' | 'staff',
  now: Date,
  today: string,
): Promise<string | undefined> {
  const byEmail = and(eq(accounts.clientId, clientId), eq(accounts.email, person.email));
  const [existing] = await db.select({ id: accounts.id }).from(accounts).where(byEmail).limit(1);
  if (existing) return existing.id;
  await db
    .insert(accounts)
    .values({
      ...activeAccountValues(clientId, role, person, now),
      passwordHash: await passwordHasher.hash(person.password),
      documentExpiresOn: addDays(today, 5 * 365),
      ...(role === 'customer'
        ? {
            licenceType: 'per' as const,
            licenceNumber: `PER-${person.document.slice(0, 6)}`,
            licenceExpiresOn: addDays(today, 4 * 365),
          }
        : {}),
    })
    // Another instance seeding at the same moment, or a customer who took the document: keep theirs.
    .onConflictDoNothing();
  const [created] = await db.select({ id: accounts.id }).from(accounts).where(byEmail).limit(1);
  return created?.id;
}

/** The demo owner's boats: two stored under active contracts, one whose contract waits for staff. */
const DEMO_BOATS: ReadonlyArray<{
  name: string;
  make: string;
  model: string;
  lengthM: number;
  beamM: number;
  engine: string;
  plan: ContractPlan;
  status: 'active' | 'requested';
}> = [
  {
    name: 'Brisa',
    make: 'Quicksilver',
    model: 'Activ 605',
    lengthM: 6.1,
    beamM: 2.4,
    engine: 'Mercury 115 CV',
    plan: 'annual',
    status: 'active',
  },
  {
    name: 'Gaviota',
    make: 'Beneteau',
    model: 'Flyer 7',
    lengthM: 7.2,
    beamM: 2.8,
    engine: 'Suzuki 200 CV',
    plan: 'annual',
    status: 'active',
  },
  {
    name: 'Tramontana',
    make: 'Jeanneau',
    model: 'Cap Camarat 5.5',
    lengthM: 5.5,
    beamM: 2.3,
    engine: 'Yamaha 90 CV',
    plan: 'monthly',
    status: 'requested',
  },
];

/** Gives a demo owner without boats the demo boats, with insurance, certificate and contracts. */
async function seedDemoBoats(
  db: Db,
  seed: Pick<ClientSeed, 'id'>,
  ownerId: string,
  now: Date,
  today: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [any] = await tx.select({ id: boats.id }).from(boats).where(eq(boats.accountId, ownerId)).limit(1);
    if (any) return;
    for (const [index, demo] of DEMO_BOATS.entries()) {
      const [boat] = await tx
        .insert(boats)
        .values({
          clientId: seed.id,
          accountId: ownerId,
          name: demo.name,
          registration: `7ª-DM-${seed.id}-${index + 1}-26`,
          make: demo.make,
          model: demo.model,
          lengthM: demo.lengthM,
          beamM: demo.beamM,
          engine: demo.engine,
          rackPosition: demo.status === 'active' ? `A-${index + 1}` : null,
          insurer: 'Mapfre',
          policyNumber: `DEMO-${seed.id}-${index + 1}`,
          insuranceExpiresOn: addDays(today, 300),
          createdAt: now,
          updatedAt: now,
        })
        // A customer's boat with that registration stays theirs.
        .onConflictDoNothing()
        .returning({ id: boats.id });
      if (!boat) continue;
      const startsOn = demo.status === 'active' ? addDays(today, -30) : addDays(today, 7);
      await tx.insert(contracts).values({
        clientId: seed.id,
        boatId: boat.id,
        plan: demo.plan,
        status: demo.status,
        startsOn,
        endsOn: contractEndsOn(demo.plan, startsOn),
        requestedAt: now,
        decidedAt: demo.status === 'active' ? now : null,
      });
      await tx.insert(insuranceCertificates).values({
        boatId: boat.id,
        clientId: seed.id,
        contentType: 'application/pdf',
        size: DEMO_CERTIFICATE.length,
        content: DEMO_CERTIFICATE,
        uploadedAt: now,
        uploadedBy: ownerId,
      });
    }
  });
}

/** The demo boat with a launch booked; the other active one (Brisa) is left free to book. */
export const DEMO_LAUNCH_BOAT = 'Gaviota';

/**
 * The demo owner's upcoming launch: Gaviota, confirmed for tomorrow two hours after opening, back three hours
 * later, so `pedidosbajadas` and `inicio` show one. One still upcoming is left as it is; a demo launch whose day
 * has passed (nobody at the demo marina marks it completed) is completed and a new one booked.
 */
async function seedDemoLaunch(db: Db, seed: ClientSeed, ownerId: string, now: Date, today: string): Promise<void> {
  const client = { ...seed, settings: withDefaultSettings(seed.settings) };
  await db.transaction(async (tx) => {
    const [boat] = await tx
      .select()
      .from(boats)
      .where(and(eq(boats.accountId, ownerId), eq(boats.name, DEMO_LAUNCH_BOAT)))
      .limit(1);
    if (!boat) return;
    const open = await tx
      .select()
      .from(launches)
      .where(and(eq(launches.boatId, boat.id), openLaunch()));
    if (open.some((launch) => launch.slotStart > now)) return;
    for (const stale of open) {
      await tx.update(launches).set({ status: 'completed', updatedAt: now }).where(eq(launches.id, stale.id));
      await recordEvent(
        tx,
        stale,
        { actor: 'system', accountId: null },
        stale.status,
        'completed',
        now,
        'Datos de demostración',
      );
    }
    const slot = slotTimesOn(client, addDays(today, 1))[4];
    if (!slot || !(await takePlace(tx, client, slot.start))) return;
    const [launch] = await tx
      .insert(launches)
      .values({
        clientId: seed.id,
        accountId: ownerId,
        boatId: boat.id,
        status: 'confirmed',
        slotStart: slot.start,
        expectedReturn: new Date(slot.start.getTime() + 3 * 60 * 60_000),
        people: 3,
        notes: 'Salida de prueba de la demostración',
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await recordEvent(tx, launch!, { actor: 'customer', accountId: ownerId }, null, 'confirmed', now);
    await scheduleReminders(tx, launch!, now);
  });
}

/**
 * The demo owner's authorisation of the demo authorised person on Brisa: active since today, open-ended,
 * with a licence valid for years, attached to the demo person's account (which has the contact it names, proven,
 * decision 038). One already there (in any state the demo left it) is kept as it is.
 */
async function seedDemoAuthorisation(
  db: Db,
  seed: ClientSeed,
  ownerId: string,
  personId: string,
  now: Date,
  today: string,
): Promise<void> {
  const person = demoAuthorisedData(seed);
  await db.transaction(async (tx) => {
    const [boat] = await tx
      .select()
      .from(boats)
      .where(and(eq(boats.accountId, ownerId), eq(boats.name, DEMO_AUTHORISED_BOAT)))
      .limit(1);
    if (!boat) return;
    const [existing] = await tx
      .select({ id: authorisations.id })
      .from(authorisations)
      .where(and(eq(authorisations.accountId, ownerId), eq(authorisations.document, person.document)))
      .limit(1);
    if (existing) return;
    const [row] = await tx
      .insert(authorisations)
      .values({
        clientId: seed.id,
        accountId: ownerId,
        firstName: person.firstName,
        surnames: person.surnames,
        document: person.document,
        phone: person.phone,
        email: person.email,
        licenceType: 'pnb',
        licenceNumber: `PNB-${person.document.slice(0, 6)}`,
        licenceExpiresOn: addDays(today, 4 * 365),
        validFrom: today,
        validTo: null,
        state: 'active',
        validatedAt: now,
        personAccountId: personId,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: authorisations.id });
    await tx.insert(authorisationBoats).values({ authorisationId: row!.id, boatId: boat.id, clientId: seed.id });
  });
}

/** The demo owner's past outings (docs/product.md §4.9): both back, none at sea. */
const DEMO_OUTINGS = [
  {
    daysAgo: 9,
    boat: 'Gaviota',
    departure: '10:00',
    expectedReturn: '14:00',
    returned: '13:40',
    people: 4,
    destination: 'Calas del sur, fondeo para comer',
  },
  {
    daysAgo: 3,
    boat: 'Brisa',
    departure: '09:30',
    expectedReturn: '12:30',
    returned: '12:15',
    people: 2,
    destination: 'Costa hacia el cabo, pesca',
  },
];

/** Gives a demo owner without outings two past ones, skippered by the owner. */
async function seedDemoOutings(db: Db, seed: ClientSeed, ownerId: string, now: Date, today: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [any] = await tx.select({ id: outings.id }).from(outings).where(eq(outings.accountId, ownerId)).limit(1);
    if (any) return;
    const [owner] = await tx.select().from(accounts).where(eq(accounts.id, ownerId));
    if (!owner) return;
    for (const demo of DEMO_OUTINGS) {
      const [boat] = await tx
        .select()
        .from(boats)
        .where(and(eq(boats.accountId, ownerId), eq(boats.name, demo.boat)))
        .limit(1);
      if (!boat) continue;
      const day = addDays(today, -demo.daysAgo);
      const departure = instantAt(day, demo.departure, seed.timeZone);
      const returnedAt = instantAt(day, demo.returned, seed.timeZone);
      await tx.insert(outings).values({
        clientId: seed.id,
        boatId: boat.id,
        accountId: ownerId,
        skipperKind: 'owner',
        skipperFirstName: owner.firstName,
        skipperSurnames: owner.surnames,
        state: 'returned',
        departure,
        expectedReturn: instantAt(day, demo.expectedReturn, seed.timeZone),
        returnedAt,
        returnedBy: 'customer',
        people: demo.people,
        destination: demo.destination,
        contactPhone: owner.phone ?? '+34600000000',
        createdAt: departure,
        updatedAt: returnedAt,
      });
    }
  });
}

/**
 * Creates each client's demo owner (active, data validated now, document and licence valid for years) with
 * the demo boats, and its demo staff member, when missing. Existing ones are left as they are, changed
 * password included; a demo owner without boats gets them.
 */
export async function seedDemoAccounts(db: Db, seeds: readonly ClientSeed[], now = new Date()): Promise<void> {
  for (const seed of seeds) {
    const today = todayIn(seed.timeZone, now);
    const ownerId = await seedAccount(db, seed.id, demoAccountData(seed), 'customer', now, today);
    if (ownerId) {
      await seedDemoBoats(db, seed, ownerId, now, today);
      await seedDemoLaunch(db, seed, ownerId, now, today);
      await seedDemoOutings(db, seed, ownerId, now, today);
      const personId = await seedAccount(db, seed.id, demoAuthorisedData(seed), 'customer', now, today);
      if (personId) await seedDemoAuthorisation(db, seed, ownerId, personId, now, today);
    }
    await seedAccount(db, seed.id, demoStaffData(seed), 'staff', now, today);
  }
}

/**
 * Checks a list by the rules the folders' own check uses (core's `marinaRules`) and throws one message
 * naming every problem, before anything is written.
 */
export function parseClientSeeds(input: unknown): ClientSeed[] {
  try {
    return marinaDeclarationsSchema.validateSync(input, { abortEarly: false, strict: true }) as ClientSeed[];
  } catch (error) {
    if (!(error instanceof yup.ValidationError)) throw error;
    throw new Error(error.errors.join('; '), { cause: error });
  }
}
