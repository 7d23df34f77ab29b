import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { accounts, activationTokens } from './accounts.schema.ts';
import { DEMO_ACCOUNT } from '../db/seed.ts';
import { ACTIVATION_TOKEN_TTL_MS, CODE_RESEND_AFTER_MS, CODE_TTL_MS } from '../security/limits.ts';
import {
  confirmEmail,
  latestCode,
  latestLink,
  newPerson,
  outboxFor,
  registerAccount,
  STRONG_PASSWORD,
  testClock,
} from '../test/accounts.ts';
import { createAgent, type Agent } from '../test/test-agent.ts';
import { PROBLEM_JSON, useTestServer } from '../test/test-server.ts';

let database: Database;
let app: FastifyInstance;
const clock = testClock();

const APP_ORIGIN = 'https://app.portblau.example';

useTestServer((server) => ({ database, app } = server), { clock: clock.now, config: { appOrigin: APP_ORIGIN } });

const wrong = (code: string) => (code === '000000' ? '111111' : '000000');

async function accountByEmail(clientId: number, email: string) {
  const [row] = await database.db
    .select()
    .from(accounts)
    .where(and(eq(accounts.clientId, clientId), eq(accounts.email, email)));
  return row;
}

async function startRegistration(clientId: number, person = newPerson()) {
  const agent = createAgent(app, clientId);
  const response = await agent.post('/registrations', person);
  expect(response.statusCode, response.body).toBe(202);
  return { agent, person, response, started: response.json() };
}

