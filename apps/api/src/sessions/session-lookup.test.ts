import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_ABSOLUTE_TIMEOUT_MS, SESSION_COOKIE, SESSION_IDLE_TIMEOUT_MS, XSRF_COOKIE } from '../config.ts';
import type { Database } from '../db/database.ts';
import { accounts } from '../accounts/accounts.schema.ts';
import { sessions } from './sessions.schema.ts';
import { DEMO_ACCOUNT } from '../db/seed.ts';
import { openTestDatabase } from '../test/test-database.ts';
import { createTestServer, PROBLEM_JSON } from '../test/test-server.ts';
import { newSessionId, sessionIdHash } from './session-cookies.ts';

let database: Database;
let app: FastifyInstance;
let demo901: string;

beforeAll(async () => {
  database = await openTestDatabase();
  app = await createTestServer(database);
  const [row] = await database.db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.clientId, 901), eq(accounts.email, DEMO_ACCOUNT(901).email)));
  demo901 = row!.id;
});

afterAll(async () => {
  await app.close();
  await database.close();
});

const MINUTE = 60_000;

async function insertSession(
  clientId: number,
  accountId: string,
  { ageMs = 0, idleMs = 0 }: { ageMs?: number; idleMs?: number } = {},
) {
  const sid = newSessionId();
  const createdAt = new Date(Date.now() - ageMs);
  await database.db.insert(sessions).values({
    idHash: sessionIdHash(sid),
    clientId,
    accountId,
    createdAt,
    lastSeenAt: new Date(Date.now() - idleMs),
    expiresAt: new Date(createdAt.getTime() + SESSION_ABSOLUTE_TIMEOUT_MS),
  });
  return sid;
}

function getSession(clientId: number, sid?: string) {
  return app.inject({
    method: 'GET',
    url: '/api/v1/session',
    headers: { 'x-client-id': String(clientId), ...(sid ? { cookie: `${SESSION_COOKIE}=${sid}` } : {}) },
  });
}

describe('GET /api/v1/session', () => {
  it('answers unauthenticated without a session cookie, and hands out anonymous CSRF cookies', async () => {
    const response = await getSession(901);
    expect(response.statusCode).toBe(401);
    expect(response.headers['content-type']).toMatch(PROBLEM_JSON);
    expect(response.json()).toMatchObject({ status: 401, code: 'unauthenticated' });
    const names = response.cookies.map((cookie) => cookie.name).sort();
    expect(names).toEqual([SESSION_COOKIE, XSRF_COOKIE].sort());
  });

  it('answers unauthenticated for a cookie that matches no session, keeping that sid as anonymous', async () => {
    const anonymous = newSessionId();
    const response = await getSession(901, anonymous);
    expect(response.statusCode).toBe(401);
    expect(response.cookies.map((cookie) => cookie.name)).toEqual([XSRF_COOKIE]);
    expect((await getSession(901, 'not-a-session-id')).statusCode).toBe(401);
  });

  it("gives a live session's account and unread count", async () => {
    const sid = await insertSession(901, demo901);
    const response = await getSession(901, sid);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      account: { id: demo901, email: DEMO_ACCOUNT(901).email, status: 'active', dataValidationDue: false },
      unreadNotifications: 0,
    });
    // The CSRF cookie comes with it, tied to this sid.
    expect(response.cookies.find((cookie) => cookie.name === XSRF_COOKIE)).toBeDefined();
  });

  it('stores only a hash of the session id', async () => {
    const sid = await insertSession(901, demo901);
    expect(await database.db.select().from(sessions).where(eq(sessions.idHash, sid))).toEqual([]);
    expect(
      await database.db
        .select()
        .from(sessions)
        .where(eq(sessions.idHash, sessionIdHash(sid))),
    ).toHaveLength(1);
  });

  it("treats another marina's session as absent", async () => {
    const sid = await insertSession(901, demo901);
    const response = await getSession(903, sid);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'unauthenticated' });
    expect((await getSession(901, sid)).statusCode).toBe(200);
  });

  it('ends a session left idle too long', async () => {
    const sid = await insertSession(901, demo901, { idleMs: SESSION_IDLE_TIMEOUT_MS + MINUTE });
    expect((await getSession(901, sid)).statusCode).toBe(401);
  });

  it('ends a session past its absolute limit even while in use', async () => {
    const sid = await insertSession(901, demo901, { ageMs: SESSION_ABSOLUTE_TIMEOUT_MS + MINUTE });
    expect((await getSession(901, sid)).statusCode).toBe(401);
  });

  it('keeps a session in use alive by moving its idle limit', async () => {
    const sid = await insertSession(901, demo901, { idleMs: SESSION_IDLE_TIMEOUT_MS - MINUTE });
    expect((await getSession(901, sid)).statusCode).toBe(200);
    const [row] = await database.db
      .select()
      .from(sessions)
      .where(eq(sessions.idHash, sessionIdHash(sid)));
    expect(Date.now() - row!.lastSeenAt.getTime()).toBeLessThan(MINUTE);
  });

  it('ends the sessions of an account that is no longer active', async () => {
    const [other] = await database.db
      .insert(accounts)
      .values({
        clientId: 901,
        status: 'active',
        firstName: 'Pau',
        surnames: 'Vidal',
        email: 'pau.suspendido@correo.example',
      })
      .returning();
    const sid = await insertSession(901, other!.id);
    expect((await getSession(901, sid)).statusCode).toBe(200);
    await database.db.update(accounts).set({ status: 'suspended' }).where(eq(accounts.id, other!.id));
    expect((await getSession(901, sid)).statusCode).toBe(401);
  });
});
