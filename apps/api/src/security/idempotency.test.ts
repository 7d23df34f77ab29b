import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { useTestServer } from '../test/test-server.ts';
import { idempotencyKeys } from './security.schema.ts';
import { SESSION_COOKIE } from '../config.ts';
import { latestCode, newPerson, outboxFor, registerAccount, STRONG_PASSWORD, testClock } from '../test/accounts.ts';
import { createAgent } from '../test/test-agent.ts';
import { IDEMPOTENCY_TTL_MS } from './limits.ts';

let database: Database;
let app: FastifyInstance;
const clock = testClock();

useTestServer((server) => ({ database, app } = server), { clock: clock.now });

describe('Idempotency-Key', () => {
  it('replays the first answer to a retry with the same key and body, and sends no second code', async () => {
    const agent = createAgent(app, 901);
    const person = newPerson();
    const key = randomUUID();
    const first = await agent.post('/registrations', person, { idempotencyKey: key });
    // The same body with its keys in another order is the same body.
    const reordered = Object.fromEntries(Object.entries(person).reverse());
    const retry = await agent.post('/registrations', reordered, { idempotencyKey: key });
    expect(first.statusCode).toBe(202);
    expect(retry.statusCode).toBe(202);
    expect(retry.json()).toEqual(first.json());
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(await outboxFor(app, person.phone)).toHaveLength(1);
  });

  it('refuses the same key with another body with 422 idempotency_key_reused', async () => {
    const agent = createAgent(app, 901);
    const key = randomUUID();
    expect(
      (await agent.post('/password-resets', { identifier: 'ana@correo.example' }, { idempotencyKey: key })).statusCode,
    ).toBe(202);
    const reused = await agent.post('/password-resets', { identifier: 'otra@correo.example' }, { idempotencyKey: key });
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toMatchObject({ code: 'idempotency_key_reused' });
  });

  it('answers 409 idempotency_in_progress while the first call runs', async () => {
    const agent = createAgent(app, 901);
    await agent.get('/session');
    const key = randomUUID();
    const body = { identifier: 'lenta@correo.example' };
    const [first, second] = await Promise.all([
      agent.post('/password-resets', body, { idempotencyKey: key }),
      agent.post('/password-resets', body, { idempotencyKey: key }),
    ]);
    const statuses = [first.statusCode, second.statusCode].sort();
    // Whichever arrives second finds the first still running, or (if the first already answered) its answer.
    expect(statuses[0]).toBe(202);
    expect([202, 409]).toContain(statuses[1]);
    if (statuses[1] === 409)
      expect([first, second].find((r) => r.statusCode === 409)!.json()).toMatchObject({
        code: 'idempotency_in_progress',
      });

    // Deterministically: a key whose first call (same caller, same body) has not answered yet.
    const [answered] = await database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    const pending = randomUUID();
    await database.db.insert(idempotencyKeys).values({
      clientId: 901,
      scope: answered!.scope,
      key: pending,
      requestHash: answered!.requestHash,
      createdAt: clock.now(),
    });
    const stillRunning = await agent.post('/password-resets', body, { idempotencyKey: pending });
    expect(stillRunning.statusCode).toBe(409);
    expect(stillRunning.json()).toMatchObject({ code: 'idempotency_in_progress' });
  });

  it('refuses a key that is not a UUID with 400 idempotency_key_invalid', async () => {
    const response = await createAgent(app, 901).post(
      '/password-resets',
      { identifier: 'ana@correo.example' },
      { idempotencyKey: 'retry-1' },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'idempotency_key_invalid' });
  });

  it('keeps nothing from a failed call, so the corrected form may reuse the key', async () => {
    const agent = createAgent(app, 901);
    const key = randomUUID();
    const person = newPerson();
    expect(
      (await agent.post('/registrations', { ...person, acceptPrivacy: false }, { idempotencyKey: key })).statusCode,
    ).toBe(400);
    expect((await agent.post('/registrations', person, { idempotencyKey: key })).statusCode).toBe(202);
  });

  it("keys per caller: another visitor's same key is another call", async () => {
    const key = randomUUID();
    const first = await createAgent(app, 901).post(
      '/password-resets',
      { identifier: 'ana@correo.example' },
      { idempotencyKey: key },
    );
    const other = await createAgent(app, 901).post(
      '/password-resets',
      { identifier: 'ana@correo.example' },
      { idempotencyKey: key },
    );
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    expect(other.json().resetId).not.toBe(first.json().resetId);
  });

  it('forgets an answer after 24 h', async () => {
    const agent = createAgent(app, 901);
    const key = randomUUID();
    const first = await agent.post('/password-resets', { identifier: 'ana@correo.example' }, { idempotencyKey: key });
    clock.advance(IDEMPOTENCY_TTL_MS + 1000);
    const later = await agent.post('/password-resets', { identifier: 'ana@correo.example' }, { idempotencyKey: key });
    expect(later.statusCode).toBe(202);
    expect(later.json().resetId).not.toBe(first.json().resetId);
  });

  it('keys a signed-in caller by account, and replays a profile change without a second code', async () => {
    const { agent, person, accountId } = await registerAccount(app, 902);
    const key = randomUUID();
    const change = {
      firstName: person.firstName,
      surnames: person.surnames,
      email: newPerson().email,
      phone: person.phone,
    };
    const first = await agent.patch('/me', change, { idempotencyKey: key });
    const retry = await agent.patch('/me', change, { idempotencyKey: key });
    expect(retry.json()).toEqual(first.json());
    expect(await outboxFor(app, change.email)).toHaveLength(1);
    const rows = await database.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.key, key), eq(idempotencyKeys.scope, `account:${accountId}`)));
    expect(rows).toHaveLength(1);
  });

  it('keeps no personal data of an answer for its 24 h: a registration keeps its id, a profile change nothing', async () => {
    const agent = createAgent(app, 901);
    const person = newPerson();
    const key = randomUUID();
    const first = await agent.post('/registrations', person, { idempotencyKey: key });
    const [registration] = await database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(JSON.parse(registration!.responseBody!)).toEqual({ registrationId: first.json().registrationId });

    const { agent: owner, person: ownerData } = await registerAccount(app, 901);
    const profileKey = randomUUID();
    const change = {
      firstName: 'Lucía María',
      surnames: ownerData.surnames,
      email: ownerData.email,
      phone: ownerData.phone,
    };
    const answer = await owner.patch('/me', change, { idempotencyKey: profileKey });
    expect(answer.json().account).toMatchObject({
      email: ownerData.email,
      phone: ownerData.phone,
      document: ownerData.document,
    });
    const [profile] = await database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, profileKey));
    for (const personal of [ownerData.email, ownerData.phone, ownerData.document, 'Lucía'])
      expect(profile!.responseBody).not.toContain(personal);
    // The replay reads the answer again.
    const replay = await owner.patch('/me', change, { idempotencyKey: profileKey });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(answer.json());
  });

  it('answers a replayed activation 409 account_already_active, with no session, as its cookie cannot be given again', async () => {
    const agent = createAgent(app, 901);
    const person = newPerson();
    const started = (await agent.post('/registrations', person)).json();
    const code = await latestCode(app, person.phone);
    const token = (await agent.post(`/registrations/${started.registrationId}/validate`, { code })).json()
      .activationToken;
    const body = { token, password: STRONG_PASSWORD, acceptTerms: true };
    const key = randomUUID();
    const anonymous = new Map(agent.cookies);

    const first = await agent.post('/activations', body, { idempotencyKey: key });
    expect(first.statusCode).toBe(200);
    // The answer, and the cookie it set, were lost on the way: the retry carries the old cookies.
    agent.cookies.clear();
    for (const [name, value] of anonymous) agent.cookies.set(name, value);
    const retry = await agent.post('/activations', body, { idempotencyKey: key });
    expect(retry.statusCode).toBe(409);
    expect(retry.json()).toMatchObject({
      code: 'account_already_active',
      detail: 'Tu cuenta ya está activada. Entra con tu contraseña.',
    });
    expect(retry.cookies.find((cookie) => cookie.name === SESSION_COOKIE)).toBeUndefined();
    expect((await agent.get('/session')).statusCode).toBe(401);

    const [stored] = await database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    for (const personal of [person.email, person.phone, person.document, person.firstName])
      expect(stored!.responseBody).not.toContain(personal);
  });
});
