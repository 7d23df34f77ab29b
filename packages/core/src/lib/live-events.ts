/**
 * Live screens (decision 062): the signed-in account's event stream (`GET /api/v1/events`, Server-Sent
 * Events) says which of the server's resources changed, and the queries that show them load again. Loaded
 * on its own, after the signed-in frame has drawn (`app/live-updates.tsx`): nothing of it is in the first
 * screen's JavaScript.
 *
 * The stream is open only while the page is visible: hidden, it is closed (a phone in a pocket keeps no
 * connection open); visible again, it reopens from the last event seen, and the server tells what was
 * missed meanwhile (or to refetch everything). A stream that fails is opened again after a growing wait; one
 * replaced by a newer stream of the account (`replaced`) waits until the page is shown again.
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import {
  isLiveTopic,
  LIVE_CLIENT_PARAM,
  LIVE_EVENTS_PATH,
  LIVE_LAST_EVENT_PARAM,
  type LiveTopic,
} from '../domain/live.ts';

/**
 * What each topic makes load again, by query key prefix. `inicio` is made of the same queries (boats,
 * launches, the session's unread count), so it follows them; the unread badge is the session's.
 */
export const TOPIC_QUERIES: Record<LiveTopic, readonly QueryKey[]> = {
  // A launch's state moves its boat (in the water, back in the rack) and the free places of its day.
  launches: [['launches'], ['launch-days'], ['launch-slots'], ['boats']],
  // A contract approved or a boat changed by the marina: the lists, each boat, what the card says.
  boats: [['boats'], ['card'], ['launch-days'], ['launch-slots']],
  card: [['card']],
  notifications: [['notifications'], ['session']],
  authorisations: [['authorisations'], ['boats']],
  outings: [['outings'], ['outing-options'], ['boats']],
  account: [['session'], ['data-validation'], ['boats'], ['card']],
};

/** The query key prefixes the topics name, each once. */
export function queriesFor(topics: readonly LiveTopic[]): QueryKey[] {
  const seen = new Map<string, QueryKey>();
  for (const topic of topics) for (const key of TOPIC_QUERIES[topic]) seen.set(JSON.stringify(key), key);
  return [...seen.values()];
}

/** Loads again what the topics name: the queries on screen now, the others when next shown. */
export function invalidateTopics(client: QueryClient, topics: readonly LiveTopic[]): void {
  for (const queryKey of queriesFor(topics)) void client.invalidateQueries({ queryKey });
}

/** Waits before reopening a stream that failed: 1 s, 2 s, 4 s… up to a minute, each a little shorter at random. */
export function reopenDelay(failures: number, random: () => number = Math.random): number {
  const ceiling = Math.min(60_000, 1_000 * 2 ** Math.max(0, failures - 1));
  return Math.round(ceiling * (0.5 + random() / 2));
}

/** The stream's address: the marina in the query, as `EventSource` sends no header of its own. */
export function eventsUrl(apiPrefix: string, clientId: number, lastEventId?: string): string {
  const query = new URLSearchParams({ [LIVE_CLIENT_PARAM]: String(clientId) });
  if (lastEventId) query.set(LIVE_LAST_EVENT_PARAM, lastEventId);
  return `${apiPrefix}${LIVE_EVENTS_PATH}?${query.toString()}`;
}

/** The parts of `EventSource` used here, so tests can give their own. */
export interface EventSourceLike {
  readonly readyState: number;
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void;
  close(): void;
}

export type EventSourceFactory = (url: string, init: { withCredentials: boolean }) => EventSourceLike;

export interface LiveEventsOptions {
  /** The API's path prefix (`/api/v1`, or an absolute one on another origin). */
  apiPrefix: string;
  clientId: number;
  /** What the topics of each `change` (or `resync`) make load again. */
  onTopics(topics: LiveTopic[]): void;
  /**
   * The stream was closed for good (refused: the session may have ended; or the server is gone). Called before
   * each reopen is planned: the app checks its session, and a signed-out person leaves for sign-in.
   */
  onClosed?(): void;
  open?: EventSourceFactory;
  page?: Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'>;
  timers?: { set(run: () => void, ms: number): unknown; clear(handle: unknown): void };
  random?: () => number;
}

const CLOSED = 2;

/** Opens the stream while the page is visible; returns what stops it for good. */
export function connectLiveEvents({
  apiPrefix,
  clientId,
  onTopics,
  onClosed,
  open = (url, init) => new EventSource(url, init),
  page = document,
  timers = { set: (run, ms) => setTimeout(run, ms), clear: (handle) => clearTimeout(handle as number) },
  random = Math.random,
}: LiveEventsOptions): () => void {
  let source: EventSourceLike | undefined;
  let lastEventId: string | undefined;
  let failures = 0;
  let retry: unknown;
  let stopped = false;

  const close = () => {
    if (retry !== undefined) timers.clear(retry);
    retry = undefined;
    source?.close();
    source = undefined;
  };

  const received = (event: MessageEvent<string>) => {
    if (event.lastEventId) lastEventId = event.lastEventId;
    failures = 0;
    if (event.type === 'ready') return;
    try {
      const { topics } = JSON.parse(event.data) as { topics?: unknown };
      const known = Array.isArray(topics) ? topics.filter(isLiveTopic) : [];
      if (known.length > 0) onTopics(known);
    } catch {
      // Not ours: nothing to load again.
    }
  };

  const connect = () => {
    close();
    if (stopped || page.visibilityState === 'hidden') return;
    const opened = open(eventsUrl(apiPrefix, clientId, lastEventId), { withCredentials: true });
    source = opened;
    for (const type of ['ready', 'change', 'resync']) opened.addEventListener(type, received);
    // A newer stream of the account took this one's place (too many open, decision 062): stopped, not
    // reopened, until the page is shown again, or tabs would take each other's place for ever.
    opened.addEventListener('replaced', () => {
      if (source === opened) close();
    });
    opened.addEventListener('error', () => {
      // While CONNECTING the browser tries again itself, sending `Last-Event-ID`; CLOSED is for good
      // (refused, signed out, the server gone): opened again here, later each time.
      if (source !== opened || opened.readyState !== CLOSED) return;
      failures += 1;
      source = undefined;
      opened.close();
      retry = timers.set(connect, reopenDelay(failures, random));
      onClosed?.();
    });
  };

  const onVisibility = () => {
    if (page.visibilityState === 'hidden') close();
    else if (!source && retry === undefined) connect();
  };

  page.addEventListener('visibilitychange', onVisibility);
  connect();
  return () => {
    stopped = true;
    page.removeEventListener('visibilitychange', onVisibility);
    close();
  };
}
