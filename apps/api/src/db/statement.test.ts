/**
 * A statement built once runs where it is told (the database, or a transaction), maps rows as the query
 * builder does, and takes Dates in conditions and in an insert's values alike, on PGlite and on PostgreSQL.
 */
import { and, asc, eq, gt, lt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_MARINAS_DIR, openTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { closures } from '../launches/launches.schema.ts';
import { marinaSeeds, seedClients } from './seed.ts';
import { statement } from './statement.ts';

const added = statement('test_closure_added', (db) =>
  db
    .insert(closures)
    .values({
      clientId: sql.placeholder('clientId'),
      startsAt: sql.placeholder('startsAt'),
      endsAt: sql.placeholder('endsAt'),
      reason: sql.placeholder('reason'),
    })
    .returning(),
);

const touching = statement('test_closures_touching', (db) =>
  db
    .select()
    .from(closures)
    .where(
      and(
        eq(closures.clientId, sql.placeholder('clientId')),
        lt(closures.startsAt, sql.placeholder('to')),
        gt(closures.endsAt, sql.placeholder('from')),
      ),
    )
    .orderBy(asc(closures.startsAt)),
);

const at = (time: string) => new Date(`2027-06-01T${time}:00Z`);

describe('statement', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
    await seedClients(database.db, await marinaSeeds(FIXTURE_MARINAS_DIR));
  });
  afterAll(() => database.close());

  it('inserts and reads rows as the query builder does, with new values at each call', async () => {
    const [morning] = await added(database.db, {
      clientId: 901,
      startsAt: at('08:00'),
      endsAt: at('10:00'),
      reason: 'Temporal',
    });
    await added(database.db, { clientId: 901, startsAt: at('12:00'), endsAt: at('13:00'), reason: 'Regata' });
    await added(database.db, { clientId: 903, startsAt: at('08:00'), endsAt: at('20:00'), reason: 'Otro puerto' });
    expect(morning).toMatchObject({ clientId: 901, startsAt: at('08:00'), endsAt: at('10:00'), reason: 'Temporal' });
    expect(morning!.createdAt).toBeInstanceOf(Date);

    const built = await database.db
      .select()
      .from(closures)
      .where(eq(closures.clientId, 901))
      .orderBy(asc(closures.startsAt));
    expect(await touching(database.db, { clientId: 901, from: at('00:00'), to: at('23:59') })).toEqual(built);
    expect(
      (await touching(database.db, { clientId: 901, from: at('09:30'), to: at('10:00') })).map((row) => row.reason),
    ).toEqual(['Temporal']);
    expect(
      (await touching(database.db, { clientId: 903, from: at('11:00'), to: at('11:30') })).map((row) => row.reason),
    ).toEqual(['Otro puerto']);
    expect(await touching(database.db, { clientId: 901, from: at('10:00'), to: at('12:00') })).toEqual([]);
  });

  it('runs inside the transaction it is given: what it wrote goes with a rollback', async () => {
    const rolledBack = new Error('roll back');
    await expect(
      database.db.transaction(async (tx) => {
        await added(tx, { clientId: 902, startsAt: at('08:00'), endsAt: at('09:00'), reason: 'Dentro' });
        // Seen inside the transaction, by a statement on the transaction's connection.
        expect(
          (await touching(tx, { clientId: 902, from: at('00:00'), to: at('23:59') })).map((row) => row.reason),
        ).toEqual(['Dentro']);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    expect(await touching(database.db, { clientId: 902, from: at('00:00'), to: at('23:59') })).toEqual([]);
  });
});
