/**
 * The live event stream as a browser reads it, for API tests: `GET /api/v1/events` over a real connection (a
 * stream never ends, so `inject` cannot read it), parsed into events a test waits for one at a time.
 */
import type { FastifyInstance } from 'fastify';
import type { Agent } from './test-agent.ts';

export interface LiveEvent {
  id: string;
  event: string;
  data: { topics?: string[] };
}

export interface EventStream {
  status: number;
  headers: Headers;
  /** The next event; fails after `timeoutMs` without one. */
  next(timeoutMs?: number): Promise<LiveEvent>;
  /** Comments received so far (the heartbeat). */
  comments: string[];
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/** Where the app listens, started on a free port on first use. */
export async function listening(app: FastifyInstance): Promise<string> {
  const address = app.server.address();
  if (address && typeof address === 'object') return `http://127.0.0.1:${address.port}`;
  return app.listen({ port: 0, host: '127.0.0.1' });
}

export async function openEvents(
  app: FastifyInstance,
  agent: Agent,
  {
    lastEventId,
    query = '',
    headers = {},
  }: { lastEventId?: string; query?: string; headers?: Record<string, string> } = {},
): Promise<EventStream> {
  const base = await listening(app);
  const abort = new AbortController();
  const cookie = [...agent.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const response = await fetch(`${base}/api/v1/events${query}`, {
    headers: {
      accept: 'text/event-stream',
      ...(query.includes('clientId=') ? {} : { 'x-client-id': String(agent.clientId) }),
      ...(cookie ? { cookie } : {}),
      ...(lastEventId === undefined ? {} : { 'last-event-id': lastEventId }),
      ...headers,
    },
    signal: abort.signal,
  });
  const events: LiveEvent[] = [];
  const comments: string[] = [];
  const waiting: Array<() => void> = [];
  let done = false;
  const wake = () => {
    for (const resolve of waiting.splice(0)) resolve();
  };

  const ended = (async () => {
    if (!response.body) return;
    const decoder = new TextDecoder();
    let text = '';
    try {
      for await (const chunk of response.body) {
        text += decoder.decode(chunk as Uint8Array, { stream: true });
        let end: number;
        while ((end = text.indexOf('\n\n')) >= 0) {
          const block = text.slice(0, end);
          text = text.slice(end + 2);
          const fields: Record<string, string> = {};
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else {
              const colon = line.indexOf(':');
              fields[line.slice(0, colon)] = line.slice(colon + 1).trimStart();
            }
          }
          if (fields.event !== undefined) {
            events.push({ id: fields.id ?? '', event: fields.event, data: JSON.parse(fields.data ?? '{}') });
          }
        }
        wake();
      }
    } catch {
      // Aborted by the test.
    } finally {
      done = true;
      wake();
    }
  })();

  return {
    status: response.status,
    headers: response.headers,
    comments,
    ended,
    close: () => abort.abort(),
    async next(timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      while (events.length === 0) {
        if (done) throw new Error('the stream ended');
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no event within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiting.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return events.shift()!;
    },
  };
}
