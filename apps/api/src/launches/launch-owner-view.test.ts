/**
 * The boat's owner and the launches their authorised persons ask for on the owner's boats (docs/product.md §4.7,
 * §4.8; decision 033): the owner sees them with who asked, may cancel them (the person is told) and add them to a
 * calendar, not move them nor mark them ready to stow; the refusal of a second request for the boat says whose
 * request holds it and for which day. Nobody else sees them: another owner, another marina, nor the person the
 * owner's other boats.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { accounts } from '../accounts/accounts.schema.ts';
import { launchSlots } from './launches.schema.ts';
import { notifications } from '../notifications/notifications.schema.ts';
import { testClock } from '../test/accounts.ts';
import { activeAuthorisation, authorisationBody, invitedAs, personWithAccount } from '../test/authorisations.ts';
import { eligibleOwner, launchBody, slotAt, type Owner } from '../test/launches.ts';
import { signInStaff } from '../test/staff.ts';
import { expectProblem, useTestServer } from '../test/test-server.ts';

let database: Database;
let app: FastifyInstance;
const clock = testClock(Date.parse('2027-06-01T06:00:00Z'));
const DAY = '2027-06-03';

useTestServer((server) => ({ database, app } = server), { clock: clock.now });

interface Launch {
  id: string;
  status: string;
  bookedBy: { name: string; role: string } | null;
  actions: Record<string, boolean>;
  cancellationReason: string | null;
  history: Array<{ by: string; to: string; byName: string | null }>;
}

/** An owner (Lucía García Pons) of `boatCount` boats, and a person (Marta Ruiz Soler) authorised on the first. */
async function ownerAndPerson(clientId = 901, boatCount = 1) {
  const owner = await eligibleOwner(app, database.db, clientId, { boatCount, now: clock.now() });
  const person = await personWithAccount(app, database.db, clientId, clock.now());
  await database.db
    .update(accounts)
    .set({ firstName: 'Marta', surnames: 'Ruiz Soler' })
    .where(eq(accounts.id, person.accountId));
  await activeAuthorisation(
    app,
    owner.agent,
    authorisationBody(clientId, [owner.boatIds[0]!], { ...invitedAs(person) }, clock.now()),
    clientId !== 902,
  );
  return { owner, person };
}

