import { createECDH, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { registerAccount, STRONG_PASSWORD, testClock, type RegisteredAccount } from '../test/accounts.ts';
import { createAgent } from '../test/test-agent.ts';
import { openTestDatabase } from '../test/test-database.ts';
import { createTestServer } from '../test/test-server.ts';
import { pushSubscriptions } from './push.schema.ts';

let database: Database;
let app: FastifyInstance;
let lucia: RegisteredAccount;
let marc: RegisteredAccount;
let other: RegisteredAccount;
const clock = testClock();

/** What a browser's `PushSubscription.toJSON()` gives: a push service URL and the browser's own keys. */
function browserSubscription(
  endpoint = `https://fcm.googleapis.com/fcm/send/${randomBytes(12).toString('base64url')}`,
) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint,
    expirationTime: null,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
}

async function storedFor(endpoint: string) {
  return database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
}

beforeAll(async () => {
  database = await openTestDatabase();
  app = await createTestServer(database, { clock: clock.now });
  lucia = await registerAccount(app, 901);
  marc = await registerAccount(app, 901);
  other = await registerAccount(app, 902);
});

afterAll(async () => {
  await app.close();
  await database.close();
});

describe('push key', () => {
  it('answers the VAPID public key without a session', async () => {
    const response = await createAgent(app, 901).get('/push/key');
    expect(response.statusCode).toBe(200);
    const { publicKey } = response.json();
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
  });
});