describe('the whole journey', () => {
  it('register → code by SMS → validate → activate → session → sign out → sign in → reset → sign in with the new password', async () => {
    const person = newPerson();
    const agent = createAgent(app, 901);

    const started = await agent.post('/registrations', person);
    expect(started.statusCode).toBe(202);
    const body = started.json();
    expect(body).toEqual({
      registrationId: expect.any(String),
      channel: 'sms',
      destination: expect.stringMatching(/^\+34 7•• ••• •\d\d$/),
      expiresAt: new Date(clock.now().getTime() + CODE_TTL_MS).toISOString(),
      resendAvailableAt: new Date(clock.now().getTime() + CODE_RESEND_AFTER_MS).toISOString(),
    });
    expect((await accountByEmail(901, person.email))?.status).toBe('registered');

    const [sms] = await outboxFor(app, person.phone);
    expect(sms).toMatchObject({ clientId: 901, channel: 'sms', subject: null, code: expect.stringMatching(/^\d{6}$/) });
    expect(sms!.text).toBe(`Marina de Pruebas SMS: tu código de verificación es ${sms!.code}. Caduca en 10 minutos.`);

    const validated = await agent.post(`/registrations/${body.registrationId}/validate`, { code: sms!.code });
    expect(validated.statusCode).toBe(200);
    const { activationToken } = validated.json();
    expect(activationToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await accountByEmail(901, person.email))?.status).toBe('validated');
    const [link] = await outboxFor(app, person.email);
    expect(link).toMatchObject({ channel: 'email', subject: 'Marina de Pruebas SMS: activa tu cuenta' });
    expect(link!.text).toContain(`${APP_ORIGIN}/activar?token=${activationToken}`);

    const info = await agent.get(`/activations/${activationToken}`);
    expect(info.statusCode).toBe(200);
    expect(info.json()).toEqual({ firstName: 'Lucía', email: expect.stringMatching(/^l•••@correo\.example$/) });

    const activated = await agent.post('/activations', {
      token: activationToken,
      password: STRONG_PASSWORD,
      acceptTerms: true,
    });
    expect(activated.statusCode).toBe(200);
    expect(activated.json()).toEqual({
      account: {
        id: expect.any(String),
        firstName: 'Lucía',
        surnames: 'García Pons',
        email: person.email,
        phone: person.phone,
        document: person.document,
        status: 'active',
        dataValidatedAt: null,
        dataValidationDue: true,
        // The code went to the phone: nothing has proven the e-mail yet.
        emailVerified: false,
      },
      unreadNotifications: 1,
    });

    const session = await agent.get('/session');
    expect(session.statusCode).toBe(200);
    expect(session.json().account.email).toBe(person.email);
    const notifications = (await agent.get('/notifications')).json();
    expect(notifications.items).toEqual([
      expect.objectContaining({
        type: 'welcome',
        title: 'Te damos la bienvenida a Marina de Pruebas SMS',
        link: '/inicio',
        read: false,
      }),
    ]);

    expect((await agent.delete('/session')).statusCode).toBe(204);
    expect((await agent.get('/session')).statusCode).toBe(401);

    const signedIn = await agent.post('/session', {
      identifier: person.document.toLowerCase(),
      password: STRONG_PASSWORD,
    });
    expect(signedIn.statusCode).toBe(200);
    expect((await agent.get('/session')).statusCode).toBe(200);

    // A link sent to the e-mail after activation proves it, so that it may recover the account.
    expect(await latestLink(app, person.email)).toMatch(
      new RegExp(`^${APP_ORIGIN}/micuenta\\?confirmar-email=[A-Za-z0-9_-]{43}$`),
    );
    const confirmed = await confirmEmail(agent, app, person.email);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ email: person.email, emailVerified: true });

    const reset = await agent.post('/password-resets', { identifier: person.email.toUpperCase() });
    expect(reset.statusCode).toBe(202);
    const resetCode = await latestCode(app, person.phone);
    const newPassword = 'Otra-marea-mas-alta-7';
    expect(
      (
        await agent.post(`/password-resets/${reset.json().resetId}/complete`, {
          code: resetCode,
          password: newPassword,
        })
      ).statusCode,
    ).toBe(204);
    // Every session ended, this one included.
    expect((await agent.get('/session')).statusCode).toBe(401);
    expect((await agent.post('/session', { identifier: person.email, password: STRONG_PASSWORD })).statusCode).toBe(
      401,
    );
    const again = await agent.post('/session', { identifier: person.email, password: newPassword });
    expect(again.statusCode).toBe(200);
  });

  it('sends the code by SMS for client 903 too', async () => {
    const { person, started } = await startRegistration(903);
    expect(started.channel).toBe('sms');
    const [sms] = await outboxFor(app, person.phone);
    expect(sms).toMatchObject({ clientId: 903, channel: 'sms' });
    expect(sms!.text).toMatch(
      /^Marina Vecina de Pruebas: tu código de verificación es \d{6}\. Caduca en 10 minutos\.$/,
    );
  });

  it('sends the code by e-mail for an e-mail-only marina (902)', async () => {
    const { person, started } = await startRegistration(902);
    expect(started).toMatchObject({ channel: 'email', destination: 'l•••@correo.example' });
    const [mail] = await outboxFor(app, person.email);
    expect(mail).toMatchObject({
      clientId: 902,
      channel: 'email',
      subject: 'Marina de Pruebas Correo: tu código de verificación',
    });
    expect(mail!.text).toContain(mail!.code!);
    expect(await outboxFor(app, person.phone)).toEqual([]);
  });

  it('normalises what the form sends with the shared rules', async () => {
    const person = newPerson();
    const typed = {
      ...person,
      document: `${person.document.slice(0, 2)}.${person.document.slice(2, 8)}-${person.document.slice(8).toLowerCase()}`,
      email: ` ${person.email.toUpperCase()} `,
      phone: person.phone.replace('+34', '').replace(/(\d{3})(\d{3})(\d{3})/, '$1 $2 $3'),
    };
    await startRegistration(901, typed);
    const row = await accountByEmail(901, person.email);
    expect(row).toMatchObject({ document: person.document, phone: person.phone, email: person.email });
  });

  it('refuses invalid data with the form rules, naming every field in Spanish', async () => {
    const agent = createAgent(app, 901);
    const response = await agent.post('/registrations', {
      firstName: '',
      document: '12345678A',
      email: 'no-es-correo',
      phone: '912345678',
      acceptPrivacy: false,
      extra: 'x',
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(PROBLEM_JSON);
    const problem = response.json();
    expect(problem.code).toBe('validation_failed');
    expect(problem.errors).toEqual(
      expect.arrayContaining([
        { field: 'firstName', code: 'invalid', message: 'Escribe tu nombre.' },
        { field: 'surnames', code: 'invalid', message: 'Escribe tus apellidos.' },
        { field: 'document', code: 'invalid', message: 'La letra no corresponde al número. Revísalo.' },
        { field: 'email', code: 'invalid', message: expect.stringContaining('correo completo') },
        { field: 'phone', code: 'invalid', message: 'Un móvil español empieza por 6 o 7.' },
        {
          field: 'acceptPrivacy',
          code: 'invalid',
          message: 'Debes aceptar la política de privacidad para registrarte.',
        },
      ]),
    );
    expect(problem.errors).toHaveLength(6);
  });

  it('refreshes an unfinished registration with the same e-mail instead of refusing it', async () => {
    const { person, started: first } = await startRegistration(901);
    const { started: second } = await startRegistration(901, { ...person, firstName: 'Lucia' });
    expect(second.registrationId).not.toBe(first.registrationId);
    expect((await accountByEmail(901, person.email))?.firstName).toBe('Lucia');
    const code = await latestCode(app, person.phone);
    const agent = createAgent(app, 901);
    // The first registrationId is over; the second one works.
    expect((await agent.post(`/registrations/${first.registrationId}/validate`, { code })).statusCode).toBe(404);
    expect((await agent.post(`/registrations/${second.registrationId}/validate`, { code })).statusCode).toBe(200);
  });
});

