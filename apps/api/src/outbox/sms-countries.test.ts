/**
 * SMS only to the countries the marina's folder allows (docs/product.md §7.6, decision 039): 901 declares
 * Spain, the United Kingdom and Germany; 902 says nothing, so Spain alone. A number of another country is
 * refused where it is typed when an SMS will go to it (422 naming the field), and the sending job sends none
 * there whatever wrote it. Before, an owner's invitation went to any number typed, international ones included.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { outbox } from './outbox.schema.ts';
import { newPerson, outboxFor, testClock } from '../test/accounts.ts';
import { authorisationBody } from '../test/authorisations.ts';
import { eligibleOwner } from '../test/launches.ts';
import { createAgent } from '../test/test-agent.ts';
import { expectProblem, useTestServer } from '../test/test-server.ts';
import { enqueueMessage } from './outbox.ts';
import type { OutboxRow } from './outbox.schema.ts';

let database: Database;
let app: FastifyInstance;
const clock = testClock();
const sent: OutboxRow[] = [];
const recording = { name: 'recording', send: async (message: OutboxRow) => void sent.push(message) };

useTestServer((server) => ({ database, app } = server), {
  clock: clock.now,
  transports: { sms: recording, email: recording },
});

const PORTUGUESE = '+351 912 345 678';
const GERMAN = '+49 151 2345 6789';

function expectCountryRefused(response: Awaited<ReturnType<typeof app.inject>>, countries: string) {
  expectProblem(response, 422, 'phone_country_not_allowed');
  const message = `Esta marina solo envía SMS a móviles de ${countries}.`;
  expect(response.json().errors).toEqual([{ field: 'phone', code: 'phone_country_not_allowed', message }]);
}

describe('SMS countries', () => {
  it('registers on an SMS marina only with a mobile of a country it allows', async () => {
    const refused = await createAgent(app, 901).post('/registrations', newPerson({ phone: PORTUGUESE }));
    expectCountryRefused(refused, 'España, Reino Unido o Alemania');
    expect(await outboxFor(app, PORTUGUESE)).toEqual([]);
    expect((await createAgent(app, 901).post('/registrations', newPerson({ phone: GERMAN }))).statusCode).toBe(202);
    // An e-mail marina sends no SMS at registration: the number is only kept.
    expect((await createAgent(app, 902).post('/registrations', newPerson({ phone: PORTUGUESE }))).statusCode).toBe(202);
  });

  it('changes a mobile, whose code goes by SMS, only to one of a country the marina allows (Spain when it says nothing)', async () => {
    const owner = await eligibleOwner(app, database.db, 902, { now: clock.now() });
    const change = (phone: string) =>
      owner.agent.patch('/me', { firstName: 'Lucía', surnames: 'García Pons', email: owner.email, phone });
    expectCountryRefused(await change(GERMAN), 'España');
    expect((await change('+34 622 111 333')).statusCode).toBe(200);
    // Names alone, the number kept as it is: nothing to check.
    expect((await change(owner.phone)).statusCode).toBe(200);
  });

  it('invites a person by SMS only to a mobile of a country the marina allows', async () => {
    const owner = await eligibleOwner(app, database.db, 901, { now: clock.now() });
    expectCountryRefused(
      await owner.agent.post(
        '/authorisations',
        authorisationBody(901, owner.boatIds, { phone: PORTUGUESE }, clock.now()),
      ),
      'España, Reino Unido o Alemania',
    );
    expect(await outboxFor(app, PORTUGUESE)).toEqual([]);
    // On an e-mail marina the invitation goes to the e-mail.
    const byEmail = await eligibleOwner(app, database.db, 902, { now: clock.now() });
    expect(
      (
        await byEmail.agent.post(
          '/authorisations',
          authorisationBody(902, byEmail.boatIds, { phone: PORTUGUESE }, clock.now()),
        )
      ).statusCode,
    ).toBe(201);
  });

  it('sends no SMS to another country, whatever wrote it', async () => {
    await enqueueMessage(
      database.db,
      { clientId: 901, channel: 'sms', destination: '+351912000111', text: 'Marina Port Blau: aviso.' },
      clock.now(),
      { devRoutes: true },
    );
    await enqueueMessage(
      database.db,
      { clientId: 901, channel: 'sms', destination: '+34612000111', text: 'Marina Port Blau: aviso.' },
      clock.now(),
      { devRoutes: true },
    );
    await app.jobs.runDue();
    expect(
      sent.map((message) => message.destination).filter((destination) => destination.endsWith('12000111')),
    ).toEqual(['+34612000111']);
    const [refused] = await database.db.select().from(outbox).where(eq(outbox.destination, '+351912000111'));
    expect(refused).toMatchObject({ status: 'failed', text: '' });
  });
});
