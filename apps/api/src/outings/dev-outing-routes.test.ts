/**
 * `POST /dev/outings/{id}/expected-return-passed` (DEV_ROUTES only): the browser suite's way to an overdue outing.
 * It only moves the outing's times back; the real overdue job then marks it and tells the marina and the person.
 * It exists only with DEV_ROUTES=1, and never reaches another marina's outing or one already back.
 */
import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications } from '../notifications/notifications.schema.ts';
import { outbox } from '../outbox/outbox.schema.ts';
import { outings } from './outings.schema.ts';
import { testClock } from '../test/accounts.ts';
import { eligibleOwner } from '../test/launches.ts';
import { launchOf, outingBody, todayAt } from '../test/outings.ts';
import { createAgent } from '../test/test-agent.ts';
import { createTestServer, useTestServer, type TestServer } from '../test/test-server.ts';

let server: TestServer;
const clock = testClock(Date.parse('2027-07-05T08:00:00Z'));

useTestServer((ready) => (server = ready), { clock: clock.now });

async function atSea(clientId = 901) {
  const owner = await eligibleOwner(server.app, server.database.db, clientId, { now: clock.now() });
  await launchOf(server.database.db, clientId, owner.accountId, owner.boatIds[0]!, clock.now());
  const created = await owner.agent.post(
    '/outings',
    outingBody(clientId, owner.boatIds[0]!, clock.now(), { expectedReturn: todayAt(clientId, '14:00', clock.now()) }),
  );
  expect(created.statusCode, created.body).toBe(201);
  return { owner, outing: created.json() as { id: string } };
}

const pass = (clientId: number, id: string) =>
  createAgent(server.app, clientId).post(`/dev/outings/${id}/expected-return-passed`, {});

describe('an outing made overdue for the browser suite', () => {
  it('moves the expected return 31 minutes back; the overdue job does the rest: the outing, the marina, the person', async () => {
    const { owner, outing } = await atSea();
    const moved = await pass(901, outing.id);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().expectedReturn).toBe(new Date(clock.now().getTime() - 31 * 60_000).toISOString());
    const [row] = await server.database.db.select().from(outings).where(eq(outings.id, outing.id));
    expect(row!.state).toBe('at_sea');
    expect(row!.departure < row!.expectedReturn).toBe(true);

    await server.app.jobs.runDue();
    const seen = (await owner.agent.get(`/outings/${outing.id}`)).json();
    expect(seen).toMatchObject({ state: 'overdue', actions: { return: true } });
    const told = await server.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.accountId, owner.accountId), eq(notifications.type, 'outing_overdue')));
    expect(told.map((notice) => notice.link)).toEqual([`/salidas?volver=${outing.id}`]);
    expect(
      (
        await server.database.db
          .select()
          .from(outbox)
          .where(like(outbox.subject, `Salida sin volver: ${seen.boatName} (%`))
      ).length,
    ).toBe(1);

    // Marking the return clears it.
    expect((await owner.agent.post(`/outings/${outing.id}/return`, {})).json().state).toBe('returned');
  });

  it('reaches no other marina’s outing, no outing already back, and no made-up id', async () => {
    const { owner, outing } = await atSea();
    expect((await pass(903, outing.id)).statusCode).toBe(404);
    expect((await pass(901, '11111111-1111-4111-8111-111111111111')).statusCode).toBe(404);
    expect((await pass(901, 'nope')).statusCode).toBe(404);
    await owner.agent.post(`/outings/${outing.id}/return`, {});
    expect((await pass(901, outing.id)).statusCode).toBe(404);
    const [row] = await server.database.db.select().from(outings).where(eq(outings.id, outing.id));
    expect(row!.state).toBe('returned');
  });

  it('does not exist without DEV_ROUTES', async () => {
    const { outing } = await atSea();
    const db = await server.database.connectAgain();
    const plain = await createTestServer(db, { config: { devRoutes: false }, clock: clock.now });
    try {
      const response = await createAgent(plain, 901).post(`/dev/outings/${outing.id}/expected-return-passed`, {});
      expect(response.statusCode).toBe(404);
      const [row] = await server.database.db.select().from(outings).where(eq(outings.id, outing.id));
      expect(row!.expectedReturn.getTime()).toBe(Date.parse(todayAt(901, '14:00', clock.now())));
    } finally {
      await plain.close();
      await db.close();
    }
  });
});
