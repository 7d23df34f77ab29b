/**
 * Seeding, safe to run at every start. The caller passes the clients (the tooling discovers them from the
 * `apps/client-*` folders); without a list, DEFAULT_CLIENTS.
 *
 * Outside production each client also gets a demo owner account (DEMO_ACCOUNT) to sign in with; the rest of
 * the demo data (boats, a contract, launches, an authorised person, outings; DESIGN §8) joins it here as
 * those schemas arrive.
 */
import { checkLetter } from '@marina/core/domain/identity-document.ts';
import { and, eq, sql } from 'drizzle-orm';
import { passwordHasher } from '../accounts/passwords.ts';
import { DEFAULT_CLIENT_SETTINGS, DEFAULT_TIME_ZONE, type ClientSettings } from '../clients/client-settings.ts';
import type { Db } from './database.ts';
import { accounts, clients } from './schema.ts';

export interface ClientSeed {
  id: number;
  app: string;
  title: string;
  /**
   * IANA zone of the marina, from its folder's `client.config.ts` (`timeZone`) when the tooling seeds;
   * a new marina without one gets Europe/Madrid, an existing one keeps its stored zone.
   */
  timeZone?: string;
  /** Only the settings that differ from DEFAULT_CLIENT_SETTINGS. */
  settings?: Partial<ClientSettings>;
}

/**
 * The API's own defaults (no CLIENTS_JSON, API tests). They mirror the marina folders, which declare each
 * marina; a tooling test (`tooling/scripts/lib/clients.test.ts`) keeps the two equal.
 */
export const DEFAULT_CLIENTS: readonly ClientSeed[] = Object.freeze([
  { id: 41, app: 'MB41', title: 'Marina Port Blau' },
  { id: 25, app: 'MB25', title: 'Varadero Costa Brava' },
  { id: 63, app: 'MB63', title: 'Marina Atlántica', timeZone: 'Atlantic/Canary' },
]);

/**
 * Inserts or updates each client. Stored settings hold overrides only; on update the seed's overrides win
 * over stored ones and any other stored setting (changed by staff) is kept. Likewise the time zone: a
 * seed that declares none never resets a stored one to the default.
 */
export async function seedClients(db: Db, seeds: readonly ClientSeed[] = DEFAULT_CLIENTS): Promise<void> {
  const list = parseClientSeeds(seeds);
  await db.transaction(async (tx) => {
    for (const seed of list) {
      await tx
        .insert(clients)
        .values({
          id: seed.id,
          app: seed.app,
          title: seed.title,
          timeZone: seed.timeZone ?? DEFAULT_TIME_ZONE,
          settings: seed.settings ?? {},
        })
        .onConflictDoUpdate({
          target: clients.id,
          set: {
            app: sql`excluded.app`,
            title: sql`excluded.title`,
            // A seed that names no zone keeps the stored one: the default only fills a new row.
            timeZone: seed.timeZone === undefined ? sql`${clients.timeZone}` : sql`excluded.time_zone`,
            settings: sql`${clients.settings} || excluded.settings`,
          },
        });
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
export async function seedDemoAccounts(db: Db, seeds: readonly ClientSeed[], now = new Date()): Promise<void> {
  for (const seed of parseClientSeeds(seeds)) {
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

/** Checks an untrusted list (CLIENTS_JSON, the tooling) and throws one message naming every problem. */
export function parseClientSeeds(input: unknown): ClientSeed[] {
  if (!Array.isArray(input)) throw new Error('must be a JSON array of clients');
  const issues: string[] = [];
  const seen = new Set<number>();
  const seeds = input.map((item: unknown, index): ClientSeed => {
    const at = `[${index}]`;
    if (typeof item !== 'object' || item === null) {
      issues.push(`${at} must be an object`);
      return { id: 0, app: '', title: '' };
    }
    const { id, app, title, timeZone, settings } = item as Record<string, unknown>;
    if (!Number.isSafeInteger(id) || (id as number) <= 0) issues.push(`${at}.id must be a positive integer`);
    else if (seen.has(id as number)) issues.push(`${at}.id ${id} appears twice`);
    else seen.add(id as number);
    if (typeof app !== 'string' || app.trim() === '') issues.push(`${at}.app must be a non-empty string`);
    if (typeof title !== 'string' || title.trim() === '') issues.push(`${at}.title must be a non-empty string`);
    if (timeZone !== undefined && !isTimeZone(timeZone)) issues.push(`${at}.timeZone must be an IANA time zone`);
    if (settings !== undefined) {
      if (typeof settings !== 'object' || settings === null || Array.isArray(settings)) {
        issues.push(`${at}.settings must be an object`);
      } else {
        for (const [key, setting] of Object.entries(settings)) {
          const expected = DEFAULT_CLIENT_SETTINGS[key as keyof ClientSettings];
          if (expected === undefined) issues.push(`${at}.settings.${key} is not a known setting`);
          else if (typeof setting !== typeof expected || (typeof setting === 'number' && !(setting >= 0))) {
            issues.push(`${at}.settings.${key} must be a ${typeof expected === 'number' ? 'number ≥ 0' : 'boolean'}`);
          }
        }
      }
    }
    return item as ClientSeed;
  });
  if (issues.length > 0) throw new Error(issues.join('; '));
  return seeds;
}

function isTimeZone(value: unknown): value is string {
  if (typeof value !== 'string' || value === '') return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
