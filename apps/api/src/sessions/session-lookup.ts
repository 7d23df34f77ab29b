/**
 * Finds the live session behind the `__Host-sid` cookie, scoped to the request's client: a session of
 * another marina is treated as absent, never as an error that would confirm it exists.
 * A session is live while younger than its absolute limit (`expires_at`), used within the idle limit, and
 * its account is active (a suspended or deleted account's sessions stop at once).
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SESSION_COOKIE, SESSION_IDLE_TIMEOUT_MS, SESSION_TOUCH_INTERVAL_MS } from '../config.ts';
import type { Db } from '../db/database.ts';
import { statement } from '../db/statement.ts';
import { accounts, type AccountRow } from '../accounts/accounts.schema.ts';
import { sessions, type SessionRow } from './sessions.schema.ts';
import { problem } from '../http/problem.ts';
import { isSessionId, sessionIdHash } from './session-cookies.ts';
import { errorMessages } from '@marina/core/messages/error-messages.ts';

export interface LiveSession extends SessionRow {
  account: AccountRow;
}

declare module 'fastify' {
  interface FastifyRequest {
    session: LiveSession | null;
  }
}

/** The session behind the cookie and its account, if both are live (run on every signed-in call: built once). */
const liveSession = statement('live_session', (db) =>
  db
    .select({ session: sessions, account: accounts })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .where(
      and(
        eq(sessions.idHash, sql.placeholder('idHash')),
        eq(sessions.clientId, sql.placeholder('clientId')),
        eq(accounts.clientId, sql.placeholder('clientId')),
        eq(accounts.status, 'active'),
        gt(sessions.expiresAt, sql.placeholder('now')),
        gt(sessions.lastSeenAt, sql.placeholder('idleSince')),
      ),
    )
    .limit(1),
);

export async function findLiveSession(db: Db, sid: string, clientId: number, now: Date): Promise<LiveSession | null> {
  const idleSince = new Date(now.getTime() - SESSION_IDLE_TIMEOUT_MS);
  const idHash = sessionIdHash(sid);
  const [row] = await liveSession(db, { idHash, clientId, now, idleSince });
  if (!row) return null;
  const session: LiveSession = { ...row.session, account: row.account };
  // Sliding idle timeout, written at most once a minute rather than on every call.
  if (now.getTime() - session.lastSeenAt.getTime() >= SESSION_TOUCH_INTERVAL_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.idHash, idHash));
    session.lastSeenAt = now;
  }
  return session;
}

/** Must be registered after the cookie plugin and the client resolution hook. */
export function registerSessionLookup(app: FastifyInstance, db: Db, clock: () => Date) {
  app.decorateRequest('session', null);
  app.addHook('onRequest', async (request) => {
    if (!request.client) return;
    const sid = request.cookies[SESSION_COOKIE];
    if (!isSessionId(sid)) return;
    request.session = await findLiveSession(db, sid, request.client.id, clock());
  });
}

export function requireSession(request: FastifyRequest): LiveSession {
  if (!request.session) throw problem('unauthenticated', 401, errorMessages.unauthenticated);
  return request.session;
}
