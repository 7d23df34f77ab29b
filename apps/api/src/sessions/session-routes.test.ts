import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { passwordHasher } from '../accounts/passwords.ts';
import { SESSION_ABSOLUTE_TIMEOUT_MS, SESSION_COOKIE, SESSION_IDLE_TIMEOUT_MS, XSRF_COOKIE } from '../config.ts';
import type { Database } from '../db/database.ts';
import { accounts } from '../accounts/accounts.schema.ts';
import { sessions } from './sessions.schema.ts';
import { DEMO_ACCOUNT, demoAccountData } from '../db/seed.ts';
import {
  KNOWN_DEVICE_TTL_MS,
  SIGN_IN_PER_ADDRESS,
  SIGN_IN_PER_IDENTIFIER,
  SIGN_IN_PER_IP,
} from '../security/limits.ts';
import { latestCode, registerAccount, testClock } from '../test/accounts.ts';
import { createAgent } from '../test/test-agent.ts';
import { PROBLEM_JSON, useTestServer } from '../test/test-server.ts';
import { DEVICE_COOKIE } from './known-device.ts';
import { sessionIdHash } from './session-cookies.ts';

let database: Database;
let app: FastifyInstance;
const clock = testClock();
const demo = DEMO_ACCOUNT(901);

useTestServer((server) => ({ database, app } = server), { clock: clock.now });

async function sessionCount(sid: string | undefined) {
  return (
    await database.db
      .select()
      .from(sessions)
      .where(eq(sessions.idHash, sessionIdHash(sid!)))
  ).length;
}

async function accountSessions(clientId: number, email: string) {
  const [account] = await database.db
    .select()
    .from(accounts)
    .where(and(eq(accounts.clientId, clientId), eq(accounts.email, email)));
  return database.db.select().from(sessions).where(eq(sessions.accountId, account!.id));
}

/** An active account straight in the database, for tests that spend its failure count. */
async function activeAccount(clientId: number, email: string, password: string) {
  await database.db.insert(accounts).values({
    clientId,
    status: 'active',
    firstName: 'Joan',
    surnames: 'Serra',
    email,
    passwordHash: await passwordHasher.hash(password),
  });
  return { identifier: email, password };
}

