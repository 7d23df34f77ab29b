/**
 * Withdrawing a pending invitation (docs/product.md §4.8, decision 034): an owner who typed the person's phone
 * or e-mail wrong takes the invitation back, its code stops working, the place on the boat is freed and
 * nothing about the person is kept. Every refusal: a person already validated, another owner, another marina,
 * the authorised person themselves, staff, no session.
 */
import { addDays } from '@marina/core/domain/calendar.ts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { passwordHasher } from '../accounts/passwords.ts';
import { accounts, verificationCodes } from '../accounts/accounts.schema.ts';
import { authorisationBoats, authorisations } from './authorisations.schema.ts';
import { latestCode, outboxFor, STRONG_PASSWORD, testClock } from '../test/accounts.ts';
import { activeAuthorisation, authorisationBody, invitedAs, personWithAccount } from '../test/authorisations.ts';
import { dayFromToday } from '../test/boats.ts';
import { eligibleOwner } from '../test/launches.ts';
import { signInStaff } from '../test/staff.ts';
import { createAgent } from '../test/test-agent.ts';
import { PROBLEM_JSON, useTestServer } from '../test/test-server.ts';

let database: Database;
let app: FastifyInstance;
const clock = testClock(Date.parse('2027-06-01T06:00:00Z'));

useTestServer((server) => ({ database, app } = server), { clock: clock.now });

const owner = (clientId = 901, boatCount = 1) =>
  eligibleOwner(app, database.db, clientId, { boatCount, now: clock.now() });
const body = (clientId: number, boatIds: string[], overrides: Record<string, unknown> = {}) =>
  authorisationBody(clientId, boatIds, overrides, clock.now());
const today = (clientId = 901) => dayFromToday(clientId, 0, clock.now());
const rowOf = async (id: string) =>
  (await database.db.select().from(authorisations).where(eq(authorisations.id, id)))[0];
/** A phone that differs from the right one in its last digit: the owner's slip. */
const mistyped = (phone: string) => `${phone.slice(0, -1)}${phone.endsWith('0') ? '1' : '0'}`;

