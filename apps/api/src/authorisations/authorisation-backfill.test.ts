/**
 * Migration 0010's hand-written backfill (decision 038), run again on rows as they stood before it: no phone
 * proven yet, no authorisation attached, launches asked for by whoever had the document. It attaches under the
 * rule the API follows (validated; the live account with the document that proved the phone or e-mail typed)
 * and cancels the open launches of anyone else, giving their places back. A file of its own: the backfill
 * touches every account of its database.
 */
import { readFile } from 'node:fs/promises';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { accounts } from '../accounts/accounts.schema.ts';
import { authorisations } from './authorisations.schema.ts';
import { launches, launchEvents, launchSlots } from '../launches/launches.schema.ts';
import { newPerson, testClock } from '../test/accounts.ts';
import { activeAuthorisation, authorisationBody, invitedAs, personWithAccount } from '../test/authorisations.ts';
import { eligibleOwner, launchBody, slotAt } from '../test/launches.ts';
import { useTestServer } from '../test/test-server.ts';

let database: Database;
let app: FastifyInstance;
const clock = testClock(Date.parse('2027-06-01T06:00:00Z'));
const DAY = '2027-06-03';

useTestServer((server) => ({ database, app } = server), { clock: clock.now });

/** The migration's statements from its hand-written backfill on, as the migrator runs them. */
async function backfill(): Promise<string[]> {
  const text = await readFile(new URL('../../drizzle/0010_authorisation-person-account.sql', import.meta.url), 'utf8');
  const statements = text.split('--> statement-breakpoint');
  const from = statements.findIndex((statement) => statement.includes('Hand-written backfill'));
  expect(from).toBeGreaterThan(0);
  return statements.slice(from).map((statement) => statement.trim());
}

describe('migration 0010’s backfill', () => {
  it('attaches only through a proven contact and cancels the launches of an account matched by the document alone', async () => {
    const lender = await eligibleOwner(app, database.db, 901, { boatCount: 3, now: clock.now() });
    const body = (boatId: string, overrides: Record<string, unknown>) =>
      authorisationBody(901, [boatId], overrides, clock.now());
    // The person with their own contact; a stranger who registered with another person's document; an invitation.
    const real = await personWithAccount(app, database.db, 901, clock.now());
    const stranger = await personWithAccount(app, database.db, 901, clock.now());
    const someone = await personWithAccount(app, database.db, 901, clock.now());
    const elsewhere = await personWithAccount(app, database.db, 902, clock.now());
    const theirs = await activeAuthorisation(app, lender.agent, body(lender.boatIds[0]!, invitedAs(real)));
    const document = newPerson().document;
    const taken = await activeAuthorisation(app, lender.agent, body(lender.boatIds[1]!, { document }));
    await database.db.update(accounts).set({ document }).where(eq(accounts.id, stranger.accountId));
    const invited = await lender.agent.post('/authorisations', body(lender.boatIds[2]!, invitedAs(someone)));
    expect(invited.statusCode, invited.body).toBe(201);
    // As the document alone let them before: each books under "their" authorisation.
    await database.db
      .update(authorisations)
      .set({ personAccountId: stranger.accountId })
      .where(eq(authorisations.id, taken.id));
    const realLaunch = await real.agent.post('/launches', launchBody(901, lender.boatIds[0]!, DAY, '10:00'));
    const strangerLaunch = await stranger.agent.post('/launches', launchBody(901, lender.boatIds[1]!, DAY, '10:00'));
    expect([realLaunch.statusCode, strangerLaunch.statusCode]).toEqual([201, 201]);
    const held = async () =>
      (
        await database.db
          .select()
          .from(launchSlots)
          .where(and(eq(launchSlots.clientId, 901), eq(launchSlots.start, new Date(slotAt(901, DAY, '10:00')))))
      )[0]!.held;
    const before = await held();
    // The rows as they stood before the migration.
    await database.db.update(authorisations).set({ personAccountId: null });
    await database.db.update(accounts).set({ phoneVerifiedAt: null });

    for (const statement of await backfill()) await database.db.execute(sql.raw(statement));

    const attached = async (id: string) =>
      (await database.db.select().from(authorisations).where(eq(authorisations.id, id)))[0]!.personAccountId;
    expect(await attached(theirs.id)).toBe(real.accountId);
    expect(await attached(taken.id)).toBeNull();
    // Pending: the person never gave the code, whatever their account proves.
    expect(await attached(invited.json().id)).toBeNull();
    expect((await real.agent.get('/boats')).json().boats.map((boat: { id: string }) => boat.id)).toEqual([
      lender.boatIds[0],
    ]);
    expect((await stranger.agent.get('/boats')).json().boats).toEqual([]);

    const [kept] = await database.db.select().from(launches).where(eq(launches.id, realLaunch.json().id));
    const [cancelled] = await database.db.select().from(launches).where(eq(launches.id, strangerLaunch.json().id));
    expect(kept!.status).toBe('confirmed');
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      cancellationReason: 'Autorización no vinculada a esta cuenta',
    });
    expect(await held()).toBe(before - 1);
    const events = await database.db.select().from(launchEvents).where(eq(launchEvents.launchId, cancelled!.id));
    expect(events.at(-1)).toMatchObject({ actor: 'system', fromStatus: 'confirmed', toStatus: 'cancelled' });

    // A phone is proven on an SMS marina (registration's code went there), not on an e-mail marina.
    const proven = async (id: string) =>
      (await database.db.select().from(accounts).where(eq(accounts.id, id)))[0]!.phoneVerifiedAt;
    expect(await proven(real.accountId)).not.toBeNull();
    expect(await proven(elsewhere.accountId)).toBeNull();
  });
});
