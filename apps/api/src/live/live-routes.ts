/**
 * `GET /api/v1/events`: the signed-in account's live event stream on this marina (Server-Sent Events,
 * decision 062). Each change to what the account's screens show comes as `event: change` with its id and
 * `data: {"topics": [...]}`; the app refetches those. A stream opened again with the last id it saw
 * (`Last-Event-ID`, or `?lastEventId=` for a reopen by hand) is first told what it missed, in one event, or
 * `resync` with every topic when this instance cannot tell; else `ready`. A comment every 25 s keeps proxies
 * from closing it and finds a session that ended by time; sign-out and the like end it at once. A stream closed
 * for a newer one of the account (past `STREAMS_PER_ACCOUNT`) is told `replaced` first.
 */
import { LIVE_TOPICS, type LiveTopic } from '@marina/core/domain/live.ts';
import { problemDetails } from '@marina/core/messages/problem-details.ts';
import { and, eq, gt } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { accounts } from '../accounts/accounts.schema.ts';
import { CLIENT_HEADER, CLIENT_PARAM } from '../clients/client-resolution.ts';
import { SESSION_IDLE_TIMEOUT_MS } from '../config.ts';
import type { Db } from '../db/database.ts';
import { problem, problemResponses } from '../http/problem.ts';
import type { Services } from '../services.ts';
import { requireSession, type LiveSession } from '../sessions/session-lookup.ts';
import { sessions } from '../sessions/sessions.schema.ts';

/** Between two comments on an idle stream: under the minute proxies commonly close a silent one after. */
export const HEARTBEAT_MS = 25_000;
/** Streams one account may hold open on an instance (tabs, a phone and a computer); a new one closes the oldest. */
export const STREAMS_PER_ACCOUNT = 5;
/** Streams an instance holds open at most; past it a new one is answered 503 and the app tries again later. */
export const STREAMS_PER_INSTANCE = 2_000;
/** What the browser waits before reconnecting a stream that broke (the app adds its own backoff). */
const RETRY_MS = 3_000;
/** A reader this far behind (a connection that stopped reading) is dropped rather than buffered for. */
const MAX_UNREAD_BYTES = 64 * 1024;
const LAST_EVENT_ID = /^[0-9A-Za-z_-]{1,64}$/;

interface Stream {
  accountId: string;
  clientId: number;
  end(): void;
  /** Ends it for a newer stream of the account, saying so (`replaced`): the app waits to be shown again. */
  replace(): void;
}

