/**
 * Overdue outings with a fixed clock (docs/product.md §4.9): 29 minutes after the expected return an outing is
 * still at sea, at 31 it is overdue; the marina's contact e-mail gets exactly one alert although two API
 * instances run their jobs at once (on PostgreSQL, TEST_DATABASE_URL, each with its own connections); the
 * customer and the skipper are told in the app with the "He vuelto" link; extending or returning clears it.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobRuns } from '../jobs/jobs.schema.ts';
import { notifications } from '../notifications/notifications.schema.ts';
import { outbox } from '../outbox/outbox.schema.ts';
import { outings } from './outings.schema.ts';
import { testClock } from '../test/accounts.ts';
import { activeAuthorisation, authorisationBody, invitedAs, personWithAccount } from '../test/authorisations.ts';
import { eligibleOwner, type Owner } from '../test/launches.ts';
import { launchOf, outingBody, todayAt } from '../test/outings.ts';
import { signInStaff } from '../test/staff.ts';
import { useTwoInstances, type OtherInstance, type TestServer } from '../test/test-server.ts';
import { loadClientDirectory } from '../clients/client-directory.ts';
import { SESSION_COOKIE } from '../config.ts';
import { createSession } from '../sessions/session-store.ts';
import { createAgent } from '../test/test-agent.ts';
import { markOverdue, MARK_OVERDUE } from './outing-overdue.ts';

let server: TestServer;
let other: OtherInstance;
const clock = testClock(Date.parse('2027-07-05T08:00:00Z'));
const MARINA_EMAIL = 'oficina@marina901.example';

const { bothRun, at } = useTwoInstances((ready) => ({ server, other } = ready), clock);

async function afloat(clientId = 901): Promise<Owner> {
  const owner = await eligibleOwner(server.app, server.database.db, clientId, { now: clock.now() });
  await launchOf(server.database.db, clientId, owner.accountId, owner.boatIds[0]!, clock.now());
  return owner;
}

/** A new session for someone (the clock has moved on past the idle limit of the old one). */
async function signedIn(accountId: string, clientId = 901) {
  const agent = createAgent(server.app, clientId);
  agent.cookies.set(SESSION_COOKIE, await createSession(server.database.db, { clientId, accountId, now: clock.now() }));
  expect((await agent.get('/session')).statusCode).toBe(200);
  return agent;
}

const stateOf = async (id: string) =>
  (await server.database.db.select().from(outings).where(eq(outings.id, id)))[0]!.state;
const alerts = () => server.database.db.select().from(outbox).where(eq(outbox.destination, MARINA_EMAIL));
const told = async (accountId: string) =>
  (
    await server.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.accountId, accountId), eq(notifications.type, 'outing_overdue')))
  ).map((row) => [row.title, row.link]);