describe('push subscriptions', () => {
  it('stores one for the account and marina, and stores it again in place with new keys', async () => {
    const first = browserSubscription();
    expect((await lucia.agent.post('/push/subscriptions', first)).statusCode).toBe(204);
    expect(await storedFor(first.endpoint)).toEqual([
      expect.objectContaining({
        clientId: 901,
        accountId: lucia.accountId,
        p256dh: first.keys.p256dh,
        auth: first.keys.auth,
      }),
    ]);
    const { id, createdAt } = (await storedFor(first.endpoint))[0]!;

    clock.advance(60_000);
    const renewed = browserSubscription(first.endpoint);
    expect((await lucia.agent.post('/push/subscriptions', renewed)).statusCode).toBe(204);
    expect(await storedFor(first.endpoint)).toEqual([
      expect.objectContaining({ id, createdAt, p256dh: renewed.keys.p256dh, auth: renewed.keys.auth }),
    ]);
    expect((await storedFor(first.endpoint))[0]!.updatedAt).toEqual(clock.now());
  });

  it('passes an endpoint to whoever stores it last on that browser', async () => {
    const shared = browserSubscription();
    await lucia.agent.post('/push/subscriptions', shared);
    expect((await marc.agent.post('/push/subscriptions', shared)).statusCode).toBe(204);
    expect(await storedFor(shared.endpoint)).toEqual([expect.objectContaining({ accountId: marc.accountId })]);
  });

  it('removes only the caller’s own', async () => {
    const mine = browserSubscription();
    await lucia.agent.post('/push/subscriptions', mine);

    // Another account of the marina: answered as if done, nothing removed.
    expect((await marc.agent.delete('/push/subscriptions', { endpoint: mine.endpoint })).statusCode).toBe(204);
    expect(await storedFor(mine.endpoint)).toHaveLength(1);

    expect((await lucia.agent.delete('/push/subscriptions', { endpoint: mine.endpoint })).statusCode).toBe(204);
    expect(await storedFor(mine.endpoint)).toEqual([]);
    // Gone already: still 204.
    expect((await lucia.agent.delete('/push/subscriptions', { endpoint: mine.endpoint })).statusCode).toBe(204);
  });

  it('another marina neither sees nor removes them', async () => {
    const mine = browserSubscription();
    await lucia.agent.post('/push/subscriptions', mine);

    // The session of 901 sent to 902 is no session there.
    const elsewhere = { headers: { 'x-client-id': '902' } };
    expect((await lucia.agent.delete('/push/subscriptions', { endpoint: mine.endpoint }, elsewhere)).statusCode).toBe(
      401,
    );
    expect((await lucia.agent.post('/push/subscriptions', browserSubscription(), elsewhere)).statusCode).toBe(401);
    // An account of 902 does not remove it.
    expect((await other.agent.delete('/push/subscriptions', { endpoint: mine.endpoint })).statusCode).toBe(204);
    expect(await storedFor(mine.endpoint)).toEqual([expect.objectContaining({ clientId: 901 })]);
  });

  it('refuses calls without a session with 401', async () => {
    const anonymous = createAgent(app, 901);
    const subscription = browserSubscription();
    expect((await anonymous.post('/push/subscriptions', subscription)).statusCode).toBe(401);
    expect((await anonymous.delete('/push/subscriptions', { endpoint: subscription.endpoint })).statusCode).toBe(401);
    expect(await storedFor(subscription.endpoint)).toEqual([]);
  });

  it('refuses a store or removal without the CSRF token, as every mutating call', async () => {
    const subscription = browserSubscription();
    const stored = await lucia.agent.post('/push/subscriptions', subscription, { withoutXsrf: true });
    expect(stored.statusCode).toBe(403);
    expect(await storedFor(subscription.endpoint)).toEqual([]);
    await lucia.agent.post('/push/subscriptions', subscription);
    const removal = await lucia.agent.delete(
      '/push/subscriptions',
      { endpoint: subscription.endpoint },
      { withoutXsrf: true },
    );
    expect(removal.statusCode).toBe(403);
    expect(await storedFor(subscription.endpoint)).toHaveLength(1);
  });

  it('refuses an endpoint on no browser push service: the server would post wherever a customer pointed it', async () => {
    const good = browserSubscription();
    const elsewhere = [
      'https://push.example/send/1',
      'https://169.254.169.254/latest/meta-data',
      'https://fcm.googleapis.com.evil.example/send/1',
      'https://user:secret@fcm.googleapis.com/send/1',
      'https://10.0.0.7:8443/internal',
      'https://fcm.googleapis.com:22/send/1',
    ];
    for (const endpoint of elsewhere) {
      const response = await lucia.agent.post('/push/subscriptions', { ...good, endpoint });
      expect(response.statusCode, endpoint).toBe(400);
      expect(response.json(), endpoint).toMatchObject({
        code: 'validation_failed',
        errors: [
          {
            field: 'endpoint',
            message: 'La dirección (endpoint) no es de un servicio de notificaciones de navegador conocido.',
          },
        ],
      });
      expect(await storedFor(endpoint)).toEqual([]);
    }
    // The browsers' own services, subdomains included, are taken.
    for (const endpoint of [
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://web.push.apple.com/QGx',
      'https://wns2-par02p.notify.windows.com/w/?token=abc',
    ]) {
      expect((await lucia.agent.post('/push/subscriptions', { ...good, endpoint })).statusCode, endpoint).toBe(204);
    }
  });

  it('refuses a bad body with 400 naming each field in Spanish', async () => {
    const good = browserSubscription();
    const cases: [unknown, string, string][] = [
      [{ keys: good.keys }, 'endpoint', 'Falta la dirección de envío (endpoint) de la suscripción.'],
      [
        { ...good, endpoint: 'http://push.example/send/1' },
        'endpoint',
        'La dirección de envío (endpoint) debe ser una URL https://.',
      ],
      [{ endpoint: good.endpoint }, 'keys', 'Faltan las claves (keys) de la suscripción.'],
      [
        { ...good, keys: { auth: good.keys.auth } },
        'keys.p256dh',
        'Falta la clave pública (keys.p256dh) de la suscripción.',
      ],
      [
        { ...good, keys: { ...good.keys, p256dh: good.keys.auth } },
        'keys.p256dh',
        'La clave pública (keys.p256dh) no es una clave P-256 en base64url.',
      ],
      [
        { ...good, keys: { ...good.keys, auth: 'no es base64!' } },
        'keys.auth',
        'El secreto (keys.auth) no son 16 bytes en base64url.',
      ],
    ];
    for (const [body, field, message] of cases) {
      const response = await lucia.agent.post('/push/subscriptions', body);
      expect(response.statusCode, field).toBe(400);
      expect(response.json(), field).toMatchObject({ code: 'validation_failed', errors: [{ field, message }] });
    }
    const removal = await lucia.agent.delete('/push/subscriptions', {});
    expect(removal.statusCode).toBe(400);
    expect(removal.json()).toMatchObject({
      errors: [{ field: 'endpoint', message: 'Falta la dirección de envío (endpoint) de la suscripción.' }],
    });
    expect(await storedFor(good.endpoint)).toEqual([]);
  });

  it('goes when its session is ended from elsewhere: sign out everywhere, a password changed', async () => {
    const person = await registerAccount(app, 901);
    const signedInAgain = async () => {
      const agent = createAgent(app, 901);
      const response = await agent.post('/session', { identifier: person.person.email, password: person.password });
      expect(response.statusCode, response.body).toBe(200);
      return agent;
    };
    // A password changed here ends the other sessions, and the other phone's pushes; this one's stay.
    const phone = await signedInAgain();
    const here = browserSubscription();
    const there = browserSubscription();
    expect((await person.agent.post('/push/subscriptions', here)).statusCode).toBe(204);
    expect((await phone.post('/push/subscriptions', there)).statusCode).toBe(204);
    const changed = await person.agent.post('/me/password', {
      currentPassword: person.password,
      newPassword: `${STRONG_PASSWORD}-2`,
    });
    expect(changed.statusCode, changed.body).toBe(204);
    expect(await storedFor(there.endpoint)).toEqual([]);
    expect(await storedFor(here.endpoint)).toHaveLength(1);
    // Sign out everywhere: every session, every phone.
    const again = createAgent(app, 901);
    expect(
      (await again.post('/session', { identifier: person.person.email, password: `${STRONG_PASSWORD}-2` })).statusCode,
    ).toBe(200);
    const third = browserSubscription();
    expect((await again.post('/push/subscriptions', third)).statusCode).toBe(204);
    expect((await person.agent.post('/session/revoke-all', {})).statusCode).toBe(204);
    expect(await storedFor(here.endpoint)).toEqual([]);
    expect(await storedFor(third.endpoint)).toEqual([]);
  });

  it('goes with the account when it is deleted', async () => {
    const leaving = await registerAccount(app, 901);
    const phone = browserSubscription();
    const laptop = browserSubscription();
    await leaving.agent.post('/push/subscriptions', phone);
    await leaving.agent.post('/push/subscriptions', laptop);
    const kept = browserSubscription();
    await lucia.agent.post('/push/subscriptions', kept);

    expect((await leaving.agent.delete('/me', { password: STRONG_PASSWORD, confirm: true })).statusCode).toBe(204);
    expect(
      await database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.accountId, leaving.accountId)),
    ).toEqual([]);
    expect(await storedFor(kept.endpoint)).toHaveLength(1);
  });
});
