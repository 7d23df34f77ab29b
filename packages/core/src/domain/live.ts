/**
 * Live screens (issue 23, decision 062): what `GET /api/v1/events` tells the app has changed. Each `change`
 * event's data is `{ "topics": [...] }`, a subset of these; a `resync` event names them all (changes may have
 * been missed). The app refetches what shows each topic; the event carries no data of its own.
 */
export const LIVE_TOPICS = [
  'launches',
  'boats',
  'card',
  'notifications',
  'authorisations',
  'outings',
  'account',
] as const;
export type LiveTopic = (typeof LIVE_TOPICS)[number];

export function isLiveTopic(value: unknown): value is LiveTopic {
  return typeof value === 'string' && (LIVE_TOPICS as readonly string[]).includes(value);
}

/** The path of the stream, under the API prefix. */
export const LIVE_EVENTS_PATH = '/events';
/**
 * The query parameter naming the marina when a header cannot be sent (`EventSource` sends none), checked as
 * `X-Client-Id` is.
 */
export const LIVE_CLIENT_PARAM = 'clientId';
/** The query parameter a reopened stream names its last event with (`Last-Event-ID` when the browser retries). */
export const LIVE_LAST_EVENT_PARAM = 'lastEventId';
