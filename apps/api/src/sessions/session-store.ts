/** Creating and ending server-side sessions. Rows are keyed by a hash of the cookie value, never the value. */
import { and, eq, isNull, ne, or } from 'drizzle-orm';
import { SESSION_ABSOLUTE_TIMEOUT_MS } from '../config.ts';
import type { Executor } from '../db/database.ts';
import { pushSubscriptions } from '../push/push.schema.ts';
import { sessions } from './sessions.schema.ts';
import { isSessionId, newSessionId, sessionIdHash } from './session-cookies.ts';

/** A new session for the account; returns the id to put in the cookie. */
export async function createSession(
  db: Executor,
  { clientId, accountId, now }: { clientId: number; accountId: string; now: Date },
) {
  const sid = newSessionId();
  await db.insert(sessions).values({
    idHash: sessionIdHash(sid),
    clientId,
    accountId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_TIMEOUT_MS),
  });
  return sid;
}

/** Ends the session behind a cookie value, whatever marina it belongs to (the holder had its id). */
export async function endSession(db: Executor, sid: string | null | undefined): Promise<void> {
  if (!isSessionId(sid ?? undefined)) return;
  await db.delete(sessions).where(eq(sessions.idHash, sessionIdHash(sid!)));
}

/**
 * Ends every session of the account, or every one but `exceptSid` (the caller's own), and the pushes to the
 * browsers they turned push on in (decision 061): a phone signed out from elsewhere is told nothing more.
 */
export async function endAccountSessions(db: Executor, accountId: string, exceptSid?: string): Promise<void> {
  const kept = exceptSid === undefined ? undefined : sessionIdHash(exceptSid);
  await db
    .delete(sessions)
    .where(
      kept === undefined
        ? eq(sessions.accountId, accountId)
        : and(eq(sessions.accountId, accountId), ne(sessions.idHash, kept)),
    );
  await db
    .delete(pushSubscriptions)
    .where(
      kept === undefined
        ? eq(pushSubscriptions.accountId, accountId)
        : and(
            eq(pushSubscriptions.accountId, accountId),
            or(isNull(pushSubscriptions.sessionIdHash), ne(pushSubscriptions.sessionIdHash, kept)),
          ),
    );
}