describe('overdue outings', () => {
  it('becomes overdue 30 minutes after the expected return, alerts the marina once and tells the customer and the skipper', async () => {
    const owner = await afloat();
    const person = await personWithAccount(server.app, server.database.db, 901, clock.now());
    const authorisation = await activeAuthorisation(
      server.app,
      owner.agent,
      authorisationBody(901, owner.boatIds, { ...invitedAs(person) }, clock.now()),
    );
    const body = outingBody(901, owner.boatIds[0]!, clock.now(), {
      expectedReturn: todayAt(901, '12:00', clock.now()),
      skipper: authorisation.id,
    });
    const created = await owner.agent.post('/outings', body);
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json();
    // The owner was told that the skipper's account took the authorisation (decision 038).
    const textsBefore = (await server.database.db.select().from(outbox).where(eq(outbox.destination, owner.phone)))
      .length;

    await at('2027-07-05T10:29:00Z'); // 12:29 in Madrid
    expect(await stateOf(id)).toBe('at_sea');
    expect(await alerts()).toHaveLength(0);
    await at('2027-07-05T10:31:00Z');
    expect(await stateOf(id)).toBe('overdue');
    await bothRun();
    const sent = await alerts();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.channel).toBe('email');
    expect(sent[0]!.subject).toMatch(/^Salida sin volver: /);
    expect(await told(owner.accountId)).toEqual([['Salida sin volver', `/salidas?volver=${id}`]]);
    expect(await told(person.accountId)).toEqual([['Salida sin volver', `/salidas?volver=${id}`]]);
    // Marina 901 writes by SMS: the customer's mobile got one message more.
    expect(await server.database.db.select().from(outbox).where(eq(outbox.destination, owner.phone))).toHaveLength(
      textsBefore + 1,
    );
    const runs = await server.database.db.select().from(jobRuns).where(eq(jobRuns.name, MARK_OVERDUE.name));
    expect(new Set(runs.map((run) => run.jobId)).size).toBe(runs.length);

    // Staff see it first in their list; the customer sees it overdue.
    const staff = await signInStaff(server.app, 901);
    expect(
      (await staff.get('/staff/outings?state=overdue')).json().outings.map((item: { id: string }) => item.id),
    ).toEqual([id]);
    expect((await (await signedIn(owner.accountId)).get(`/outings/${id}`)).json()).toMatchObject({
      state: 'overdue',
      overdueSince: '2027-07-05T12:31:00+02:00',
    });

    // Extending clears it; it is overdue again 30 minutes after the new time, and alerts again once.
    const skipper = await signedIn(person.accountId);
    const extended = await skipper.post(`/outings/${id}/extend`, {
      expectedReturn: todayAt(901, '14:00', clock.now()),
    });
    expect(extended.json()).toMatchObject({ state: 'at_sea', overdueSince: null });
    // The marina, alerted, hears that the alarm is cleared, and until when.
    const cleared = (await alerts()).at(-1)!;
    expect(cleared.subject).toMatch(/^Salida ampliada: /);
    expect(cleared.text).toContain('hasta el lunes 5 de julio a las 14:00');
    expect(cleared.text).toContain('Figuraba como salida sin volver desde las 12:31');
    await at('2027-07-05T12:29:00Z');
    expect(await stateOf(id)).toBe('at_sea');
    await at('2027-07-05T12:31:00Z');
    expect(await stateOf(id)).toBe('overdue');
    expect((await alerts()).map((sent) => sent.subject!.split(':')[0])).toEqual([
      'Salida sin volver',
      'Salida ampliada',
      'Salida sin volver',
    ]);

    // "He vuelto" clears it for good, and the marina hears that too.
    expect((await (await signedIn(person.accountId)).post(`/outings/${id}/return`)).json()).toMatchObject({
      state: 'returned',
      overdueSince: null,
    });
    // Read before the outbox sends it (a sent text is blanked).
    expect((await alerts()).at(-1)!.text).toMatch(
      /ha marcado en la aplicación, a las 14:31, que el barco .* ha vuelto\. Figuraba como salida sin volver desde las 14:31\./,
    );
    await at('2027-07-05T16:00:00Z');
    expect((await alerts()).map((sent) => sent.subject!.split(':')[0])).toEqual([
      'Salida sin volver',
      'Salida ampliada',
      'Salida sin volver',
      'Salida resuelta',
    ]);
  });

  it('alerts nobody for an outing back in time, and once when two runners mark it at the same moment', async () => {
    const back = await afloat();
    const early = await back.agent.post(
      '/outings',
      outingBody(901, back.boatIds[0]!, clock.now(), { expectedReturn: todayAt(901, '19:00', clock.now()) }),
    );
    expect(early.statusCode, early.body).toBe(201);
    expect((await back.agent.post(`/outings/${early.json().id}/return`)).statusCode).toBe(200);

    const late = await afloat();
    const created = await late.agent.post(
      '/outings',
      outingBody(901, late.boatIds[0]!, clock.now(), { expectedReturn: todayAt(901, '19:00', clock.now()) }),
    );
    const { id } = created.json();
    const before = (await alerts()).length;
    clock.advance(Date.parse('2027-07-05T17:31:00Z') - clock.now().getTime());
    // The handler's own work, twice at once on two connections, as if the job ran twice.
    const [one, two] = await Promise.all([loadClientDirectory(server.database.db), loadClientDirectory(other.db.db)]);
    const results = await Promise.all([
      server.database.db.transaction((tx) => markOverdue(tx, one, id, clock.now(), { devRoutes: false })),
      other.db.db.transaction((tx) => markOverdue(tx, two, id, clock.now(), { devRoutes: false })),
    ]);
    expect(results.sort()).toEqual([false, true]);
    expect((await alerts()).length - before).toBe(1);
    await bothRun();
    expect((await alerts()).length - before).toBe(1);
    expect(await stateOf(early.json().id)).toBe('returned');
  });
});
