/**
 * Seeding, safe to run at every start. The marinas come from their folders (`client-<id>/client.config.ts`
 * under MARINAS_DIR, read by core's `marina-folders.ts`): the one place each is declared. The tooling, which
 * has already read the folders, passes the same declarations.
 *
 * Outside production each client also gets a demo owner account (DEMO_ACCOUNT) to sign in with; the rest of
 * the demo data (boats, a contract, launches, an authorised person, outings; docs/product.md §8) joins it here as
 * those schemas arrive.
 */
import { loadMarinaDeclarations } from '@marina/core/config/marina-folders.ts';
import { checkLetter } from '@marina/core/domain/identity-document.ts';
import { marinaDeclarationsSchema, type MarinaDeclaration } from '@marina/core/domain/marina.ts';
import { and, eq } from 'drizzle-orm';
import * as yup from 'yup';
import { passwordHasher } from '../accounts/passwords.ts';
import type { Db } from './database.ts';
import { accounts, clients } from './schema.ts';

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
      };
      await tx
        .insert(clients)
        .values({ id: seed.id, ...row })
        .onConflictDoUpdate({ target: clients.id, set: row });
    }
  });
}

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
    firstName: 'Marina',
    surnames: `Demo ${seed.title}`,
    document: `${dniNumber}${checkLetter(dniNumber)}`,
    phone: `+346${String(seed.id).padStart(8, '0')}`,
  };
}

/**
 * Creates each client's demo owner (active, data validated now) when missing. An existing one is left as it
 * is, changed password included.
 */
export async function seedDemoAccounts(db: Db, seeds: ReadonlyArray<Pick<ClientSeed, 'id' | 'title'>>, now = new Date()): Promise<void> {
  for (const seed of seeds) {
    const demo = demoAccountData(seed);
    const [existing] = await db
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.clientId, seed.id), eq(accounts.email, demo.email)))
      .limit(1);
    if (existing) continue;
    await db
      .insert(accounts)
      .values({
        clientId: seed.id,
        status: 'active',
        firstName: demo.firstName,
        surnames: demo.surnames,
        email: demo.email,
        phone: demo.phone,
        document: demo.document,
        passwordHash: await passwordHasher.hash(demo.password),
        dataValidatedAt: now,
        emailVerifiedAt: now,
        privacyAcceptedAt: now,
        termsAcceptedAt: now,
        activatedAt: now,
        createdAt: now,
        updatedAt: now,
      })
      // Another instance seeding at the same moment, or a customer who took the document: keep theirs.
      .onConflictDoNothing();
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