describe('withdrawing a pending invitation', () => {
  it('deletes it with its code: the code stops working, and the same person can be added again with the right phone', async () => {
    const { agent, boatIds } = await owner();
    const right = body(901, boatIds);
    const wrong = { ...right, phone: mistyped(right.phone) };
    const added = (await agent.post('/authorisations', wrong)).json();
    const wrongCode = await latestCode(app, wrong.phone);
    // The same document again is refused while the invitation stands.
    const twice = await agent.post('/authorisations', right);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('authorisation_duplicate');

    const withdrawn = await agent.post(`/authorisations/${added.id}/withdraw`);
    expect(withdrawn.statusCode, withdrawn.body).toBe(204);
    expect(withdrawn.body).toBe('');
    // Nothing kept about the person: the row, its boats and the code (with the wrong phone) are gone.
    expect(await rowOf(added.id)).toBeUndefined();
    expect(
      await database.db.select().from(authorisationBoats).where(eq(authorisationBoats.authorisationId, added.id)),
    ).toEqual([]);
    expect(
      await database.db.select().from(verificationCodes).where(eq(verificationCodes.destination, wrong.phone)),
    ).toEqual([]);
    expect((await agent.get(`/authorisations/${added.id}`)).statusCode).toBe(404);
    expect((await agent.get('/authorisations')).json().authorisations).toEqual([]);
    // The code sent to the wrong phone no longer validates anything.
    const late = await agent.post(`/authorisations/${added.id}/validate`, { code: wrongCode });
    expect(late.statusCode).toBe(404);
    expect((await agent.post(`/authorisations/${added.id}/resend`)).statusCode).toBe(404);
    expect((await agent.post(`/authorisations/${added.id}/withdraw`)).statusCode).toBe(404);

    const again = await agent.post('/authorisations', right);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toMatchObject({ state: 'pending', phone: right.phone });
    // The old code is not the new invitation's.
    if (wrongCode !== (await latestCode(app, right.phone))) {
      expect((await agent.post(`/authorisations/${again.json().id}/validate`, { code: wrongCode })).json().code).toBe(
        'code_invalid',
      );
    }
    const validated = await agent.post(`/authorisations/${again.json().id}/validate`, {
      code: await latestCode(app, right.phone),
    });
    expect(validated.statusCode, validated.body).toBe(200);
    expect(validated.json().state).toBe('active');
  });

  it('frees the place on a full boat', async () => {
    const { agent, boatIds } = await owner();
    const ids: string[] = [];
    for (let index = 0; index < 5; index++)
      ids.push((await agent.post('/authorisations', body(901, boatIds))).json().id);
    const sixth = body(901, boatIds);
    expect((await agent.post('/authorisations', sixth)).json().code).toBe('authorisation_limit_reached');
    expect((await agent.post(`/authorisations/${ids[2]}/withdraw`)).statusCode).toBe(204);
    expect((await agent.post('/authorisations', sixth)).statusCode).toBe(201);
    expect((await agent.get('/authorisations')).json().authorisations).toHaveLength(5);
  });

  it('leaves the owner’s other invitations and persons alone', async () => {
    const { agent, boatIds } = await owner(901, 2);
    const kept = await activeAuthorisation(app, agent, body(901, boatIds));
    const other = (await agent.post('/authorisations', body(901, [boatIds[1]!]))).json();
    const gone = (await agent.post('/authorisations', body(901, [boatIds[0]!]))).json();
    expect((await agent.post(`/authorisations/${gone.id}/withdraw`)).statusCode).toBe(204);
    const left = (await agent.get('/authorisations'))
      .json()
      .authorisations.map((item: { id: string; state: string }) => [item.id, item.state]);
    expect(left.sort()).toEqual(
      [
        [kept.id, 'active'],
        [other.id, 'pending'],
      ].sort(),
    );
  });

  it('refuses a person who already validated (suspend instead), a suspended one and an expired invitation, changing nothing', async () => {
    const { agent, boatIds } = await owner(901, 3);
    const active = await activeAuthorisation(app, agent, body(901, [boatIds[0]!]));
    const refused = await agent.post(`/authorisations/${active.id}/withdraw`);
    expect(refused.statusCode).toBe(409);
    expect(refused.headers['content-type']).toMatch(PROBLEM_JSON);
    expect(refused.json()).toMatchObject({
      code: 'state_conflict',
      detail:
        'Esta persona ya validó su código: la invitación no se puede retirar. Si no quieres que use tus barcos, suspende su autorización.',
    });
    expect((await rowOf(active.id))!.state).toBe('active');

    const suspended = await activeAuthorisation(app, agent, body(901, [boatIds[1]!]));
    expect((await agent.post(`/authorisations/${suspended.id}/suspend`, {})).statusCode).toBe(200);
    const alsoRefused = await agent.post(`/authorisations/${suspended.id}/withdraw`);
    expect(alsoRefused.statusCode).toBe(409);
    expect(alsoRefused.json()).toMatchObject({ code: 'state_conflict', detail: expect.stringContaining('suspendida') });
    expect((await rowOf(suspended.id))!.state).toBe('suspended');

    // A pending invitation whose period ended is expired (even before the job runs): not withdrawn either.
    const ended = (await agent.post('/authorisations', body(901, [boatIds[2]!]))).json();
    await database.db
      .update(authorisations)
      .set({ validFrom: addDays(today(), -3), validTo: addDays(today(), -1) })
      .where(eq(authorisations.id, ended.id));
    const late = await agent.post(`/authorisations/${ended.id}/withdraw`);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'state_conflict', detail: expect.stringContaining('caducado') });
    expect(await rowOf(ended.id)).toBeDefined();
  });

  it('answers 404 to another owner, an owner of another marina, the invited person themselves and staff; 401 without a session', async () => {
    const someone = await personWithAccount(app, database.db, 901, clock.now());
    const { agent, boatIds } = await owner();
    const pending = (await agent.post('/authorisations', body(901, boatIds, { ...invitedAs(someone) }))).json();
    const callers = [
      (await owner()).agent,
      (await owner(903)).agent,
      someone.agent,
      await signInStaff(app, 901),
      await signInStaff(app, 903),
    ];
    for (const caller of callers) {
      const response = await caller.post(`/authorisations/${pending.id}/withdraw`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'not_found', detail: 'No encontramos esa autorización.' });
    }
    expect((await createAgent(app, 901).post(`/authorisations/${pending.id}/withdraw`)).statusCode).toBe(401);
    expect((await agent.post('/authorisations/not-a-uuid/withdraw')).statusCode).toBe(404);
    // Still there, still pending, its code still good.
    expect((await rowOf(pending.id))!.state).toBe('pending');
    const validated = await agent.post(`/authorisations/${pending.id}/validate`, {
      code: await latestCode(app, pending.phone),
    });
    expect(validated.statusCode, validated.body).toBe(200);
  });

  it('on an e-mail marina, withdraws the invitation sent to a mistyped address; the right address gets the new code', async () => {
    const { agent, boatIds } = await owner(902);
    const right = body(902, boatIds);
    const wrong = { ...right, email: `x${right.email}` };
    const added = (await agent.post('/authorisations', wrong)).json();
    expect(added.code.channel).toBe('email');
    expect((await agent.post(`/authorisations/${added.id}/withdraw`)).statusCode).toBe(204);
    expect(
      await database.db.select().from(verificationCodes).where(eq(verificationCodes.destination, wrong.email)),
    ).toEqual([]);
    const again = (await agent.post('/authorisations', right)).json();
    const [message] = await outboxFor(app, right.email);
    expect((await agent.post(`/authorisations/${again.id}/validate`, { code: message!.code })).json().state).toBe(
      'active',
    );
  });

  it("goes with the owner's account deletion, its code too, like any other authorisation", async () => {
    const { agent, boatIds, accountId } = await owner();
    const input = body(901, boatIds);
    const pending = (await agent.post('/authorisations', input)).json();
    await database.db
      .update(accounts)
      .set({ passwordHash: await passwordHasher.hash(STRONG_PASSWORD) })
      .where(eq(accounts.id, accountId));
    expect((await agent.delete('/me', { password: STRONG_PASSWORD, confirm: true })).statusCode).toBe(204);
    expect(await rowOf(pending.id)).toBeUndefined();
    expect(
      await database.db.select().from(verificationCodes).where(eq(verificationCodes.destination, input.phone)),
    ).toEqual([]);
  });
});