async function book(who: Owner, boatId: string, time: string, clientId = 901): Promise<Launch> {
  const response = await who.agent.post('/launches', launchBody(clientId, boatId, DAY, time));
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const held = async (time: string) =>
  (
    await database.db
      .select()
      .from(launchSlots)
      .where(and(eq(launchSlots.clientId, 901), eq(launchSlots.start, new Date(slotAt(901, DAY, time)))))
  )[0]?.held ?? 0;

describe("the owner's view of a launch an authorised person asked for", () => {
  it('lists it and shows it with who asked, the cancellation and the calendar only; the person keeps it as their own', async () => {
    const { owner, person } = await ownerAndPerson();
    const response = await person.agent.post('/launches', {
      ...launchBody(901, owner.boatIds[0]!, DAY, '10:00'),
      notes: 'Con mi hermano, llevo mi propia nevera',
    });
    expect(response.statusCode, response.body).toBe(201);
    const asked: Launch = response.json();
    expect(asked).toMatchObject({
      bookedBy: null,
      notes: 'Con mi hermano, llevo mi propia nevera',
      actions: { reschedule: true, cancel: true, readyToStow: false, calendar: true },
    });

    const list = (await owner.agent.get('/launches')).json();
    expect(list.past).toEqual([]);
    expect(list.upcoming).toHaveLength(1);
    const seen: Launch = list.upcoming[0];
    expect(seen).toMatchObject({
      id: asked.id,
      status: 'confirmed',
      bookedBy: { name: 'Marta Ruiz Soler', role: 'authorised' },
      actions: { reschedule: false, cancel: true, readyToStow: false, calendar: true },
      // The person's words to the marina stay theirs (and the marina's).
      notes: '',
    });
    // Its history names the person; the person's own reads it as theirs.
    expect(seen.history).toEqual([
      expect.objectContaining({ by: 'customer', to: 'confirmed', byName: 'Marta Ruiz Soler' }),
    ]);
    expect((await person.agent.get(`/launches/${asked.id}`)).json().history).toEqual([
      expect.objectContaining({ by: 'customer', byName: null }),
    ]);
    expect((await owner.agent.get(`/launches/${asked.id}`)).json()).toEqual(seen);

    const ics = await owner.agent.get(`/launches/${asked.id}/calendar.ics`);
    expect(ics.statusCode).toBe(200);
    expect(ics.body).toContain('Pedida por Marta Ruiz Soler.');
    expect(ics.body).not.toContain('nevera');

    // Moving it and «listo para subir» stay the person's: 403 with who, not 404 (the owner sees it).
    const move = await owner.agent.post(`/launches/${asked.id}/reschedule`, { slotStart: slotAt(901, DAY, '11:00') });
    expectProblem(move, 403, 'forbidden');
    expect(move.json().detail).toBe(
      'Esta bajada la pidió Marta Ruiz Soler: solo esa persona puede moverla. Como titular del barco, puedes cancelarla.',
    );
    expectProblem(await owner.agent.post(`/launches/${asked.id}/ready-to-stow`, {}), 403, 'forbidden');
    expect((await owner.agent.get(`/launches/${asked.id}`)).json().slotStart).toBe('2027-06-03T10:00:00+02:00');
  });

  it('refuses the owner a second request for the boat saying who holds it and for which day; and the person, the owner’s', async () => {
    const { owner, person } = await ownerAndPerson();
    const asked = await book(person, owner.boatIds[0]!, '10:30');
    const before = await held('12:00');
    const refused = await owner.agent.post('/launches', launchBody(901, owner.boatIds[0]!, DAY, '12:00'));
    expectProblem(refused, 409, 'boat_has_open_launch');
    const message = expect.stringMatching(
      /^Marta Ruiz Soler, a quien autorizaste, ya ha pedido una bajada para el jueves 3 de junio(?: de 2027)? a las 10:30\. Solo puede haber una bajada pedida por barco\. La tienes en Bajadas, donde puedes cancelarla\.$/,
    );
    expect(refused.json()).toMatchObject({
      detail: message,
      errors: [{ field: 'boatId', code: 'boat_has_open_launch', message }],
    });
    // Nothing half done: the place the refused request had taken is back.
    expect(await held('12:00')).toBe(before);

    // The other way round: the owner's request holds the boat, and the person hears whose and when.
    expect((await owner.agent.post(`/launches/${asked.id}/cancel`, {})).statusCode).toBe(200);
    await book(owner, owner.boatIds[0]!, '13:00');
    const theirs = await person.agent.post('/launches', launchBody(901, owner.boatIds[0]!, DAY, '14:00'));
    expectProblem(theirs, 409, 'boat_has_open_launch');
    expect(theirs.json().detail).toMatch(
      /^Su titular, Lucía García Pons, ya ha pedido una bajada para el jueves 3 de junio(?: de 2027)? a las 13:00\. Solo puede haber una bajada pedida por barco\.$/,
    );
    // Their own second request is told as theirs.
    const own = await owner.agent.post('/launches', launchBody(901, owner.boatIds[0]!, DAY, '15:00'));
    expect(own.json().detail).toMatch(
      /^Ya tienes una bajada pedida para el jueves 3 de junio(?: de 2027)? a las 13:00\. Muévela o cancélala antes de pedir otra\.$/,
    );
  });

  it('lets the owner cancel it: the reason says who, the place goes back, the person is told, and the owner may then ask for the boat', async () => {
    const { owner, person } = await ownerAndPerson();
    const asked = await book(person, owner.boatIds[0]!, '11:00');
    expect(await held('11:00')).toBe(1);
    const cancelled = await owner.agent.post(`/launches/${asked.id}/cancel`, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({
      status: 'cancelled',
      bookedBy: { name: 'Marta Ruiz Soler' },
      cancellationReason: 'La ha cancelado Lucía García Pons, titular del barco.',
      actions: { reschedule: false, cancel: false, readyToStow: false, calendar: false },
    });
    expect(cancelled.json().history.at(-1)).toMatchObject({ by: 'customer', to: 'cancelled', byName: null });
    expect(await held('11:00')).toBe(0);
    // The person sees who cancelled it, in its history and in a notice.
    const theirs = (await person.agent.get(`/launches/${asked.id}`)).json();
    expect(theirs).toMatchObject({
      status: 'cancelled',
      bookedBy: null,
      cancellationReason: 'La ha cancelado Lucía García Pons, titular del barco.',
    });
    expect(theirs.history.at(-1)).toMatchObject({ by: 'customer', to: 'cancelled', byName: 'Lucía García Pons' });
    const [told] = await database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.accountId, person.accountId), eq(notifications.type, 'launch_cancelled_by_owner')));
    expect(told).toMatchObject({ title: 'Bajada cancelada por el titular', link: '/pedidosbajadas' });
    expect(told!.body).toContain('Lucía García Pons, titular de ');
    expect(told!.body).toMatch(/jueves 3 de junio(?: de 2027)? a las 11:00/);
    // Staff see who asked (the boat's owner is someone else) and every customer by name.
    const staff = await signInStaff(app, 901);
    const slot = (await staff.get(`/staff/launches?date=${DAY}`))
      .json()
      .slots.find((entry: { start: string }) => entry.start === '2027-06-03T11:00:00+02:00');
    const forStaff = slot.launches.find((entry: { id: string }) => entry.id === asked.id);
    expect(forStaff).toMatchObject({
      bookedBy: { name: 'Marta Ruiz Soler', role: 'authorised' },
      owner: { firstName: 'Marta' },
    });
    expect(forStaff.history.map((entry: { byName: string | null }) => entry.byName)).toEqual([
      'Marta Ruiz Soler',
      'Lucía García Pons',
    ]);
    // Cancelled once only.
    expectProblem(await owner.agent.post(`/launches/${asked.id}/cancel`, {}), 409, 'state_conflict');
    await book(owner, owner.boatIds[0]!, '12:30');
  });

  it('is past the cut-off for the owner as for the person: call the marina', async () => {
    const { owner, person } = await ownerAndPerson();
    // Today at 10:30 (it is 08:00); then 09:31, 59 minutes before the slot (the sessions are still alive).
    const response = await person.agent.post('/launches', launchBody(901, owner.boatIds[0]!, '2027-06-01', '10:30'));
    expect(response.statusCode, response.body).toBe(201);
    const asked: Launch = response.json();
    clock.advance(91 * 60_000);
    try {
      const got = await owner.agent.get(`/launches/${asked.id}`);
      expect(got.statusCode, got.body).toBe(200);
      const seen = got.json();
      expect(seen.actions).toEqual({ reschedule: false, cancel: false, readyToStow: false, calendar: true });
      expectProblem(await owner.agent.post(`/launches/${asked.id}/cancel`, {}), 409, 'change_too_late');
    } finally {
      clock.advance(-91 * 60_000);
    }
  });
});

