/**
 * One outing at sea per boat under a burst (docs/product.md §4.9). On PostgreSQL (TEST_DATABASE_URL) the
 * requests run on several connections at once, so a check-then-insert in application code would let more
 * through; the unique partial index lets exactly one.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { jobs } from '../jobs/jobs.schema.ts';
import { outings } from './outings.schema.ts';
import { testClock } from '../test/accounts.ts';
import { activeAuthorisation, authorisationBody, invitedAs, personWithAccount } from '../test/authorisations.ts';
import { eligibleOwner } from '../test/launches.ts';
import { launchOf, outingBody } from '../test/outings.ts';
import { tally } from '../test/test-agent.ts';
import { useTestServer } from '../test/test-server.ts';
import { MARK_OVERDUE } from './outing-overdue.ts';

let database: Database;
let app: FastifyInstance;
const clock = testClock(Date.parse('2027-07-05T08:00:00Z'));

useTestServer((server) => ({ database, app } = server), { clock: clock.now });

describe('outings under bursts', () => {
  it('lets exactly 1 of 100 simultaneous outings for one boat through, from the owner and an authorised person alike', async () => {
    const owner = await eligibleOwner(app, database.db, 901, { now: clock.now() });
    const boatId = owner.boatIds[0]!;
    await launchOf(database.db, 901, owner.accountId, boatId, clock.now());
    const person = await personWithAccount(app, database.db, 901, clock.now());
    const authorisation = await activeAuthorisation(
      app,
      owner.agent,
      authorisationBody(901, owner.boatIds, { ...invitedAs(person) }, clock.now()),
    );
    const requests = Array.from({ length: 100 }, (_, index) =>
      index % 2 === 0
        ? owner.agent.post('/outings', outingBody(901, boatId, clock.now()), { idempotencyKey: crypto.randomUUID() })
        : person.agent.post('/outings', outingBody(901, boatId, clock.now(), { skipper: authorisation.id }), {
            idempotencyKey: crypto.randomUUID(),
          }),
    );
    const responses = await Promise.all(requests);
    expect(tally(responses)).toEqual({ '201': 1, '409 boat_already_at_sea': 99 });
    const rows = await database.db.select().from(outings).where(eq(outings.boatId, boatId));
    expect(rows.map((row) => row.state)).toEqual(['at_sea']);
    // Only the one logged has its overdue check; nothing half saved for the others.
    const checks = await database.db
      .select()
      .from(jobs)
      .where(
        and(
          eq(jobs.name, MARK_OVERDUE.name),
          inArray(
            jobs.dedupKey,
            rows.map((row) => row.id),
          ),
        ),
      );
    expect(checks).toHaveLength(1);
    expect(await database.db.select().from(jobs).where(eq(jobs.name, MARK_OVERDUE.name))).toHaveLength(1);
  });

  it('replays a retried request (same Idempotency-Key) without a second outing', async () => {
    const owner = await eligibleOwner(app, database.db, 901, { now: clock.now() });
    await launchOf(database.db, 901, owner.accountId, owner.boatIds[0]!, clock.now());
    const key = crypto.randomUUID();
    const body = outingBody(901, owner.boatIds[0]!, clock.now());
    const first = await owner.agent.post('/outings', body, { idempotencyKey: key });
    const again = await owner.agent.post('/outings', body, { idempotencyKey: key });
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(again.json().id).toBe(first.json().id);
    expect(await database.db.select().from(outings).where(eq(outings.boatId, owner.boatIds[0]!))).toHaveLength(1);
  });
});
