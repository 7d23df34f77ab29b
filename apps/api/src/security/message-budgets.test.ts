/**
 * What a signed-in person can make the marina send to an address they choose (decision 039, docs/product.md
 * §7.6): an authorised person's invitation, a code for their own new phone or e-mail, the e-mail confirmation
 * link. Each counts in budgets per account, per IP address and per marina, so invite → withdraw loops and
 * phone changes no longer send SMS without end; a burst on PostgreSQL (TEST_DATABASE_URL) gets exactly the
 * budget's number; and what the owner typed reaches the person without its link.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { outbox } from '../outbox/outbox.schema.ts';
import { rateLimitHits } from './security.schema.ts';
import { newPerson, outboxFor, testClock } from '../test/accounts.ts';
import { authorisationBody } from '../test/authorisations.ts';
import { eligibleOwner, type Owner } from '../test/launches.ts';
import { createAgent, tally, type Agent } from '../test/test-agent.ts';
import { useTestServer } from '../test/test-server.ts';
import { CHOSEN_MESSAGES_PER_ACCOUNT, CHOSEN_MESSAGES_PER_IP, CHOSEN_MESSAGES_PER_MARINA } from './limits.ts';
import { throttleKeys } from './rate-limits.ts';

let database: Database;
let app: FastifyInstance;
// A still clock: no window moves during a test.
const clock = testClock();

useTestServer((server) => ({ database, app } = server), { clock: clock.now });

const owner = (clientId: number) => eligibleOwner(app, database.db, clientId, { now: clock.now() });

/** The owner's session in a browser calling from `ip`. */
function from(ip: string, who: Owner): Agent {
  const agent = createAgent(app, who.agent.clientId, { ip });
  for (const [name, value] of who.agent.cookies) agent.cookies.set(name, value);
  return agent;
}

/** `PATCH /me` with a new mobile (names and e-mail as they are): a code leaves for it. */
function changePhone(agent: Agent, who: Owner) {
  const { firstName, surnames } = newPerson();
  return agent.patch('/me', { firstName, surnames, email: who.email, phone: newPerson().phone });
}

function expectRefused(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(429);
  expect(response.json().code).toBe('rate_limited');
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
}

describe('budgets of messages to addresses a person chooses', () => {
  it(`lets an account make ${CHOSEN_MESSAGES_PER_ACCOUNT.max} a day, invitations and its own phone changes together, however often it withdraws`, async () => {
    const who = await owner(901);
    for (let change = 0; change < 5; change++) expect((await changePhone(who.agent, who)).statusCode).toBe(200);
    const invited: string[] = [];
    for (;;) {
      const body = authorisationBody(901, who.boatIds, {}, clock.now());
      const created = await who.agent.post('/authorisations', body);
      if (created.statusCode !== 201) {
        expectRefused(created);
        expect(Number(created.headers['retry-after'])).toBeGreaterThan(23 * 60 * 60);
        break;
      }
      invited.push(body.phone);
      // Withdrawing frees the place on the boat at once, but not the budget.
      expect((await who.agent.post(`/authorisations/${created.json().id}/withdraw`)).statusCode).toBe(204);
    }
    expect(invited).toHaveLength(CHOSEN_MESSAGES_PER_ACCOUNT.max - 5);
    for (const phone of invited) expect(await outboxFor(app, phone)).toHaveLength(1);
    expectRefused(await changePhone(who.agent, who));
  });

  it(`lets one IP address make ${CHOSEN_MESSAGES_PER_IP.max} a day, whatever the accounts`, async () => {
    const ip = '172.31.0.1';
    const owners = await Promise.all([1, 2, 3].map(() => owner(902)));
    const responses = await Promise.all(
      owners.flatMap((who) => Array.from({ length: 15 }, () => changePhone(from(ip, who), who))),
    );
    expect(tally(responses)).toEqual({
      200: CHOSEN_MESSAGES_PER_IP.max,
      '429 rate_limited': 45 - CHOSEN_MESSAGES_PER_IP.max,
    });
    // Another address of the same accounts is not held by it.
    expect((await changePhone(owners[0]!.agent, owners[0]!)).statusCode).toBe(200);
  });

  it(`lets a marina send exactly ${CHOSEN_MESSAGES_PER_MARINA.max} an hour when 120 arrive at once from six accounts`, async () => {
    const owners = await Promise.all([1, 2, 3, 4, 5, 6].map(() => owner(903)));
    const responses = await Promise.all(
      owners.flatMap((who) =>
        Array.from({ length: CHOSEN_MESSAGES_PER_ACCOUNT.max }, () => changePhone(who.agent, who)),
      ),
    );
    expect(tally(responses)).toEqual({
      200: CHOSEN_MESSAGES_PER_MARINA.max,
      '429 rate_limited': 120 - CHOSEN_MESSAGES_PER_MARINA.max,
    });
    const counted = await database.db
      .select()
      .from(rateLimitHits)
      .where(eq(rateLimitHits.key, throttleKeys.chosenMessagesMarina(903)));
    expect(counted).toHaveLength(CHOSEN_MESSAGES_PER_MARINA.max);
    // A refused call sent nothing: one code per change let through.
    expect(await database.db.select().from(outbox).where(eq(outbox.clientId, 903))).toHaveLength(
      CHOSEN_MESSAGES_PER_MARINA.max,
    );
  });
});

describe('an owner’s own words in the invitation', () => {
  it('reach the person without the link (issue 19: «Marina Port Blau: BBVA: acceso bloqueado, desbloquea en https://bbva-es.evil.example…»)', async () => {
    const who = await owner(901);
    const renamed = await who.agent.patch('/me', {
      firstName: 'BBVA: acceso bloqueado, desbloquea en',
      surnames: 'https://bbva-es.evil.example o llama al 600 111 222',
      email: who.email,
      phone: who.phone,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const body = authorisationBody(901, who.boatIds, {}, clock.now());
    expect((await who.agent.post('/authorisations', body)).statusCode).toBe(201);
    const [sms] = await outboxFor(app, body.phone);
    // Inside the marina's wording, which opens with its name; cut, and without the link or the number.
    expect(sms!.text.startsWith('Marina de Pruebas SMS: ')).toBe(true);
    expect(sms!.text).toContain('BBVA: acceso bloqueado, desbloquea en o llama al');
    expect(sms!.text).not.toMatch(/https|evil|600 ?111/);
  });
});
