/**
 * Idempotency-Key on creating calls (docs/product.md §7.5). A route opts in with `config: { idempotent: true }`.
 * The first successful answer is kept for 24 h per marina, caller (account, or the anonymous sid) and key:
 * the same key with the same body replays it (nothing runs twice, no second code leaves); with another
 * body it is refused (422 idempotency_key_reused); while the first call runs, 409 idempotency_in_progress.
 * A failed first call (4xx, 5xx) keeps nothing, so the caller may correct the form and retry with the key.
 *
 * No personal data is kept for those 24 h: a route whose answer holds some opts in with
 * `{ keep, replay }` instead of `true`, storing only what `keep` picks (an id) and building the replay
 * from it, re-read at that moment, or refusing it (a replay that cannot give what the first answer gave).
 *
 * A route whose whole work is one transaction may add `inTransaction: true` and call `claimKeyIn` among the
 * transaction's first statements, after the lock that orders one caller's calls, with what it will keep
 * (decision 032): the key and its answer are then
 * written with the work and vanish with it on a refusal, one commit instead of three, and a retry sent while
 * the first call runs waits for it and gets its answer instead of 409.
 */
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Executor } from '../db/database.ts';
import { statement } from '../db/statement.ts';
import { clientHeaderSchema } from '../clients/client-resolution.ts';
import { accountScope, idempotencyKeys } from './security.schema.ts';
import { isUuid } from '../http/ids.ts';
import { problem } from '../http/problem.ts';
import type { Services } from '../services.ts';
import { IDEMPOTENCY_STALE_MS, IDEMPOTENCY_TTL_MS } from './limits.ts';
import { hmacSha256, sha256 } from './secrets.ts';
import { errorMessages } from '@marina/core/messages/error-messages.ts';

/** A route whose answer holds personal data: what to keep of it, and how to answer a replay. */
export interface IdempotentReplay {
  /** What of the first answer (parsed JSON) is stored: nothing personal, e.g. the id it created. */
  keep: (answer: unknown) => unknown;
  /** The replay's body, from what was kept (read again now); or throw the problem to answer instead. */
  replay: (request: FastifyRequest, kept: unknown) => Promise<unknown>;
  /** The route claims the key inside its transaction with `claimKeyIn` (see above). */
  inTransaction?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `true`: the first answer (with no personal data) is stored and replayed as it was. */
    idempotent?: boolean | IdempotentReplay;
  }
  interface FastifyRequest {
    idempotency: PendingKey | null;
  }
}

interface PendingKey {
  clientId: number;
  scope: string;
  key: string;
  requestHash: string;
  /** Claimed by the route's transaction (`claimKeyIn`), not by the hooks. */
  inTransaction: boolean;
}

/** Thrown by `claimKeyIn` when the key is already someone's: the call is answered from the key. */
class KeyTaken extends Error {}

export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** Headers of a creating call (the marina, and the optional key) as route schemas declare them, for the OpenAPI document. */
export const idempotentHeadersSchema = {
  ...clientHeaderSchema,
  properties: {
    ...clientHeaderSchema.properties,
    // No `format` here: a malformed key gets its own code (idempotency_key_invalid), not validation_failed.
    [IDEMPOTENCY_HEADER]: { type: 'string', description: 'A UUID; reuse it on retry and the first answer is replayed' },
  },
} as const;

/** JSON with sorted keys, so that the same body hashes the same whatever the key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** A used key that a new call may take over: its answer is past its 24 h, or its first call never answered (its instance died). */
function takenOver(now: Date) {
  return or(
    lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_MS)),
    and(
      isNull(idempotencyKeys.completedAt),
      lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_STALE_MS)),
    ),
  );
}

function scopeOf(request: FastifyRequest): string {
  if (request.session) return accountScope(request.session.accountId);
  return `anonymous:${sha256(request.sid ?? '')}`;
}

