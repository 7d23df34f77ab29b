import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { LIVE_TOPICS } from '../domain/live.ts';
import {
  connectLiveEvents,
  eventsUrl,
  invalidateTopics,
  queriesFor,
  reopenDelay,
  type EventSourceLike,
  type LiveEventsOptions,
} from './live-events.ts';

/** An `EventSource` the test drives: what the server would send, and how the connection fails. */
class FakeEventSource implements EventSourceLike {
  readyState = 0;
  closed = false;
  private readonly listeners = new Map<string, Array<(event: MessageEvent<string>) => void>>();
  readonly url: string;
  readonly withCredentials: boolean;
  constructor(url: string, withCredentials: boolean) {
    this.url = url;
    this.withCredentials = withCredentials;
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  emit(type: string, id: string, data: unknown) {
    this.readyState = 1;
    const event = new MessageEvent(type, { data: JSON.stringify(data), lastEventId: id });
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
  fail(readyState: 0 | 2) {
    this.readyState = readyState;
    for (const listener of this.listeners.get('error') ?? []) listener(new MessageEvent('error'));
  }
}

function harness(overrides: Partial<LiveEventsOptions> = {}) {
  const sources: FakeEventSource[] = [];
  const told: string[][] = [];
  const due: Array<{ run: () => void; ms: number; cleared: boolean }> = [];
  const page = new EventTarget() as EventTarget & { visibilityState: DocumentVisibilityState };
  page.visibilityState = 'visible';
  const stop = connectLiveEvents({
    apiPrefix: '/api/v1',
    clientId: 901,
    onTopics: (topics) => told.push(topics),
    open: (url, init) => {
      const source = new FakeEventSource(url, init.withCredentials);
      sources.push(source);
      return source;
    },
    page: page as unknown as LiveEventsOptions['page'],
    timers: {
      set: (run, ms) => {
        const timer = { run, ms, cleared: false };
        due.push(timer);
        return timer;
      },
      clear: (handle) => {
        (handle as { cleared: boolean }).cleared = true;
      },
    },
    random: () => 1,
    ...overrides,
  });
  const setVisibility = (state: DocumentVisibilityState) => {
    page.visibilityState = state;
    page.dispatchEvent(new Event('visibilitychange'));
  };
  const runTimers = () => {
    for (const timer of due.splice(0)) if (!timer.cleared) timer.run();
  };
  return { sources, told, due, stop, setVisibility, runTimers, last: () => sources.at(-1)! };
}

describe('live events', () => {
  it('opens the stream with the marina in the query and credentials, and hands on the topics of each change', () => {
    const live = harness();
    expect(live.sources).toHaveLength(1);
    expect(live.last().url).toBe('/api/v1/events?clientId=901');
    expect(live.last().withCredentials).toBe(true);
    live.last().emit('ready', '7', {});
    live.last().emit('change', '8', { topics: ['launches', 'notifications'] });
    live.last().emit('change', '9', { topics: ['made-up'] });
    live.last().emit('resync', '10', { topics: [...LIVE_TOPICS] });
    expect(live.told).toEqual([['launches', 'notifications'], [...LIVE_TOPICS]]);
    live.stop();
    expect(live.last().closed).toBe(true);
  });

  it('closes while the page is hidden and reopens from the last event when it is visible again', () => {
    const live = harness();
    live.last().emit('change', '42', { topics: ['boats'] });
    live.setVisibility('hidden');
    expect(live.last().closed).toBe(true);
    expect(live.sources).toHaveLength(1);
    live.setVisibility('visible');
    expect(live.sources).toHaveLength(2);
    expect(live.last().url).toBe('/api/v1/events?clientId=901&lastEventId=42');
    live.stop();
  });

  it('does not open while the page starts hidden', () => {
    const page = new EventTarget() as EventTarget & { visibilityState: DocumentVisibilityState };
    page.visibilityState = 'hidden';
    const opened: string[] = [];
    const stop = connectLiveEvents({
      apiPrefix: '/api/v1',
      clientId: 901,
      onTopics: () => {},
      open: (url) => {
        opened.push(url);
        return new FakeEventSource(url, true);
      },
      page: page as unknown as LiveEventsOptions['page'],
    });
    expect(opened).toEqual([]);
    stop();
  });

  it('leaves a broken connection to the browser’s own retry, and reopens one closed for good later each time', () => {
    const live = harness();
    live.last().emit('ready', '5', {});
    live.last().fail(0);
    expect(live.due).toHaveLength(0);
    live.last().fail(2);
    expect(live.due.map((timer) => timer.ms)).toEqual([1_000]);
    live.runTimers();
    expect(live.sources).toHaveLength(2);
    expect(live.last().url).toContain('lastEventId=5');
    live.last().fail(2);
    expect(live.due.map((timer) => timer.ms)).toEqual([2_000]);
    live.runTimers();
    // An event resets the wait.
    live.last().emit('ready', '6', {});
    live.last().fail(2);
    expect(live.due.map((timer) => timer.ms)).toEqual([1_000]);
    // Stopped meanwhile: the pending reopen does nothing.
    live.stop();
    live.runTimers();
    expect(live.sources).toHaveLength(3);
  });

  it('says when the stream was closed for good, each time, so the app can check its session', () => {
    let closed = 0;
    const live = harness({ onClosed: () => (closed += 1) });
    live.last().fail(0);
    expect(closed).toBe(0);
    live.last().fail(2);
    expect(closed).toBe(1);
    live.runTimers();
    live.last().fail(2);
    expect(closed).toBe(2);
    live.stop();
  });

  it('stops, without a reopen planned, when a newer stream replaced it, until the page is shown again', () => {
    const live = harness();
    live.last().emit('change', '12', { topics: ['boats'] });
    live.last().emit('replaced', '', {});
    expect(live.last().closed).toBe(true);
    // The server then ends the connection: the browser's error is no reason to come back.
    live.last().fail(0);
    live.last().fail(2);
    expect(live.due).toHaveLength(0);
    expect(live.sources).toHaveLength(1);
    live.setVisibility('hidden');
    live.setVisibility('visible');
    expect(live.sources).toHaveLength(2);
    expect(live.last().url).toContain('lastEventId=12');
    live.stop();
  });

  it('waits at most a minute, less at random so phones do not all come back at once', () => {
    expect(reopenDelay(1, () => 1)).toBe(1_000);
    expect(reopenDelay(3, () => 1)).toBe(4_000);
    expect(reopenDelay(20, () => 1)).toBe(60_000);
    expect(reopenDelay(20, () => 0)).toBe(30_000);
  });

  it('builds the address on another origin too', () => {
    expect(eventsUrl('https://api.example.com:8443/api/v1', 902, '3')).toBe(
      'https://api.example.com:8443/api/v1/events?clientId=902&lastEventId=3',
    );
  });
});

describe('what each topic loads again', () => {
  it('names the lists, the detail screens, the card, inicio’s parts and the badge', () => {
    expect(queriesFor(['launches'])).toEqual([['launches'], ['launch-days'], ['launch-slots'], ['boats']]);
    expect(queriesFor(['notifications'])).toEqual([['notifications'], ['session']]);
    expect(queriesFor(['boats', 'card'])).toEqual([['boats'], ['card'], ['launch-days'], ['launch-slots']]);
  });

  it('marks those queries stale, and leaves the others', async () => {
    const client = new QueryClient();
    for (const key of [['launches', 'list'], ['launches', 'abc'], ['session'], ['card'], ['marina']]) {
      client.setQueryData(key, { loaded: true });
    }
    invalidateTopics(client, ['launches']);
    const stale = (key: string[]) => client.getQueryState(key)?.isInvalidated;
    expect(stale(['launches', 'list'])).toBe(true);
    expect(stale(['launches', 'abc'])).toBe(true);
    expect(stale(['session'])).toBe(false);
    expect(stale(['card'])).toBe(false);
    invalidateTopics(client, ['notifications']);
    expect(stale(['session'])).toBe(true);
    expect(stale(['marina'])).toBe(false);
  });
});