describe('POST /api/v1/session', () => {
  it('signs in with e-mail, in any case, and sets the session cookies', async () => {
    const agent = createAgent(app, 901);
    const response = await agent.post('/session', {
      identifier: ` ${demo.email.toUpperCase()} `,
      password: demo.password,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      account: {
        email: demo.email,
        firstName: 'Elena',
        surnames: 'Navarro Vidal',
        status: 'active',
        dataValidationDue: false,
      },
      unreadNotifications: 0,
    });
    const sid = response.cookies.find((cookie) => cookie.name === SESSION_COOKIE)!;
    expect(sid).toMatchObject({
      path: '/',
      httpOnly: true,
      secure: true,
      sameSite: 'Lax',
      maxAge: SESSION_ABSOLUTE_TIMEOUT_MS / 1000,
    });
    const xsrf = response.cookies.find((cookie) => cookie.name === XSRF_COOKIE)!;
    expect(xsrf).toMatchObject({ path: '/', secure: true, sameSite: 'Lax' });
    expect(xsrf.httpOnly).toBeFalsy();
    expect(await sessionCount(sid.value)).toBe(1);
  });

  it('signs in with the document, typed with separators', async () => {
    const { document } = demoAccountData({ id: 901, title: 'Marina de Pruebas SMS' });
    const typed = `${document.slice(0, 2)}.${document.slice(2, 5)}.${document.slice(5, 8)}-${document.slice(8).toLowerCase()}`;
    expect(
      (await createAgent(app, 901).post('/session', { identifier: typed, password: demo.password })).statusCode,
    ).toBe(200);
  });

  it('answers the same invalid_credentials for an unknown account and a wrong password', async () => {
    const unknown = await createAgent(app, 901).post('/session', {
      identifier: 'nadie@correo.example',
      password: demo.password,
    });
    const wrongPassword = await createAgent(app, 901).post('/session', {
      identifier: demo.email,
      password: 'not-the-password',
    });
    for (const response of [unknown, wrongPassword]) {
      expect(response.statusCode).toBe(401);
      expect(response.headers['content-type']).toMatch(PROBLEM_JSON);
    }
    expect(unknown.json()).toEqual(wrongPassword.json());
    expect(unknown.json()).toMatchObject({ code: 'invalid_credentials' });
  });

  it('spends one argon2 verification on an unknown account, as on a known one', async () => {
    const verify = vi.spyOn(passwordHasher, 'verify');
    try {
      await createAgent(app, 901).post('/session', {
        identifier: 'nadie.mas@correo.example',
        password: 'Cualquier-cosa-1',
      });
      expect(verify).toHaveBeenCalledTimes(1);
      verify.mockClear();
      await createAgent(app, 901).post('/session', { identifier: demo.email, password: 'Cualquier-cosa-1' });
      expect(verify).toHaveBeenCalledTimes(1);
    } finally {
      verify.mockRestore();
    }
  });

  it('refuses a suspended account with the right password with account_not_active', async () => {
    const email = 'demo@client903.example';
    await database.db.update(accounts).set({ status: 'suspended' }).where(eq(accounts.email, email));
    try {
      const response = await createAgent(app, 903).post('/session', {
        identifier: email,
        password: DEMO_ACCOUNT(903).password,
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'account_not_active' });
      // A wrong password still says nothing about the account's state.
      expect(
        (await createAgent(app, 903).post('/session', { identifier: email, password: 'otra-cosa-123' })).statusCode,
      ).toBe(401);
    } finally {
      await database.db.update(accounts).set({ status: 'active' }).where(eq(accounts.email, email));
    }
  });

  it('gives a new session id at every sign-in and deletes the one before', async () => {
    const agent = createAgent(app, 901);
    await agent.post('/session', { identifier: demo.email, password: demo.password });
    const first = agent.sid();
    await agent.post('/session', { identifier: demo.email, password: demo.password });
    expect(agent.sid()).not.toBe(first);
    expect(await sessionCount(first)).toBe(0);
    expect(await sessionCount(agent.sid())).toBe(1);
  });

  it('refuses an account of 901 on marina 903, and its cookie there', async () => {
    const on903 = createAgent(app, 903);
    expect((await on903.post('/session', { identifier: demo.email, password: demo.password })).statusCode).toBe(401);
    const on901 = createAgent(app, 901);
    await on901.post('/session', { identifier: demo.email, password: demo.password });
    const cookie = `${SESSION_COOKIE}=${on901.sid()}`;
    const there = await app.inject({
      method: 'GET',
      url: '/api/v1/session',
      headers: { 'x-client-id': '903', cookie },
    });
    expect(there.statusCode).toBe(401);
    const me = await app.inject({ method: 'GET', url: '/api/v1/me', headers: { 'x-client-id': '903', cookie } });
    expect(me.statusCode).toBe(401);
  });

  it('validates the body with the shared rules', async () => {
    const response = await createAgent(app, 901).post('/session', { identifier: '', password: '' });
    expect(response.statusCode).toBe(400);
    expect(
      response
        .json()
        .errors.map((error: { field: string }) => error.field)
        .sort(),
    ).toEqual(['identifier', 'password']);
  });
});

describe('session lifetime', () => {
  it('ends a session idle for more than 2 h and one older than 30 days', async () => {
    const agent = createAgent(app, 901);
    await agent.post('/session', { identifier: demo.email, password: demo.password });
    clock.advance(SESSION_IDLE_TIMEOUT_MS - 60_000);
    expect((await agent.get('/session')).statusCode).toBe(200);
    clock.advance(SESSION_IDLE_TIMEOUT_MS + 1000);
    expect((await agent.get('/session')).statusCode).toBe(401);

    const busy = createAgent(app, 901);
    await busy.post('/session', { identifier: demo.email, password: demo.password });
    // In use every hour for 30 days: the absolute limit still ends it.
    await database.db
      .update(sessions)
      .set({ expiresAt: new Date(clock.now().getTime() + 1000) })
      .where(eq(sessions.idHash, sessionIdHash(busy.sid()!)));
    expect((await busy.get('/session')).statusCode).toBe(200);
    clock.advance(2000);
    expect((await busy.get('/session')).statusCode).toBe(401);
  });
});