describe('links in messages', () => {
  it('builds them on the configured app origin, whatever Host and Origin a caller forges', async () => {
    const person = newPerson();
    // A non-browser client may send any Host, and an Origin that matches it.
    const agent = createAgent(app, 901, { origin: 'http://attacker.example' });
    const forged = { headers: { host: 'attacker.example' } };
    const started = await agent.post('/registrations', person, forged);
    expect(started.statusCode, started.body).toBe(202);
    const code = await latestCode(app, person.phone);
    const validated = await agent.post(`/registrations/${started.json().registrationId}/validate`, { code }, forged);
    expect(validated.statusCode, validated.body).toBe(200);
    const token = validated.json().activationToken;
    const [mail] = await outboxFor(app, person.email);
    expect(mail!.link).toBe(`${APP_ORIGIN}/activar?token=${token}`);
    expect(mail!.text).toContain(mail!.link);
    expect(mail!.text).not.toContain('attacker.example');

    expect(
      (await agent.post('/activations', { token, password: STRONG_PASSWORD, acceptTerms: true }, forged)).statusCode,
    ).toBe(200);
    expect((await latestLink(app, person.email)).startsWith(`${APP_ORIGIN}/micuenta?confirmar-email=`)).toBe(true);
  });
});

describe('unfinished registrations', () => {
  it("leave someone else's registration in progress intact, answering exactly as usual", async () => {
    const { person: owner, started: ownerStarted } = await startRegistration(901);
    const fresh = await startRegistration(901);
    // Her e-mail, or her document, with the squatter's own phone (where the code would go).
    for (const squatter of [newPerson({ email: owner.email }), newPerson({ document: owner.document })]) {
      const { response, started } = await startRegistration(901, squatter);
      expect(response.statusCode).toBe(fresh.response.statusCode);
      expect(response.headers['content-type']).toBe(fresh.response.headers['content-type']);
      expect(Object.keys(started).sort()).toEqual(Object.keys(fresh.started).sort());
      expect(started).toMatchObject({ channel: 'sms', destination: expect.stringMatching(/^\+34 7•• ••• •\d\d$/) });
      expect(await outboxFor(app, squatter.phone)).toEqual([]);
    }
    expect(await accountByEmail(901, owner.email)).toMatchObject({
      status: 'registered',
      firstName: owner.firstName,
      phone: owner.phone,
      document: owner.document,
    });
    const code = await latestCode(app, owner.phone);
    expect(
      (await createAgent(app, 901).post(`/registrations/${ownerStarted.registrationId}/validate`, { code })).statusCode,
    ).toBe(200);
  });

  it('do the same on an e-mail marina, where the code goes to the e-mail', async () => {
    const { person: owner } = await startRegistration(902);
    const squatter = newPerson({ document: owner.document });
    await startRegistration(902, squatter);
    expect(await outboxFor(app, squatter.email)).toEqual([]);
    expect(await accountByEmail(902, owner.email)).toMatchObject({ document: owner.document });
  });

  it('stay while their activation link lives; abandoned, another person may register with the data', async () => {
    const { person: owner, started } = await startRegistration(901);
    const code = await latestCode(app, owner.phone);
    expect(
      (await createAgent(app, 901).post(`/registrations/${started.registrationId}/validate`, { code })).statusCode,
    ).toBe(200);
    const other = newPerson({ email: owner.email });
    await startRegistration(901, other);
    expect(await outboxFor(app, other.phone)).toEqual([]);
    expect((await accountByEmail(901, owner.email))?.status).toBe('validated');

    clock.advance(ACTIVATION_TOKEN_TTL_MS + 1000);
    await startRegistration(901, other);
    expect(await outboxFor(app, other.phone)).toHaveLength(1);
    const row = await accountByEmail(901, owner.email);
    expect(row).toMatchObject({ status: 'registered', phone: other.phone, document: other.document });
    expect(await database.db.select().from(activationTokens).where(eq(activationTokens.accountId, row!.id))).toEqual(
      [],
    );
  });

  it('are abandoned once their code died unused', async () => {
    const { person: owner } = await startRegistration(901);
    clock.advance(CODE_TTL_MS + 1000);
    const other = newPerson({ document: owner.document });
    await startRegistration(901, other);
    expect(await outboxFor(app, other.phone)).toHaveLength(1);
    expect(await accountByEmail(901, owner.email)).toBeUndefined();
    expect(await accountByEmail(901, other.email)).toMatchObject({ document: owner.document, phone: other.phone });
  });

  it('go to exactly one of 100 people registering one e-mail at once: one account, one code', async () => {
    const email = newPerson().email;
    const people = Array.from({ length: 100 }, () => newPerson({ email }));
    const responses = await Promise.all(people.map((person) => createAgent(app, 901).post('/registrations', person)));
    expect(responses.map((response) => response.statusCode)).toEqual(people.map(() => 202));
    const rows = await database.db
      .select()
      .from(accounts)
      .where(and(eq(accounts.clientId, 901), eq(accounts.email, email)));
    expect(rows).toHaveLength(1);
    const sent = (await Promise.all(people.map((person) => outboxFor(app, person.phone)))).flat();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.destination).toBe(rows[0]!.phone);
  });
});

