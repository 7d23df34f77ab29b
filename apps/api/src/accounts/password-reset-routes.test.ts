import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { useTestServer } from '../test/test-server.ts';
import { sessions } from '../sessions/sessions.schema.ts';
import {
  CODE_CHECKS,
  CODE_MAX_ATTEMPTS,
  CODE_REQUESTS,
  CODE_RESEND_AFTER_MS,
  CODE_RESENDS,
  CODE_SENDS,
  CODE_TTL_MS,
  RESET_REQUESTS_PER_IP,
} from '../security/limits.ts';
import {
  latestCode,
  newPerson,
  outboxFor,
  registerAccount,
  testClock,
  type RegisteredAccount,
} from '../test/accounts.ts';
import { createAgent } from '../test/test-agent.ts';

let database: Database;
let app: FastifyInstance;
const clock = testClock();
const NEW_PASSWORD = 'Faro-de-levante-2024';

useTestServer((server) => ({ database, app } = server), { clock: clock.now });

async function requestReset(clientId: number, identifier: string) {
  const agent = createAgent(app, clientId);
  const response = await agent.post('/password-resets', { identifier });
  return { agent, response };
}

describe('asking for a reset', () => {
  let account: RegisteredAccount;
  beforeAll(async () => {
    account = await registerAccount(app, 901);
  });

  it('answers the same status and keys, with no destination, for a known and an unknown account', async () => {
    const known = await requestReset(901, account.person.email);
    const unknown = await requestReset(901, 'nadie@correo.example');
    expect(known.response.statusCode).toBe(202);
    expect(unknown.response.statusCode).toBe(202);
    const [knownBody, unknownBody] = [known.response.json(), unknown.response.json()];
    expect(Object.keys(knownBody).sort()).toEqual(['channel', 'expiresAt', 'resendAvailableAt', 'resetId']);
    expect(Object.keys(unknownBody).sort()).toEqual(Object.keys(knownBody).sort());
    expect(unknownBody).toEqual({ ...knownBody, resetId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(unknownBody.resetId).not.toBe(knownBody.resetId);
  });

  it('sends the code by SMS on 901 and by e-mail on 902; nothing for an unknown account', async () => {
    const before = (await outboxFor(app)).length;
    await requestReset(901, 'nadie.tampoco@correo.example');
    expect((await outboxFor(app)).length).toBe(before);

    await requestReset(901, account.person.document);
    const [sms] = await outboxFor(app, account.person.phone);
    expect(sms!.text).toBe(
      `Marina de Pruebas SMS: tu código para cambiar la contraseña es ${sms!.code}. Caduca en 10 minutos.`,
    );

    const other = await registerAccount(app, 902);
    const { response } = await requestReset(902, other.person.email);
    expect(response.json().channel).toBe('email');
    const [mail] = await outboxFor(app, other.person.email);
    expect(mail).toMatchObject({
      channel: 'email',
      subject: 'Marina de Pruebas Correo: código para cambiar tu contraseña',
    });
  });

  it('lets a decoy be resent and checked like a real one, never succeeding', async () => {
    const { agent, response } = await requestReset(901, 'fantasma@correo.example');
    const { resetId } = response.json();
    expect((await agent.post(`/password-resets/${resetId}/resend`)).statusCode).toBe(429);
    clock.advance(CODE_RESEND_AFTER_MS);
    const resent = await agent.post(`/password-resets/${resetId}/resend`);
    expect(resent.statusCode).toBe(202);
    expect(Object.keys(resent.json()).sort()).toEqual(['channel', 'expiresAt', 'resendAvailableAt']);
    const attempt = await agent.post(`/password-resets/${resetId}/complete`, {
      code: '123456',
      password: NEW_PASSWORD,
    });
    expect(attempt.statusCode).toBe(422);
    expect(attempt.json()).toMatchObject({ code: 'code_invalid' });
  });

  it(`refuses more than ${RESET_REQUESTS_PER_IP.max} requests an hour from one address`, async () => {
    const ip = '192.0.2.44';
    for (let i = 0; i < RESET_REQUESTS_PER_IP.max; i++) {
      expect(
        (await createAgent(app, 901, { ip }).post('/password-resets', { identifier: `p${i}@correo.example` }))
          .statusCode,
      ).toBe(202);
    }
    const held = await createAgent(app, 901, { ip }).post('/password-resets', { identifier: 'otra@correo.example' });
    expect(held.statusCode).toBe(429);
    expect(held.headers['retry-after']).toBeDefined();
  });
});

describe('completing a reset', () => {
  it('sets the new password, ends every session, tells the person and leaves a security notification', async () => {
    const account = await registerAccount(app, 901);
    const laptop = createAgent(app, 901);
    await laptop.post('/session', { identifier: account.person.email, password: account.password });
    const { agent, response } = await requestReset(901, account.person.email);
    const code = await latestCode(app, account.person.phone);
    const done = await agent.post(`/password-resets/${response.json().resetId}/complete`, {
      code,
      password: NEW_PASSWORD,
    });
    expect(done.statusCode).toBe(204);
    expect(await database.db.select().from(sessions).where(eq(sessions.accountId, account.accountId))).toEqual([]);
    expect((await account.agent.get('/session')).statusCode).toBe(401);
    expect((await laptop.get('/session')).statusCode).toBe(401);
    const [notice] = await outboxFor(app, account.person.email);
    expect(notice).toMatchObject({ subject: 'Marina de Pruebas SMS: tu contraseña ha cambiado', code: null });

    expect(
      (await laptop.post('/session', { identifier: account.person.email, password: NEW_PASSWORD })).statusCode,
    ).toBe(200);
    const list = (await laptop.get('/notifications')).json();
    expect(list.items[0]).toMatchObject({ type: 'security', title: 'Tu contraseña ha cambiado' });
  });

  it('refuses a common password without spending a try', async () => {
    const account = await registerAccount(app, 901);
    const { agent, response } = await requestReset(901, account.person.email);
    const code = await latestCode(app, account.person.phone);
    const common = await agent.post(`/password-resets/${response.json().resetId}/complete`, {
      code,
      password: 'iloveyou',
    });
    expect(common.statusCode).toBe(422);
    expect(common.json()).toMatchObject({ code: 'password_too_common', errors: [{ field: 'password' }] });
    expect(
      (await agent.post(`/password-resets/${response.json().resetId}/complete`, { code, password: NEW_PASSWORD }))
        .statusCode,
    ).toBe(204);
  });

  it('answers wrong, expired and exhausted codes like registration does', async () => {
    const account = await registerAccount(app, 901);
    const { agent, response } = await requestReset(901, account.person.email);
    const { resetId } = response.json();
    const code = await latestCode(app, account.person.phone);
    const wrongCode = code === '000000' ? '111111' : '000000';
    expect(
      (await agent.post(`/password-resets/${resetId}/complete`, { code: wrongCode, password: NEW_PASSWORD }))
        .statusCode,
    ).toBe(422);
    clock.advance(CODE_TTL_MS + 1);
    const expired = await agent.post(`/password-resets/${resetId}/complete`, { code, password: NEW_PASSWORD });
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toMatchObject({ code: 'code_expired' });
  });

  it('treats a resetId of 901 as unknown on 903', async () => {
    const account = await registerAccount(app, 901);
    const { response } = await requestReset(901, account.person.email);
    const code = await latestCode(app, account.person.phone);
    const on903 = createAgent(app, 903);
    const { resetId } = response.json();
    expect(
      (await on903.post(`/password-resets/${resetId}/complete`, { code, password: NEW_PASSWORD })).statusCode,
    ).toBe(404);
    expect((await on903.post(`/password-resets/${resetId}/resend`)).statusCode).toBe(404);
    expect((await on903.post(`/password-resets/${randomUUID()}/resend`)).statusCode).toBe(404);
  });
});

describe('code throttling', () => {
  const resetCodes = async (destination: string) =>
    (await outboxFor(app, destination)).filter(
      (entry) => entry.code !== null && entry.text.includes('cambiar la contraseña'),
    );

  it(`gives one reset at most ${CODE_RESENDS.max} new codes an hour, then 429 with Retry-After`, async () => {
    const account = await registerAccount(app, 902);
    const { agent, response } = await requestReset(902, account.person.email);
    const { resetId } = response.json();
    const statuses = [];
    for (let i = 0; i <= CODE_RESENDS.max; i++) {
      clock.advance(CODE_RESEND_AFTER_MS);
      statuses.push((await agent.post(`/password-resets/${resetId}/resend`)).statusCode);
    }
    expect(statuses).toEqual([...Array<number>(CODE_RESENDS.max).fill(202), 429]);
    const held = await agent.post(`/password-resets/${resetId}/resend`);
    expect(held.json()).toMatchObject({ code: 'rate_limited' });
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(0);
    expect(await resetCodes(account.person.email)).toHaveLength(1 + CODE_RESENDS.max);
  });

  it(`sends at most ${CODE_SENDS.max} reset codes an hour to one phone, answering as if it had`, async () => {
    const account = await registerAccount(app, 901);
    const first = await requestReset(901, account.person.email);
    for (let i = 0; i < CODE_RESENDS.max; i++) {
      clock.advance(CODE_RESEND_AFTER_MS);
      expect((await first.agent.post(`/password-resets/${first.response.json().resetId}/resend`)).statusCode).toBe(202);
    }
    expect(await resetCodes(account.person.phone)).toHaveLength(CODE_SENDS.max);
    // Asked by the document, which no counter links to the e-mail: answered as ever, but nothing more is sent.
    const byDocument = await requestReset(901, account.person.document);
    const unknown = await requestReset(901, 'otro.fantasma@correo.example');
    expect(byDocument.response.statusCode).toBe(202);
    expect(Object.keys(byDocument.response.json()).sort()).toEqual(Object.keys(unknown.response.json()).sort());
    expect(await resetCodes(account.person.phone)).toHaveLength(CODE_SENDS.max);
  });

  it("does not tell, through the phone's registrations, whose phone it is", async () => {
    const account = await registerAccount(app, 901);
    const phone = account.person.phone;
    // Someone else fills the registrations to that phone: the first went to the account's own registration.
    for (let i = 1; i < CODE_REQUESTS.max; i++)
      expect((await createAgent(app, 901).post('/registrations', newPerson({ phone }))).statusCode).toBe(202);
    expect((await createAgent(app, 901).post('/registrations', newPerson({ phone }))).statusCode).toBe(429);

    const known = await requestReset(901, account.person.email);
    const unknown = await requestReset(901, 'nadie.nunca@correo.example');
    expect(known.response.statusCode).toBe(202);
    expect(unknown.response.statusCode).toBe(202);
    expect(Object.keys(known.response.json()).sort()).toEqual(Object.keys(unknown.response.json()).sort());
    // And the owner's reset is not blocked: the code reaches the phone.
    expect(await resetCodes(phone)).toHaveLength(1);
  });

  it('answers an exhausted code with Retry-After until a new one may be asked for', async () => {
    const account = await registerAccount(app, 901);
    const { agent, response } = await requestReset(901, account.person.email);
    const { resetId } = response.json();
    const code = await latestCode(app, account.person.phone);
    const wrongCode = code === '000000' ? '111111' : '000000';
    clock.advance(15_000);
    const answers = [];
    for (let i = 0; i < CODE_MAX_ATTEMPTS; i++)
      answers.push(
        await agent.post(`/password-resets/${resetId}/complete`, { code: wrongCode, password: NEW_PASSWORD }),
      );
    const last = answers.at(-1)!;
    expect(last.statusCode).toBe(429);
    expect(last.json()).toMatchObject({ code: 'code_attempts_exceeded' });
    expect(last.headers['retry-after']).toBe(String((CODE_RESEND_AFTER_MS - 15_000) / 1000));
    clock.advance(20_000);
    const after = await agent.post(`/password-resets/${resetId}/complete`, { code, password: NEW_PASSWORD });
    expect(after.json()).toMatchObject({ code: 'code_attempts_exceeded' });
    expect(after.headers['retry-after']).toBe(String((CODE_RESEND_AFTER_MS - 35_000) / 1000));
    // Once a new code may be asked for, Retry-After says so at once.
    clock.advance(CODE_RESEND_AFTER_MS);
    expect(
      (await agent.post(`/password-resets/${resetId}/complete`, { code, password: NEW_PASSWORD })).headers[
        'retry-after'
      ],
    ).toBe('1');
    expect((await agent.post(`/password-resets/${resetId}/resend`)).statusCode).toBe(202);
  });

  it('refuses an account more than 10 wrong codes an hour across codes', async () => {
    const account = await registerAccount(app, 901);
    const agent = createAgent(app, 901);
    const statuses: number[] = [];
    let resetId = '';
    for (let i = 0; i < 11; i++) {
      if (i % 4 === 0) {
        clock.advance(CODE_RESEND_AFTER_MS);
        resetId = (await agent.post('/password-resets', { identifier: account.person.email })).json().resetId;
      }
      const code = await latestCode(app, account.person.phone);
      const wrongCode = code === '000000' ? '111111' : '000000';
      statuses.push(
        (await agent.post(`/password-resets/${resetId}/complete`, { code: wrongCode, password: NEW_PASSWORD }))
          .statusCode,
      );
    }
    expect(statuses.slice(0, 10).every((status) => status === 422)).toBe(true);
    expect(statuses[10]).toBe(429);
    const code = await latestCode(app, account.person.phone);
    const held = await agent.post(`/password-resets/${resetId}/complete`, { code, password: NEW_PASSWORD });
    expect(held.statusCode).toBe(429);
    expect(held.json()).toMatchObject({ code: 'rate_limited' });
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('does not tell, through the wrong-code counter, that an e-mail and a document name one account', async () => {
    const account = await registerAccount(app, 901);
    const agent = createAgent(app, 901);
    // Ten wrong codes through resets asked for by the account's e-mail: that counter is full…
    for (let reset = 0; reset < CODE_CHECKS.max / CODE_MAX_ATTEMPTS; reset++) {
      const { resetId } = (await agent.post('/password-resets', { identifier: account.person.email })).json();
      const code = await latestCode(app, account.person.phone);
      const wrongCode = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < CODE_MAX_ATTEMPTS; i++)
        await agent.post(`/password-resets/${resetId}/complete`, { code: wrongCode, password: NEW_PASSWORD });
    }
    const byEmail = (await agent.post('/password-resets', { identifier: account.person.email })).json().resetId;
    const heldByEmail = await agent.post(`/password-resets/${byEmail}/complete`, {
      code: '123456',
      password: NEW_PASSWORD,
    });
    expect(heldByEmail.json()).toMatchObject({ code: 'rate_limited' });

    // …and a reset asked for by its document answers a wrong code as one for someone else's document would.
    const answers = [];
    for (const identifier of [account.person.document, newPerson().document]) {
      const { resetId } = (await agent.post('/password-resets', { identifier })).json();
      const wrongCode = (await latestCode(app, account.person.phone)) === '999999' ? '888888' : '999999';
      answers.push(
        await agent.post(`/password-resets/${resetId}/complete`, { code: wrongCode, password: NEW_PASSWORD }),
      );
    }
    const [known, unknown] = answers;
    expect(known!.statusCode).toBe(unknown!.statusCode);
    expect(known!.json()).toEqual(unknown!.json());
    expect(known!.json()).toMatchObject({ code: 'code_invalid' });
  });
});
