import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_ABSOLUTE_TIMEOUT_MS, SESSION_COOKIE, SESSION_IDLE_TIMEOUT_MS } from '../config.ts';
import type { Database } from '../db/database.ts';
import { sessions } from '../db/schema.ts';
import { openTestDatabase } from '../test/test-database.ts';
import { createTestServer, PROBLEM_JSON } from '../test/test-server.ts';

let database: Database;
let app: FastifyInstance;

beforeAll(async () => {
  database = await openTestDatabase();
  app = await createTestServer(database);
});

afterAll(async () => {
  await app.close();
  await database.close();
});

const MINUTE = 60_000;

async function insertSession(
  clientId: number,
  { accountId = null, ageMs = 0, idleMs = 0 }: { accountId?: string | null; ageMs?: number; idleMs?: number } = {},
) {
  const id = randomBytes(32).toString('base64url');
  const createdAt = new Date(Date.now() - ageMs);
  await database.db.insert(sessions).values({
    id,
    clientId,
    accountId,
    createdAt,
    lastSeenAt: new Date(Date.now() - idleMs),
    expiresAt: new Date(createdAt.getTime() + SESSION_ABSOLUTE_TIMEOUT_MS),
  });
  return id;
}

function getSession(clientId: number, sessionId?: string) {
  return app.inject({
    method: 'GET',
    url: '/api/v1/session',
    headers: { 'x-client-id': String(clientId), ...(sessionId ? { cookie: `${SESSION_COOKIE}=${sessionId}` } : {}) },
  });
}

describe('GET /api/v1/session', () => {
  it('answers unauthenticated without a session cookie', async () => {
    const response = await getSession(41);
    expect(response.statusCode).toBe(401);
    expect(response.headers['content-type']).toMatch(PROBLEM_JSON);
    expect(response.json()).toMatchObject({ status: 401, code: 'unauthenticated' });
  });

  it('answers unauthenticated for a cookie that matches no session', async () => {
    expect((await getSession(41, randomBytes(32).toString('base64url'))).statusCode).toBe(401);
    expect((await getSession(41, 'not-a-session-id')).statusCode).toBe(401);
  });

  it("gives a live session's client and account", async () => {
    const accountId = randomUUID();
    const id = await insertSession(41, { accountId });
    const response = await getSession(41, id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ clientId: 41, accountId });
  });

  it('gives a session that has no account yet', async () => {
    const response = await getSession(25, await insertSession(25));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ clientId: 25, accountId: null });
  });

  it("treats another marina's session as absent", async () => {
    const id = await insertSession(25);
    const response = await getSession(41, id);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'unauthenticated' });
    expect((await getSession(25, id)).statusCode).toBe(200);
  });

  it('ends a session left idle too long', async () => {
    const id = await insertSession(41, { idleMs: SESSION_IDLE_TIMEOUT_MS + MINUTE });
    expect((await getSession(41, id)).statusCode).toBe(401);
  });

  it('ends a session past its absolute limit even while in use', async () => {
    const id = await insertSession(41, { ageMs: SESSION_ABSOLUTE_TIMEOUT_MS + MINUTE });
    expect((await getSession(41, id)).statusCode).toBe(401);
  });

  it('keeps a session in use alive by moving its idle limit', async () => {
    const id = await insertSession(41, { idleMs: SESSION_IDLE_TIMEOUT_MS - MINUTE });
    expect((await getSession(41, id)).statusCode).toBe(200);
    const [row] = await database.db.select().from(sessions).where(eq(sessions.id, id));
    expect(Date.now() - row!.lastSeenAt.getTime()).toBeLessThan(MINUTE);
  });
});