describe('the e-mail', () => {
  it('is proven at validation on an e-mail marina, where the code went to it', async () => {
    const { agent, person } = await registerAccount(app, 902, newPerson(), STRONG_PASSWORD, { confirmEmail: false });
    expect((await agent.get('/me')).json()).toMatchObject({ email: person.email, emailVerified: true });
    expect((await outboxFor(app, person.email)).map((message) => message.subject)).not.toContain(
      'Marina de Pruebas Correo: confirma tu correo',
    );
  });
});

describe('codes', () => {
  async function registrationWithCode(clientId = 901) {
    const { agent, person, started } = await startRegistration(clientId);
    const code = await latestCode(app, started.channel === 'sms' ? person.phone : person.email);
    return { agent, person, id: started.registrationId as string, code };
  }

  it('refuses a wrong code with code_invalid and says how many tries are left', async () => {
    const { agent, id, code } = await registrationWithCode();
    const response = await agent.post(`/registrations/${id}/validate`, { code: wrong(code) });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      code: 'code_invalid',
      detail: 'El código no es correcto. Te quedan 4 intentos.',
      errors: [{ field: 'code', code: 'code_invalid', message: 'El código no es correcto. Te quedan 4 intentos.' }],
    });
  });

  it('refuses an expired code with code_expired', async () => {
    const { agent, id, code } = await registrationWithCode();
    clock.advance(CODE_TTL_MS + 1000);
    const response = await agent.post(`/registrations/${id}/validate`, { code });
    expect(response.statusCode).toBe(410);
    expect(response.json()).toMatchObject({ code: 'code_expired' });
  });

  it('lets the development endpoint expire the codes sent to a destination', async () => {
    const { agent, id, code, person } = await registrationWithCode();
    const expired = await app.inject({
      method: 'POST',
      url: '/api/v1/dev/expire-codes',
      payload: { destination: person.phone },
    });
    expect(expired.json()).toEqual({ expired: 1 });
    const response = await agent.post(`/registrations/${id}/validate`, { code });
    expect(response.statusCode).toBe(410);
    expect(response.json()).toMatchObject({ code: 'code_expired' });
  });

  it('kills a code after 5 wrong tries, even the right one; a resend issues a new one', async () => {
    const { agent, person, id, code } = await registrationWithCode();
    const statuses = [];
    for (let attempt = 0; attempt < 5; attempt++)
      statuses.push((await agent.post(`/registrations/${id}/validate`, { code: wrong(code) })).statusCode);
    expect(statuses).toEqual([422, 422, 422, 422, 429]);
    const dead = await agent.post(`/registrations/${id}/validate`, { code });
    expect(dead.statusCode).toBe(429);
    expect(dead.json()).toMatchObject({ code: 'code_attempts_exceeded' });

    clock.advance(CODE_RESEND_AFTER_MS);
    const resent = await agent.post(`/registrations/${id}/resend`);
    expect(resent.statusCode).toBe(202);
    const fresh = await latestCode(app, person.phone);
    expect((await agent.post(`/registrations/${id}/validate`, { code: fresh })).statusCode).toBe(200);
  });

  it('refuses a resend before 60 s with resend_too_soon and Retry-After', async () => {
    const { agent, id } = await registrationWithCode();
    clock.advance(20_000);
    const response = await agent.post(`/registrations/${id}/resend`);
    expect(response.statusCode).toBe(429);
    expect(response.json()).toMatchObject({ code: 'resend_too_soon' });
    expect(response.headers['retry-after']).toBe('40');
  });

  it('invalidates the previous code on resend', async () => {
    const { agent, person, id, code } = await registrationWithCode();
    clock.advance(CODE_RESEND_AFTER_MS);
    const resent = await agent.post(`/registrations/${id}/resend`);
    expect(resent.statusCode).toBe(202);
    expect(resent.json()).toEqual({
      channel: 'sms',
      destination: expect.stringMatching(/^\+34 7/),
      expiresAt: new Date(clock.now().getTime() + CODE_TTL_MS).toISOString(),
      resendAvailableAt: new Date(clock.now().getTime() + CODE_RESEND_AFTER_MS).toISOString(),
    });
    const fresh = await latestCode(app, person.phone);
    if (fresh !== code) expect((await agent.post(`/registrations/${id}/validate`, { code })).statusCode).toBe(422);
    expect((await agent.post(`/registrations/${id}/validate`, { code: fresh })).statusCode).toBe(200);
  });

  it('uses a code once', async () => {
    const { agent, id, code } = await registrationWithCode();
    expect((await agent.post(`/registrations/${id}/validate`, { code })).statusCode).toBe(200);
    expect((await agent.post(`/registrations/${id}/validate`, { code })).statusCode).toBe(404);
  });

  it('binds a code to its purpose: a reset id or code does not validate a registration', async () => {
    const { agent, id: registrationId, code: registrationCode } = await registrationWithCode();
    const reset = await agent.post('/password-resets', { identifier: DEMO_ACCOUNT(901).email });
    const resetId = reset.json().resetId;
    const resetCode = await latestCode(app, '+34600000901');
    expect((await agent.post(`/registrations/${resetId}/validate`, { code: resetCode })).statusCode).toBe(404);
    expect(
      (
        await agent.post(`/password-resets/${registrationId}/complete`, {
          code: registrationCode,
          password: STRONG_PASSWORD,
        })
      ).statusCode,
    ).toBe(404);
    if (resetCode !== registrationCode) {
      expect((await agent.post(`/registrations/${registrationId}/validate`, { code: resetCode })).statusCode).toBe(422);
    }
  });

  it('answers not_found for an id that is not a registration', async () => {
    const agent = createAgent(app, 901);
    expect((await agent.post(`/registrations/${randomUUID()}/validate`, { code: '123456' })).statusCode).toBe(404);
    expect((await agent.post('/registrations/not-a-uuid/resend')).statusCode).toBe(404);
  });
});

