import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../config.ts';
import type { Database } from '../db/database.ts';
import { registerAccount, STRONG_PASSWORD, testClock, type RegisteredAccount } from '../test/accounts.ts';
import { createAgent } from '../test/test-agent.ts';
import { openTestDatabase } from '../test/test-database.ts';
import { createTestServer } from '../test/test-server.ts';
import { createNotification } from './notifications.ts';

let database: Database;
let app: FastifyInstance;
let lucia: RegisteredAccount;
const clock = testClock();

beforeAll(async () => {
  database = await openTestDatabase();
  app = await createTestServer(database, { clock: clock.now });
  lucia = await registerAccount(app, 901);
  clock.advance(60_000);
  await createNotification(
    database.db,
    {
      clientId: 901,
      accountId: lucia.accountId,
      type: 'launch_confirmed',
      title: 'Bajada confirmada',
      body: 'Tu bajada del sábado a las 10:00 está confirmada.',
      link: '/pedidosbajadas',
    },
    clock.now(),
  );
});

afterAll(async () => {
  await app.close();
  await database.close();
});

describe('notifications', () => {
  it('lists them newest first with the unread count', async () => {
    const response = await lucia.agent.get('/notifications');
    expect(response.statusCode).toBe(200);
    const list = response.json();
    expect(list.unread).toBe(2);
    expect(list.items.map((item: { type: string }) => item.type)).toEqual(['launch_confirmed', 'welcome']);
    expect(list.items[0]).toEqual({
      id: expect.any(String),
      type: 'launch_confirmed',
      title: 'Bajada confirmada',
      body: 'Tu bajada del sábado a las 10:00 está confirmada.',
      link: '/pedidosbajadas',
      read: false,
      createdAt: clock.now().toISOString(),
    });
    expect((await lucia.agent.get('/session')).json().unreadNotifications).toBe(2);
  });

  it("marks one read; another account's id is not found", async () => {
    const [first] = (await lucia.agent.get('/notifications')).json().items;
    const stranger = await registerAccount(app, 901);
    expect((await stranger.agent.post(`/notifications/${first.id}/read`)).statusCode).toBe(404);
    expect((await stranger.agent.post(`/notifications/${randomUUID()}/read`)).statusCode).toBe(404);
    expect((await stranger.agent.post('/notifications/nope/read')).statusCode).toBe(404);
    expect((await lucia.agent.post(`/notifications/${first.id}/read`)).statusCode).toBe(204);
    const list = (await lucia.agent.get('/notifications')).json();
    expect(list.unread).toBe(1);
    expect(list.items[0].read).toBe(true);
  });

  it('marks all read', async () => {
    expect((await lucia.agent.post('/notifications/read-all')).statusCode).toBe(204);
    expect((await lucia.agent.get('/notifications')).json().unread).toBe(0);
  });

  it('needs a session, and shows nothing of 901 on 903', async () => {
    expect((await createAgent(app, 901).get('/notifications')).statusCode).toBe(401);
    const cookie = `${SESSION_COOKIE}=${lucia.agent.sid()}`;
    const on903 = await app.inject({
      method: 'GET',
      url: '/api/v1/notifications',
      headers: { 'x-client-id': '903', cookie },
    });
    expect(on903.statusCode).toBe(401);
    // The same person with an account at 903 sees only 903's.
    const there = await registerAccount(app, 903, lucia.person, STRONG_PASSWORD);
    const list = (await there.agent.get('/notifications')).json();
    expect(list.items).toEqual([
      expect.objectContaining({ type: 'welcome', title: 'Te damos la bienvenida a Marina Vecina de Pruebas' }),
    ]);
  });
});