/** Whether the session is still live, as the session lookup would find it, without counting as a use of it. */
async function sessionStillLive(db: Db, session: LiveSession, now: Date): Promise<{ lastSeenAt: Date } | null> {
  const [row] = await db
    .select({ lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .where(
      and(
        eq(sessions.idHash, session.idHash),
        eq(sessions.clientId, session.clientId),
        eq(accounts.status, 'active'),
        gt(sessions.expiresAt, now),
        gt(sessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_TIMEOUT_MS)),
      ),
    )
    .limit(1);
  return row ?? null;
}

function event(id: string, name: string, data: unknown): string {
  return `id: ${id}\nevent: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
}

export const liveRoutes: FastifyPluginAsync<{ services: Services }> = async (api, { services }) => {
  const { db, clock, changes } = services;
  const open = new Set<Stream>();

  // The server's `preClose` ends every stream (`ChangeFeed.endStreams`): an open one would keep it waiting.
  api.get(
    '/events',
    {
      config: { clientInQuery: true },
      schema: {
        operationId: 'openLiveEvents',
        summary: 'The signed-in account’s live event stream (Server-Sent Events)',
        description:
          'Each change to what the account sees on this marina: `id: <change id>`, `event: change`, ' +
          '`data: {"topics": [...]}` (topics among ' +
          LIVE_TOPICS.map((topic) => `\`${topic}\``).join(', ') +
          '). Opened with `Last-Event-ID` (or `lastEventId`), it first sends what was missed in one `change`, ' +
          'or `resync` with every topic when that cannot be told, else `ready`. A comment every 25 s. The ' +
          'marina may be named by the `clientId` parameter instead of the header (an `EventSource` sends ' +
          'none). Ends when the session does; closed for a newer stream of the account, it is sent ' +
          '`event: replaced` first.',
        tags: ['live'],
        querystring: {
          type: 'object',
          properties: {
            [CLIENT_PARAM]: { type: 'integer', description: 'The marina, when X-Client-Id cannot be sent' },
            lastEventId: { type: 'string', pattern: LAST_EVENT_ID.source, description: 'The last event id seen' },
          },
        },
        headers: {
          type: 'object',
          properties: {
            [CLIENT_HEADER]: { type: 'integer', description: 'The marina (clientId) the call is for' },
            'last-event-id': { type: 'string', description: 'The last event id seen (sent by the browser)' },
          },
        },
        security: [{ session: [] }],
        produces: ['text/event-stream'],
        response: { 200: { description: 'text/event-stream', type: 'string' }, ...problemResponses(400, 401, 503) },
      },
    },
    async (request, reply) => {
      const session = requireSession(request);
      const clientId = session.clientId;
      const { accountId } = session;
      const query = request.query as { lastEventId?: string };
      const header = request.headers['last-event-id'];
      const lastEventId = typeof header === 'string' && LAST_EVENT_ID.test(header) ? header : query.lastEventId;

      const mine = [...open].filter((stream) => stream.accountId === accountId && stream.clientId === clientId);
      if (mine.length >= STREAMS_PER_ACCOUNT) mine[0]?.replace();
      else if (open.size >= STREAMS_PER_INSTANCE) {
        reply.header('retry-after', '30');
        throw problem('service_unavailable', 503, problemDetails.live_streams_full);
      }

      reply.hijack();
      const raw = reply.raw;
      // What the hooks set (security and CORS headers) goes out too: Fastify no longer sends the answer.
      for (const [name, value] of Object.entries(reply.getHeaders()))
        if (value !== undefined) raw.setHeader(name, value);
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        // A proxy that buffers answers (nginx) passes this one on as it comes.
        'x-accel-buffering': 'no',
        // Its connection serves no other request: once the stream ends, it goes (the server need not wait on it).
        connection: 'close',
      });

      let ended = false;
      let deadline = Math.min(session.expiresAt.getTime(), session.lastSeenAt.getTime() + SESSION_IDLE_TIMEOUT_MS);
      const write = (text: string) => {
        if (ended) return;
        raw.write(text);
        if (raw.writableLength > MAX_UNREAD_BYTES) stream.end();
      };
      const checkSession = async () => {
        const live = await sessionStillLive(db, session, clock());
        if (!live) stream.end();
        else deadline = Math.min(session.expiresAt.getTime(), live.lastSeenAt.getTime() + SESSION_IDLE_TIMEOUT_MS);
      };
      const check = () => {
        checkSession().catch((error: unknown) => {
          request.log.warn({ err: error }, 'live stream: session not checked');
        });
      };
      const heartbeat = setInterval(() => {
        write(': ping\n\n');
        if (clock().getTime() >= deadline) check();
      }, HEARTBEAT_MS).unref();
      const unsubscribe = changes.subscribe({
        clientId,
        accountId,
        onChange: (id, topics) => write(event(id, 'change', { topics })),
        onResync: (id) => write(event(id, 'resync', { topics: LIVE_TOPICS })),
        onSessionEnded: check,
        onStop: () => stream.end(),
      });
      const stream: Stream = {
        accountId,
        clientId,
        end() {
          if (ended) return;
          ended = true;
          clearInterval(heartbeat);
          unsubscribe();
          open.delete(stream);
          raw.end();
        },
        replace() {
          // No id: where the replaced stream stood stays its last change's.
          write('event: replaced\ndata: {}\n\n');
          stream.end();
        },
      };
      open.add(stream);
      raw.on('close', () => stream.end());
      // The session was looked up before this request's awaits: a sign-out that landed since, before the
      // subscription, would go unheard. Checked once more now that one would be heard.
      check();

      write(`retry: ${RETRY_MS}\n\n`);
      const head = changes.head();
      const missed = lastEventId === undefined ? { topics: [] } : changes.missedSince(lastEventId, clientId, accountId);
      if (missed === null) write(event(head, 'resync', { topics: LIVE_TOPICS }));
      else if (missed.topics.length > 0) write(event(head, 'change', { topics: missed.topics satisfies LiveTopic[] }));
      else write(event(head, 'ready', {}));
    },
  );
};
