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
 */
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { clientHeaderSchema } from '../clients/client-resolution.ts';
import { accountScope, idempotencyKeys } from '../db/schema.ts';
import { problem } from '../http/problem.ts';
import type { Services } from '../services.ts';
import { IDEMPOTENCY_STALE_MS, IDEMPOTENCY_TTL_MS } from './limits.ts';
import { hmacSha256, sha256 } from './secrets.ts';

/** A route whose answer holds personal data: what to keep of it, and how to answer a replay. */
export interface IdempotentReplay {
  /** What of the first answer (parsed JSON) is stored: nothing personal, e.g. the id it created. */
  keep: (answer: unknown) => unknown;
  /** The replay's body, from what was kept (read again now); or throw the problem to answer instead. */
  replay: (request: FastifyRequest, kept: unknown) => Promise<unknown>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `true`: the first answer (with no personal data) is stored and replayed as it was. */
    idempotent?: boolean | IdempotentReplay;
  }
  interface FastifyRequest {
    idempotency: { clientId: number; scope: string; key: string } | null;
  }
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
    if (typeof raw !== 'string' || !UUID.test(raw)) {
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
    const now = clock();
    const thisKey = and(eq(idempotencyKeys.clientId, clientId), eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key));

    // Claimed in one statement: a new key, or one whose answer is past its 24 h, or whose first call never
    // answered (its instance died), is taken over as if it had never been used.
    const claimed = await db
      .insert(idempotencyKeys)
      .values({ clientId, scope, key, requestHash, createdAt: now })
      .onConflictDoUpdate({
        target: [idempotencyKeys.clientId, idempotencyKeys.scope, idempotencyKeys.key],
        set: { requestHash, createdAt: now, responseStatus: null, responseBody: null, responseType: null, completedAt: null },
        setWhere: or(
          lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_MS)),
          and(isNull(idempotencyKeys.completedAt), lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_STALE_MS))),
        ),
      })
      .returning({ key: idempotencyKeys.key });
    if (claimed.length === 1) {
      request.idempotency = { clientId, scope, key };
      return;
    }

    const [first] = await db.select().from(idempotencyKeys).where(thisKey).limit(1);
    if (first && first.requestHash !== requestHash) {
      throw problem('idempotency_key_reused', 422, 'Esta clave de idempotencia ya se usó con otros datos.');
    }
    if (!first || first.completedAt === null || first.responseStatus === null) {
      throw problem('idempotency_in_progress', 409, 'Esta petición ya se está procesando. Espera un momento.');
    }
    const route = request.routeOptions.config.idempotent;
    if (typeof route === 'object') {
      const body = await route.replay(request, first.responseBody === null ? null : JSON.parse(first.responseBody));
      return reply.code(first.responseStatus).header('idempotent-replayed', 'true').send(body);
    }
    reply.code(first.responseStatus).header('idempotent-replayed', 'true');
    if (first.responseType) reply.header('content-type', first.responseType);
    return reply.send(first.responseBody ?? undefined);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const pending = request.idempotency;
    if (!pending) return payload;
    request.idempotency = null;
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