describe('no enumeration', () => {
  it('answers a registration with the e-mail of an active account exactly like a new one, sends no code and warns the holder', async () => {
    const existing = await registerAccount(app, 901);
    const fresh = await startRegistration(901);
    const twin = newPerson({ email: existing.person.email });
    const { started: decoy, response } = await startRegistration(901, twin);

    expect(response.statusCode).toBe(fresh.response.statusCode);
    expect(Object.keys(decoy).sort()).toEqual(Object.keys(fresh.started).sort());
    expect(decoy).toMatchObject({ channel: 'sms', destination: expect.stringMatching(/^\+34 7•• ••• •\d\d$/) });
    expect(decoy.registrationId).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers['content-type']).toBe(fresh.response.headers['content-type']);

    // No code to the phone typed; the holder hears of it by e-mail.
    expect(await outboxFor(app, twin.phone)).toEqual([]);
    const [warning] = await outboxFor(app, existing.person.email);
    expect(warning!.text).toContain('Alguien ha intentado registrarse con tus datos');
    expect(warning!.code).toBeNull();

    // Its id never validates: it fails like a wrong code.
    const agent = createAgent(app, 901);
    for (const code of ['000000', '123456']) {
      const attempt = await agent.post(`/registrations/${decoy.registrationId}/validate`, { code });
      expect(attempt.statusCode).toBe(422);
      expect(attempt.json()).toMatchObject({ code: 'code_invalid' });
    }
    expect((await accountByEmail(901, existing.person.email))?.status).toBe('active');
  });

  it('warns a holder only at a proven e-mail', async () => {
    const existing = await registerAccount(app, 901, newPerson(), STRONG_PASSWORD, { confirmEmail: false });
    const before = await outboxFor(app, existing.person.email);
    const { started } = await startRegistration(901, newPerson({ document: existing.person.document }));
    expect(started.channel).toBe('sms');
    expect(await outboxFor(app, existing.person.email)).toEqual(before);
  });

  it('does the same for the document of an active account', async () => {
    const existing = await registerAccount(app, 902);
    const { started } = await startRegistration(902, newPerson({ document: existing.person.document }));
    expect(started).toMatchObject({ channel: 'email', destination: 'l•••@correo.example' });
    const [warning] = await outboxFor(app, existing.person.email);
    expect(warning!.subject).toBe('Marina de Pruebas Correo: intento de registro con tus datos');
  });
});

