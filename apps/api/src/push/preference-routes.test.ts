/**
 * Each account's channel per kind of notice (decision 061) and the list of its push subscriptions: its own, on
 * its marina, only; a bad kind or channel is refused naming the field, and the overdue-outing alert stays both.
 */
import { createECDH, randomBytes } from 'node:crypto';
import { NOTICE_KINDS } from '@marina/core/domain/push.ts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { registerAccount, STRONG_PASSWORD, testClock, type RegisteredAccount } from '../test/accounts.ts';
import { createAgent, type Agent } from '../test/test-agent.ts';
import { useTestServer } from '../test/test-server.ts';
import { notificationPreferences } from './push.schema.ts';

let database: Database;
let app: FastifyInstance;
const clock = testClock();

useTestServer((server) => ({ database, app } = server), { clock: clock.now });

function browserSubscription(origin = 'https://web.push.apple.com') {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `${origin}/send/${randomBytes(12).toString('base64url')}`,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
}

const put = (agent: Agent, body: unknown, options?: { headers?: Record<string, string>; withoutXsrf?: boolean }) =>
  agent.put('/notification-preferences', Buffer.from(JSON.stringify(body)), 'application/json', options);

const channelsOf = (body: { items: { kind: string; channel: string }[] }) =>
  Object.fromEntries(body.items.map((item) => [item.kind, item.channel]));

describe('notification preferences', () => {
  it('start as both for every kind, the overdue-outing alert locked', async () => {
    const { agent } = await registerAccount(app, 901);
    const response = await agent.get('/notification-preferences');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      items: NOTICE_KINDS.map((kind) => ({ kind, channel: 'both', locked: kind === 'outing_overdue' })),
      pushDevices: 0,
    });
  });

  it('keep each account’s own choice on its own marina, and count its push devices', async () => {
    const lucia = await registerAccount(app, 901);
    const marc = await registerAccount(app, 901);
    const elsewhere = await registerAccount(app, 902);
    const chosen = await put(lucia.agent, { kind: 'launch_confirmed', channel: 'push' });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(channelsOf(chosen.json())).toMatchObject({ launch_confirmed: 'push', boat_in_water: 'both' });
    expect(channelsOf((await put(lucia.agent, { kind: 'launch_confirmed', channel: 'message' })).json())).toMatchObject(
      { launch_confirmed: 'message' },
    );
    await lucia.agent.post('/push/subscriptions', browserSubscription());
    expect((await lucia.agent.get('/notification-preferences')).json()).toMatchObject({ pushDevices: 1 });

    // Another account, and another marina's, keep the default and see none of her devices.
    for (const other of [marc, elsewhere]) {
      const theirs = (await other.agent.get('/notification-preferences')).json();
      expect(channelsOf(theirs).launch_confirmed).toBe('both');
      expect(theirs.pushDevices).toBe(0);
    }
    // Her session sent to another marina is no session there.
    const crossed = await lucia.agent.get('/notification-preferences', { headers: { 'x-client-id': '902' } });
    expect(crossed.statusCode).toBe(401);
    const crossedPut = await put(
      lucia.agent,
      { kind: 'boat_back', channel: 'push' },
      { headers: { 'x-client-id': '902' } },
    );
    expect(crossedPut.statusCode).toBe(401);
    expect(
      await database.db
        .select({ clientId: notificationPreferences.clientId, kind: notificationPreferences.kind })
        .from(notificationPreferences)
        .where(eq(notificationPreferences.accountId, lucia.accountId)),
    ).toEqual([{ clientId: 901, kind: 'launch_confirmed' }]);
  });

  it('refuse an unknown kind or channel naming the field in Spanish, and a locked kind', async () => {
    const { agent, accountId } = await registerAccount(app, 901);
    const cases: [unknown, string, string][] = [
      [{ channel: 'push' }, 'kind', 'El tipo de aviso (kind) no es uno de los que se pueden elegir.'],
      [{ kind: 'welcome', channel: 'push' }, 'kind', 'El tipo de aviso (kind) no es uno de los que se pueden elegir.'],
      [{ kind: 'launch_confirmed' }, 'channel', 'El canal (channel) debe ser «push», «message» o «both».'],
      [
        { kind: 'launch_confirmed', channel: 'sms' },
        'channel',
        'El canal (channel) debe ser «push», «message» o «both».',
      ],
      [
        { kind: 'outing_overdue', channel: 'message' },
        'kind',
        'Este aviso (kind) es de seguridad: llega siempre por notificación y por mensaje.',
      ],
    ];
    for (const [body, field, message] of cases) {
      const response = await put(agent, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation_failed', errors: [{ field, message }] });
    }
    expect(
      await database.db.select().from(notificationPreferences).where(eq(notificationPreferences.accountId, accountId)),
    ).toEqual([]);
  });

  it('refuse calls without a session, and a change without the CSRF token', async () => {
    const anonymous = createAgent(app, 901);
    expect((await anonymous.get('/notification-preferences')).statusCode).toBe(401);
    expect((await put(anonymous, { kind: 'boat_back', channel: 'push' })).statusCode).toBe(401);
    expect((await anonymous.get('/push/subscriptions')).statusCode).toBe(401);
    const { agent } = await registerAccount(app, 901);
    expect((await put(agent, { kind: 'boat_back', channel: 'push' }, { withoutXsrf: true })).statusCode).toBe(403);
    expect(channelsOf((await agent.get('/notification-preferences')).json()).boat_back).toBe('both');
  });

  it('go with the account when it is deleted', async () => {
    const leaving: RegisteredAccount = await registerAccount(app, 901);
    await put(leaving.agent, { kind: 'boat_back', channel: 'push' });
    expect((await leaving.agent.delete('/me', { password: STRONG_PASSWORD, confirm: true })).statusCode).toBe(204);
    expect(
      await database.db
        .select()
        .from(notificationPreferences)
        .where(eq(notificationPreferences.accountId, leaving.accountId)),
    ).toEqual([]);
  });
});

describe('push subscriptions list', () => {
  it('shows the account’s own on this marina by their push service, never the endpoint nor the keys', async () => {
    const lucia = await registerAccount(app, 901);
    const marc = await registerAccount(app, 901);
    const phone = browserSubscription('https://fcm.googleapis.com');
    await lucia.agent.post('/push/subscriptions', phone);
    clock.advance(1000);
    await lucia.agent.post('/push/subscriptions', browserSubscription('https://updates.push.services.mozilla.com'));
    await marc.agent.post('/push/subscriptions', browserSubscription());

    const response = await lucia.agent.get('/push/subscriptions');
    expect(response.statusCode, response.body).toBe(200);
    const { items } = response.json();
    expect(items.map((item: { origin: string }) => item.origin)).toEqual([
      'https://fcm.googleapis.com',
      'https://updates.push.services.mozilla.com',
    ]);
    expect(Object.keys(items[0]).sort()).toEqual(['createdAt', 'id', 'origin', 'updatedAt']);
    expect(response.body).not.toContain(phone.endpoint);
    expect(response.body).not.toContain(phone.keys.p256dh);
    expect(response.body).not.toContain(phone.keys.auth);
    expect((await marc.agent.get('/push/subscriptions')).json().items).toHaveLength(1);
    const crossed = await lucia.agent.get('/push/subscriptions', { headers: { 'x-client-id': '902' } });
    expect(crossed.statusCode).toBe(401);
    const elsewhere = await registerAccount(app, 902);
    expect((await elsewhere.agent.get('/push/subscriptions')).json().items).toEqual([]);
  });
});