describe('DELETE /api/v1/session and POST /api/v1/session/revoke-all', () => {
  it('signs out: deletes the session row and replaces the cookies with anonymous ones', async () => {
    const agent = createAgent(app, 901);
    await agent.post('/session', { identifier: demo.email, password: demo.password });
    const signedIn = agent.sid();
    const xsrf = agent.xsrf();
    const response = await agent.delete('/session');
    expect(response.statusCode).toBe(204);
    expect(await sessionCount(signedIn)).toBe(0);
    expect(agent.sid()).not.toBe(signedIn);
    expect(agent.xsrf()).not.toBe(xsrf);
    expect(response.cookies.find((cookie) => cookie.name === SESSION_COOKIE)?.maxAge).toBeUndefined();
    expect((await agent.get('/session')).statusCode).toBe(401);
    // The new anonymous token works at once.
    expect((await agent.post('/session', { identifier: demo.email, password: demo.password })).statusCode).toBe(200);
  });

  it('signs out everywhere', async () => {
    const email = 'demo@client902.example';
    const phone = createAgent(app, 902);
    const laptop = createAgent(app, 902);
    for (const agent of [phone, laptop])
      await agent.post('/session', { identifier: email, password: DEMO_ACCOUNT(902).password });
    expect((await accountSessions(902, email)).length).toBe(2);
    expect((await phone.post('/session/revoke-all')).statusCode).toBe(204);
    expect(await accountSessions(902, email)).toEqual([]);
    expect((await phone.get('/session')).statusCode).toBe(401);
    expect((await laptop.get('/session')).statusCode).toBe(401);
  });

  it('refuses revoke-all without a session', async () => {
    expect((await createAgent(app, 901).post('/session/revoke-all')).statusCode).toBe(401);
  });
});

