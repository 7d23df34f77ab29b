/**
 * The change feed on its own (decision 062): notices of one transaction folded into one event per stream, what a
 * reconnecting stream is told from the buffer, and a lost listening connection telling every stream to resync.
 */
import { LIVE_TOPICS } from '@marina/core/domain/live.ts';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { ChangeFeed, type ChangeListener } from './change-feed.ts';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const notice = (s: number, a: string[], t: string[], c = 901) => JSON.stringify({ c, a, t, s });

/** A feed over a fake database: `send` delivers a notice, `drop` says the listening connection came back. */
async function fakeFeed(bufferSize?: number) {
  let deliver: (payload: string) => void = () => {};
  let reconnected: () => void = () => {};
  const feed = new ChangeFeed({ warn: () => {} } as unknown as FastifyBaseLogger, bufferSize);
  await feed.start({
    listen: async (_channel, onPayload, onReconnect) => {
      deliver = onPayload;
      reconnected = onReconnect ?? (() => {});
      return async () => {};
    },
  });
  return { feed, send: (payload: string) => deliver(payload), drop: () => reconnected() };
}

function listener(accountId: string, clientId = 901) {
  const heard: string[] = [];
  const value: ChangeListener = {
    clientId,
    accountId,
    onChange: (id, topics) => heard.push(`${id} change ${[...topics].sort().join(',')}`),
    onResync: (id) => heard.push(`${id} resync`),
    onSessionEnded: () => heard.push('session'),
    onStop: () => heard.push('stop'),
  };
  return { value, heard };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('the change feed', () => {
  it('hands each stream its account’s topics of a transaction in one event, and nothing of others', async () => {
    const { feed, send } = await fakeFeed();
    const a = listener(A);
    const b = listener(B);
    const elsewhere = listener(A, 903);
    for (const item of [a, b, elsewhere]) feed.subscribe(item.value);
    send(notice(7, [A, B], ['launches']));
    send(notice(7, [A], ['notifications']));
    send(notice(7, [B], ['session']));
    await turn();
    expect(a.heard).toEqual(['7 change launches,notifications']);
    expect(b.heard).toEqual(['7 change launches', 'session']);
    expect(elsewhere.heard).toEqual([]);
    feed.endStreams();
    expect(a.heard.at(-1)).toBe('stop');
  });

  it('tells a reconnecting stream what came after its id, and cannot tell past the buffer', async () => {
    const { feed, send } = await fakeFeed(3);
    const start = feed.head();
    expect(feed.missedSince(start, 901, A)).toEqual({ topics: [] });
    send(notice(10, [A], ['boats']));
    send(notice(9, [B], ['card']));
    send(notice(12, [A], ['card']));
    await turn();
    // Ids by arrival, not by value: 9 came after 10.
    expect(feed.missedSince('10', 901, A)).toEqual({ topics: ['card'] });
    expect(feed.missedSince('9', 901, B)).toEqual({ topics: [] });
    expect(feed.missedSince(start, 901, A)?.topics.sort()).toEqual(['boats', 'card']);
    expect(feed.missedSince('11', 901, A)).toBeNull();
    send(notice(13, [A], ['launches']));
    await turn();
    // The first change has left the buffer: from before it, nothing can be told.
    expect(feed.missedSince(start, 901, A)).toBeNull();
    expect(feed.missedSince('10', 901, A)).toBeNull();
    expect(feed.missedSince('9', 901, A)).toEqual({ topics: ['card', 'launches'] });
    expect(feed.head()).toBe('13');
  });

  it('ignores what is not a notice of ours', async () => {
    const { feed, send } = await fakeFeed();
    const a = listener(A);
    feed.subscribe(a.value);
    send('not json');
    send(JSON.stringify({ c: '901', a: [A], t: ['boats'], s: 1 }));
    send(notice(2, [A], ['not-a-topic']));
    await turn();
    expect(a.heard).toEqual([]);
  });

  it('tells every stream to resync and check its session when the listening connection was lost, and forgets what it held', async () => {
    const { feed, send, drop } = await fakeFeed();
    const a = listener(A);
    feed.subscribe(a.value);
    send(notice(4, [A], ['boats']));
    await turn();
    drop();
    // A sign-out meanwhile went unheard too.
    expect(a.heard).toEqual(['4 change boats', `${feed.head()} resync`, 'session']);
    expect(feed.missedSince('4', 901, A)).toBeNull();
    expect(LIVE_TOPICS).toContain('boats');
  });
});
