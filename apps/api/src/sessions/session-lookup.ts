/**
 * Finds the live session behind the `__Host-sid` cookie, scoped to the request's client: a session of
 * another marina is treated as absent, never as an error that would confirm it exists.
 * A session is live while younger than its absolute limit (`expires_at`) and used within the idle limit.
 */
import { and, eq, gt } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SESSION_COOKIE, SESSION_IDLE_TIMEOUT_MS, SESSION_TOUCH_INTERVAL_MS } from '../config.ts';
import type { Db } from '../db/database.ts';
import { sessions, type SessionRow } from '../db/schema.ts';
import { problem } from '../http/problem.ts';

declare module 'fastify' {
  interface FastifyRequest {
    session: SessionRow | null;
  }
}

// 256 random bits in base64url: anything else is not one of ours and costs no query.
const SESSION_ID = /^[A-Za-z0-9_-]{43}$/;

export async function findLiveSession(db: Db, id: string, clientId: number, now = new Date()): Promise<SessionRow | null> {
  const idleSince = new Date(now.getTime() - SESSION_IDLE_TIMEOUT_MS);
  const [session] = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.id, id), eq(sessions.clientId, clientId), gt(sessions.expiresAt, now), gt(sessions.lastSeenAt, idleSince)))
    .limit(1);
  if (!session) return null;
  // Sliding idle timeout, written at most once a minute rather than on every call.
  if (now.getTime() - session.lastSeenAt.getTime() >= SESSION_TOUCH_INTERVAL_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
    session.lastSeenAt = now;
  }
  return session;
}

/** Must be registered after the cookie plugin and the client resolution hook. */
export function registerSessionLookup(app: FastifyInstance, db: Db) {
  app.decorateRequest('session', null);
  app.addHook('onRequest', async (request) => {
    if (!request.client) return;
    const id = request.cookies[SESSION_COOKIE];
    if (id === undefined || !SESSION_ID.test(id)) return;
    request.session = await findLiveSession(db, id, request.client.id);
  });
}

export function requireSession(request: FastifyRequest): SessionRow {
  if (!request.session) throw problem('unauthenticated', 401, 'Inicia sesión para continuar.');
  return request.session;
}