describe('the owner and the person cancelling at once', () => {
  it('cancels once out of 120 parallel cancellations by both: one place given back, at most one notice', async () => {
    const { owner, person } = await ownerAndPerson();
    const asked = await book(person, owner.boatIds[0]!, '18:00');
    const before = await held('18:00');
    const answers = await Promise.all(
      Array.from({ length: 120 }, (_, index) =>
        (index % 2 === 0 ? owner : person).agent.post(`/launches/${asked.id}/cancel`, {}),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    expect(codes.filter((code) => code !== 200).every((code) => code === 409)).toBe(true);
    expect(await held('18:00')).toBe(before - 1);
    const notices = await database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.accountId, person.accountId), eq(notifications.type, 'launch_cancelled_by_owner')));
    // Told only when the owner's was the one that went through.
    const ownersWon = answers.findIndex((answer) => answer.statusCode === 200) % 2 === 0;
    expect(notices).toHaveLength(ownersWon ? 1 : 0);
  });
});

describe('nobody else sees it', () => {
  it('another owner and another marina get 404 on every call, and their lists leave it out', async () => {
    const { owner, person } = await ownerAndPerson();
    const asked = await book(person, owner.boatIds[0]!, '09:00');
    const stranger = await eligibleOwner(app, database.db, 901, { now: clock.now() });
    const elsewhere = await eligibleOwner(app, database.db, 903, { now: clock.now() });
    for (const other of [stranger, elsewhere]) {
      expectProblem(await other.agent.get(`/launches/${asked.id}`), 404, 'not_found');
      expectProblem(await other.agent.get(`/launches/${asked.id}/calendar.ics`), 404, 'not_found');
      expectProblem(await other.agent.post(`/launches/${asked.id}/cancel`, {}), 404, 'not_found');
      expectProblem(
        await other.agent.post(`/launches/${asked.id}/reschedule`, { slotStart: slotAt(901, DAY, '09:30') }),
        404,
        'not_found',
      );
      expectProblem(await other.agent.post(`/launches/${asked.id}/ready-to-stow`, {}), 404, 'not_found');
      expect((await other.agent.get('/launches')).json()).toEqual({ upcoming: [], past: [], next: null });
    }
    expect((await owner.agent.get(`/launches/${asked.id}`)).json().status).toBe('confirmed');
  });

  it("the authorised person sees none of the owner's launches: not on the other boats, not on the one they share", async () => {
    const { owner, person } = await ownerAndPerson(901, 2);
    const other = await book(owner, owner.boatIds[1]!, '17:00');
    const shared = await book(owner, owner.boatIds[0]!, '17:30');
    expect((await person.agent.get('/launches')).json()).toEqual({ upcoming: [], past: [], next: null });
    for (const launch of [other, shared]) {
      expectProblem(await person.agent.get(`/launches/${launch.id}`), 404, 'not_found');
      expectProblem(await person.agent.get(`/launches/${launch.id}/calendar.ics`), 404, 'not_found');
      expectProblem(await person.agent.post(`/launches/${launch.id}/cancel`, {}), 404, 'not_found');
      expectProblem(
        await person.agent.post(`/launches/${launch.id}/reschedule`, { slotStart: slotAt(901, DAY, '18:00') }),
        404,
        'not_found',
      );
    }
    // The owner's list: their two, as their own.
    const mine = (await owner.agent.get('/launches')).json().upcoming as Launch[];
    expect(mine.map((launch) => [launch.id, launch.bookedBy])).toEqual([
      [other.id, null],
      [shared.id, null],
    ]);
  });

  it('works the same at a marina that sends e-mail: the owner sees the person’s launch there, not at another marina', async () => {
    const { owner, person } = await ownerAndPerson(902);
    const asked = await book(person, owner.boatIds[0]!, '10:00', 902);
    expect((await owner.agent.get('/launches')).json().upcoming).toMatchObject([
      { id: asked.id, bookedBy: { name: 'Marta Ruiz Soler' } },
    ]);
    const elsewhere = await eligibleOwner(app, database.db, 901, { now: clock.now() });
    expectProblem(await elsewhere.agent.get(`/launches/${asked.id}`), 404, 'not_found');
  });
});