describe('sign-in throttling', () => {
  it('delays an identifier from one address after 5 failures: 1 s, then 2 s…, with Retry-After, never locking it', async () => {
    const { identifier, password } = await activeAccount(903, 'joan.serra@correo.example', 'Bajamar-de-invierno-3');
    const ip = '198.51.100.31';
    const attempt = (pw: string) => createAgent(app, 903, { ip }).post('/session', { identifier, password: pw });
    for (let failure = 0; failure < 5; failure++) expect((await attempt('mal-mal-mal')).statusCode).toBe(401);
    const held = await attempt(password);
    expect(held.statusCode).toBe(429);
    expect(held.json()).toMatchObject({ code: 'rate_limited' });
    expect(held.headers['retry-after']).toBe('1');

    clock.advance(1000);
    expect((await attempt('mal-mal-mal')).statusCode).toBe(401);
    expect((await attempt(password)).headers['retry-after']).toBe('2');
    clock.advance(2000);
    // The right password gets in once the delay has passed, and clears the count.
    expect((await attempt(password)).statusCode).toBe(200);
    expect((await attempt('mal-mal-mal')).statusCode).toBe(401);
    expect((await attempt(password)).statusCode).toBe(200);
  });

  it('throttles unknown identifiers the same way', async () => {
    const ip = '198.51.100.32';
    const attempt = () =>
      createAgent(app, 901, { ip }).post('/session', {
        identifier: 'fantasma@correo.example',
        password: 'lo-que-sea-1',
      });
    for (let failure = 0; failure < 5; failure++) expect((await attempt()).statusCode).toBe(401);
    const held = await attempt();
    expect(held.statusCode).toBe(429);
    expect(held.headers['retry-after']).toBe('1');
  });

  it(`refuses an address after ${SIGN_IN_PER_IP.max} failures in 15 minutes`, async () => {
    const ip = '198.51.100.7';
    for (let failure = 0; failure < SIGN_IN_PER_IP.max; failure++) {
      const response = await createAgent(app, 901, { ip }).post('/session', {
        identifier: `persona${failure}@correo.example`,
        password: 'lo-que-sea-1',
      });
      expect(response.statusCode).toBe(401);
    }
    const held = await createAgent(app, 901, { ip }).post('/session', {
      identifier: demo.email,
      password: demo.password,
    });
    expect(held.statusCode).toBe(429);
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(held.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    // Another address is not affected.
    expect(
      (await createAgent(app, 901).post('/session', { identifier: demo.email, password: demo.password })).statusCode,
    ).toBe(200);
  });

  it("does not link an account's identifiers: failures with its e-mail leave its document alone", async () => {
    const { person } = await registerAccount(app, 901);
    const ip = '198.51.100.33';
    const attempt = (identifier: string) =>
      createAgent(app, 901, { ip }).post('/session', { identifier, password: 'mal-mal-mal' });
    for (let failure = 0; failure < 5; failure++) expect((await attempt(person.email)).statusCode).toBe(401);
    expect((await attempt(person.email)).statusCode).toBe(429);
    // Answered like any other identifier would be: nothing tells that both name one account.
    expect((await attempt(person.document)).statusCode).toBe(401);
  });
});

describe('an attacker cannot keep the owner out', () => {
  const attacker = '203.0.113.66';

  it('a burst of wrong passwords from one address slows that address, not the owner at another', async () => {
    const { person, password } = await registerAccount(app, 901);
    const guesses = await Promise.all(
      Array.from({ length: 20 }, () =>
        createAgent(app, 901, { ip: attacker }).post('/session', {
          identifier: person.email,
          password: 'adivina-adivina',
        }),
      ),
    );
    expect(guesses.filter((response) => response.statusCode === 401)).toHaveLength(SIGN_IN_PER_ADDRESS.free);

    const owner = createAgent(app, 901, { ip: '192.0.2.10' });
    expect((await owner.post('/session', { identifier: person.email, password })).statusCode).toBe(200);

    // The attacker stays slowed, the right password included, and every further failure doubles the wait.
    const again = await createAgent(app, 901, { ip: attacker }).post('/session', {
      identifier: person.email,
      password,
    });
    expect(again.statusCode).toBe(429);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
  });

  it(`past ${SIGN_IN_PER_IDENTIFIER.max} failures from many addresses, the owner still gets in from a browser the account knows`, async () => {
    const { person, password } = await registerAccount(app, 901);
    const home = createAgent(app, 901, { ip: '192.0.2.20' });
    const signedIn = await home.post('/session', { identifier: person.email, password });
    expect(signedIn.cookies.find((cookie) => cookie.name === DEVICE_COOKIE)).toMatchObject({
      path: '/',
      httpOnly: true,
      secure: true,
      sameSite: 'Lax',
      maxAge: KNOWN_DEVICE_TTL_MS / 1000,
    });
    const other = await registerAccount(app, 901);
    expect(
      (await other.agent.post('/session', { identifier: other.person.email, password: other.password })).statusCode,
    ).toBe(200);

    const botnet = await Promise.all(
      Array.from({ length: 60 }, (_, index) =>
        createAgent(app, 901, { ip: `203.0.114.${index}` }).post('/session', {
          identifier: person.email,
          password: 'adivina-adivina',
        }),
      ),
    );
    expect(botnet.filter((response) => response.statusCode === 401)).toHaveLength(SIGN_IN_PER_IDENTIFIER.max);

    // A browser the account does not know waits, even with the right password (decision 008)…
    const newBrowser = createAgent(app, 901, { ip: '192.0.2.21' });
    expect((await newBrowser.post('/session', { identifier: person.email, password })).statusCode).toBe(429);
    // …and so does one that carries another account's device cookie, or a forged one.
    const borrowed = createAgent(app, 901, { ip: '192.0.2.22' });
    borrowed.cookies.set(DEVICE_COOKIE, other.agent.cookies.get(DEVICE_COOKIE)!);
    expect((await borrowed.post('/session', { identifier: person.email, password })).statusCode).toBe(429);
    const forged = createAgent(app, 901, { ip: '192.0.2.23' });
    const [id, issued] = home.cookies.get(DEVICE_COOKIE)!.split('.');
    forged.cookies.set(DEVICE_COOKIE, `${id}.${issued}.${'A'.repeat(43)}`);
    expect((await forged.post('/session', { identifier: person.email, password })).statusCode).toBe(429);

    // The known browser gets in, from wherever it is now.
    const travelling = createAgent(app, 901, { ip: attacker });
    travelling.cookies.set(DEVICE_COOKIE, home.cookies.get(DEVICE_COOKIE)!);
    expect((await travelling.post('/session', { identifier: person.email, password })).statusCode).toBe(200);
    expect(
      (
        await createAgent(app, 901, { ip: '203.0.114.200' }).post('/session', {
          identifier: person.email,
          password: 'otra-vez-no',
        })
      ).statusCode,
    ).toBe(429);
  });

  it('a password reset makes its browser known, and forgets the browsers known before', async () => {
    const { person, password } = await registerAccount(app, 901);
    const home = createAgent(app, 901, { ip: '192.0.2.30' });
    expect((await home.post('/session', { identifier: person.email, password })).statusCode).toBe(200);
    await Promise.all(
      Array.from({ length: 45 }, (_, index) =>
        createAgent(app, 901, { ip: `203.0.115.${index}` }).post('/session', {
          identifier: person.email,
          password: 'adivina-adivina',
        }),
      ),
    );

    const phone = createAgent(app, 901, { ip: '192.0.2.31' });
    const { resetId } = (await phone.post('/password-resets', { identifier: person.email })).json();
    const newPassword = 'Marea-alta-en-Mahon-7';
    const done = await phone.post(`/password-resets/${resetId}/complete`, {
      code: await latestCode(app, person.phone),
      password: newPassword,
    });
    expect(done.statusCode).toBe(204);
    expect((await phone.post('/session', { identifier: person.email, password: newPassword })).statusCode).toBe(200);
    // The cookie of the old password no longer counts.
    expect((await home.post('/session', { identifier: person.email, password: newPassword })).statusCode).toBe(429);
  });
});