export function registerIdempotency(app: FastifyInstance, { db, config, clock }: Services) {
  app.decorateRequest('idempotency', null);

  app.addHook('preHandler', async (request, reply) => {
    if (!request.routeOptions.config.idempotent || !request.client) return;
    const raw = request.headers[IDEMPOTENCY_HEADER];
    if (raw === undefined) return;
    if (typeof raw !== 'string' || !isUuid(raw)) {
      throw problem('idempotency_key_invalid', 400, 'La cabecera Idempotency-Key debe ser un UUID.');
    }
    const clientId = request.client.id;
    const scope = scopeOf(request);
    const key = raw.toLowerCase();
    // An HMAC, not the body: the body may hold a password.
    const requestHash = hmacSha256(
      config.sessionSecret,
      canonical([request.method, request.routeOptions.url, request.params ?? null, request.body ?? null]),
    );
    const pending: PendingKey = { clientId, scope, key, requestHash, inTransaction: false };
    const route = request.routeOptions.config.idempotent;
    if (typeof route === 'object' && route.inTransaction) {
      request.idempotency = { ...pending, inTransaction: true };
      return;
    }
    const now = clock();
    // Claimed in one statement: a new key, or one whose answer is past its 24 h, or whose first call never
    // answered (its instance died), is taken over as if it had never been used.
    const claimed = await db
      .insert(idempotencyKeys)
      .values({ clientId, scope, key, requestHash, createdAt: now })
      .onConflictDoUpdate({
        target: [idempotencyKeys.clientId, idempotencyKeys.scope, idempotencyKeys.key],
        set: {
          requestHash,
          createdAt: now,
          responseStatus: null,
          responseBody: null,
          responseType: null,
          completedAt: null,
        },
        setWhere: takenOver(now),
      })
      .returning({ key: idempotencyKeys.key });
    if (claimed.length === 1) {
      request.idempotency = pending;
      return;
    }
    return answerFromKey(request, reply, pending);
  });

  /** The call's key is someone's already: replay its answer, or say why not. */
  async function answerFromKey(
    request: FastifyRequest,
    reply: FastifyReply,
    { clientId, scope, key, requestHash }: PendingKey,
  ) {
    const thisKey = and(
      eq(idempotencyKeys.clientId, clientId),
      eq(idempotencyKeys.scope, scope),
      eq(idempotencyKeys.key, key),
    );
    const [first] = await db.select().from(idempotencyKeys).where(thisKey).limit(1);
    if (first && first.requestHash !== requestHash) {
      throw problem('idempotency_key_reused', 422, errorMessages.idempotency_key_reused);
    }
    if (!first || first.completedAt === null || first.responseStatus === null) {
      throw problem('idempotency_in_progress', 409, errorMessages.idempotency_in_progress);
    }
    const route = request.routeOptions.config.idempotent;
    if (typeof route === 'object') {
      const body = await route.replay(request, first.responseBody === null ? null : JSON.parse(first.responseBody));
      return reply.code(first.responseStatus).header('idempotent-replayed', 'true').send(body);
    }
    reply.code(first.responseStatus).header('idempotent-replayed', 'true');
    if (first.responseType) reply.header('content-type', first.responseType);
    return reply.send(first.responseBody ?? undefined);
  }

  // A route that claims its key in its transaction: when the key was taken, its transaction has rolled back
  // (claimKeyIn threw), and the call is answered from the key as the hook would have.
  app.addHook('onRoute', (route) => {
    const idempotent = route.config?.idempotent;
    if (typeof idempotent !== 'object' || !idempotent.inTransaction) return;
    const handler = route.handler;
    route.handler = async function (this: FastifyInstance, request, reply) {
      try {
        return await handler.call(this, request, reply);
      } catch (error) {
        if (!(error instanceof KeyTaken) || !request.idempotency) throw error;
        const pending = request.idempotency;
        request.idempotency = null;
        return answerFromKey(request, reply, pending);
      }
    };
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const pending = request.idempotency;
    if (!pending) return payload;
    request.idempotency = null;
    // Written (or rolled back) with the route's transaction.
    if (pending.inTransaction) return payload;
    const thisKey = and(
      eq(idempotencyKeys.clientId, pending.clientId),
      eq(idempotencyKeys.scope, pending.scope),
      eq(idempotencyKeys.key, pending.key),
    );
    if (reply.statusCode >= 200 && reply.statusCode < 300) {
      const type = reply.getHeader('content-type');
      const route = request.routeOptions.config.idempotent;
      let body = typeof payload === 'string' ? payload : null;
      if (typeof route === 'object') body = JSON.stringify(route.keep(body === null ? null : JSON.parse(body)) ?? null);
      await db
        .update(idempotencyKeys)
        .set({
          responseStatus: reply.statusCode,
          responseBody: body,
          responseType: typeof type === 'string' ? type : null,
          completedAt: clock(),
        })
        .where(thisKey);
    } else {
      await db.delete(idempotencyKeys).where(thisKey);
    }
    return payload;
  });
}

/** The key and its answer, written at once; a used key is taken over as `takenOver` says (built once: decision 032). */
const keyClaimedWithAnswer = statement('idempotency_key_claimed_with_answer', (db) =>
  db
    .insert(idempotencyKeys)
    .values({
      clientId: sql.placeholder('clientId'),
      scope: sql.placeholder('scope'),
      key: sql.placeholder('key'),
      requestHash: sql.placeholder('requestHash'),
      createdAt: sql.placeholder('createdAt'),
      responseStatus: sql.placeholder('responseStatus'),
      responseBody: sql.placeholder('responseBody'),
      responseType: sql.placeholder('responseType'),
      completedAt: sql.placeholder('completedAt'),
    })
    .onConflictDoUpdate({
      target: [idempotencyKeys.clientId, idempotencyKeys.scope, idempotencyKeys.key],
      // The row this call proposed (PostgreSQL's `excluded`), over the one taken over.
      set: Object.fromEntries(
        (['requestHash', 'createdAt', 'responseStatus', 'responseBody', 'responseType', 'completedAt'] as const).map(
          (field) => [field, sql.raw(`excluded.${idempotencyKeys[field].name}`)],
        ),
      ),
      setWhere: or(
        lt(idempotencyKeys.createdAt, sql.placeholder('expiredBefore')),
        and(isNull(idempotencyKeys.completedAt), lt(idempotencyKeys.createdAt, sql.placeholder('abandonedBefore'))),
      ),
    })
    .returning({ key: idempotencyKeys.key }),
);

/**
 * Claims the call's key (if it sent one) inside `tx`, the route's transaction, with the answer it will give:
 * `status` and what `keep` would pick of it. A key taken by a call that has committed throws KeyTaken (the
 * transaction rolls back; the route's wrapper answers from the key); one held by a call still running waits
 * for it (the unique index), then the same.
 */
export async function claimKeyIn(
  tx: Executor,
  request: FastifyRequest,
  now: Date,
  status: number,
  kept: unknown,
): Promise<void> {
  const pending = request.idempotency;
  if (!pending?.inTransaction) return;
  const claimed = await keyClaimedWithAnswer(tx, {
    clientId: pending.clientId,
    scope: pending.scope,
    key: pending.key,
    requestHash: pending.requestHash,
    createdAt: now,
    responseStatus: status,
    responseBody: JSON.stringify(kept ?? null),
    responseType: 'application/json; charset=utf-8',
    completedAt: now,
    expiredBefore: new Date(now.getTime() - IDEMPOTENCY_TTL_MS),
    abandonedBefore: new Date(now.getTime() - IDEMPOTENCY_STALE_MS),
  });
  if (claimed.length === 0) throw new KeyTaken();
}