describe('activation', () => {
  async function validatedToken(agent: Agent) {
    const person = newPerson();
    const started = (await agent.post('/registrations', person)).json();
    const code = await latestCode(app, person.phone);
    return {
      person,
      token: (await agent.post(`/registrations/${started.registrationId}/validate`, { code })).json()
        .activationToken as string,
    };
  }

  it('refuses a common password with password_too_common on the password field', async () => {
    const agent = createAgent(app, 901);
    const { token } = await validatedToken(agent);
    const response = await agent.post('/activations', { token, password: 'Password123', acceptTerms: true });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      code: 'password_too_common',
      errors: [{ field: 'password', code: 'password_too_common' }],
    });
  });

  it('stores the password as argon2id with m=19456, t=2, p=1', async () => {
    const { person } = await registerAccount(app, 901);
    const row = await accountByEmail(901, person.email);
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row!.passwordHash).not.toContain(STRONG_PASSWORD);
  });

  it('uses a link once, and answers token_invalid for an unknown, used or expired one', async () => {
    const agent = createAgent(app, 901);
    const { token } = await validatedToken(agent);
    expect((await agent.post('/activations', { token, password: STRONG_PASSWORD, acceptTerms: true })).statusCode).toBe(
      200,
    );
    for (const candidate of [token, 'x'.repeat(43), 'short']) {
      const response = await agent.get(`/activations/${candidate}`);
      expect(response.statusCode).toBe(410);
      expect(response.json()).toMatchObject({ code: 'token_invalid' });
    }
    expect((await agent.post('/activations', { token, password: STRONG_PASSWORD, acceptTerms: true })).statusCode).toBe(
      410,
    );

    const other = createAgent(app, 901);
    const { token: late } = await validatedToken(other);
    clock.advance(24 * 60 * 60 * 1000 + 1000);
    expect((await other.get(`/activations/${late}`)).statusCode).toBe(410);
  });

  it('requires accepting the terms', async () => {
    const agent = createAgent(app, 901);
    const { token } = await validatedToken(agent);
    const response = await agent.post('/activations', { token, password: STRONG_PASSWORD, acceptTerms: false });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { field: 'acceptTerms', code: 'invalid', message: expect.stringContaining('condiciones') },
    ]);
  });
});

describe('across marinas', () => {
  it('treats a registration id or activation link of 901 as unknown on 903', async () => {
    const { person, started } = await startRegistration(901);
    const code = await latestCode(app, person.phone);
    const on903 = createAgent(app, 903);
    expect((await on903.post(`/registrations/${started.registrationId}/validate`, { code })).statusCode).toBe(404);
    expect((await on903.post(`/registrations/${started.registrationId}/resend`)).statusCode).toBe(404);
    const on901 = createAgent(app, 901);
    const token = (await on901.post(`/registrations/${started.registrationId}/validate`, { code })).json()
      .activationToken;
    expect((await on903.get(`/activations/${token}`)).statusCode).toBe(410);
    expect((await on903.post('/activations', { token, password: STRONG_PASSWORD, acceptTerms: true })).statusCode).toBe(
      410,
    );
  });

  it('lets the same person register at two marinas with the same data', async () => {
    const person = newPerson();
    await registerAccount(app, 901, person);
    const second = await registerAccount(app, 903, person);
    expect(second.accountId).toBeDefined();
    expect((await accountByEmail(903, person.email))?.status).toBe('active');
  });
});
