/**
 * The changes the database announces (decision 062): triggers `pg_notify('marina_changes', …)` once a change
 * commits (migration 0015), naming the marina, the accounts that see the row, the topics and the change's id
 * (one per transaction). Each API instance listens once and hands each change to the streams open on it
 * whose account and marina it names (`live-routes.ts`), and keeps the last ones for a stream that reconnects.
 *
 * Ids come from a sequence taken when a transaction first writes, so they are not in the order changes
 * commit; PostgreSQL delivers notifications in commit order to every listener alike, so "what came after
 * id X" is what this instance received after X. A stream that names an id this instance does not hold (too
 * old, from before it started, or lost while its listening connection was down) is told to refetch it all
 * (`resync`).
 */
import { randomBytes } from 'node:crypto';
import { isLiveTopic, type LiveTopic } from '@marina/core/domain/live.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.ts';

export const CHANGES_CHANNEL = 'marina_changes';
/** How many changes an instance keeps for streams that reconnect. */
export const CHANGE_BUFFER_SIZE = 2_000;
/** Not a screen's: a session of the account ended, so its streams are checked (`session` is never sent on). */
const SESSION_TOPIC = 'session';

/** One committed transaction's changes: per account that sees them, what changed. */
interface Change {
  id: string;
  clientId: number;
  topics: Map<string, Set<LiveTopic>>;
  /** Accounts one of whose sessions ended in it. */
  sessionsEnded: Set<string>;
}

export interface ChangeListener {
  clientId: number;
  accountId: string;
  /** Something the account sees changed. */
  onChange(id: string, topics: readonly LiveTopic[]): void;
  /** Changes may have been missed (the listening connection was lost): refetch everything (`onSessionEnded` follows). */
  onResync(id: string): void;
  /** One of the account's sessions ended: check that the stream's own is still live. */
  onSessionEnded(): void;
  /** The server is stopping: end the stream. */
  onStop(): void;
}

/** What a stream that reconnects after `lastEventId` missed, or `null` when it cannot be told (resync). */
export interface Missed {
  topics: LiveTopic[];
}

interface Payload {
  c: number;
  a: string[];
  t: string[];
  s: number | string;
}

function parse(payload: string): Payload | null {
  try {
    const value = JSON.parse(payload) as Partial<Payload>;
    if (typeof value.c !== 'number' || !Array.isArray(value.a) || !Array.isArray(value.t)) return null;
    if (typeof value.s !== 'number' && typeof value.s !== 'string') return null;
    return value as Payload;
  } catch {
    return null;
  }
}

export class ChangeFeed {
  private readonly buffer: Change[] = [];
  private readonly listeners = new Set<ChangeListener>();
  /** Changes received and not yet handed to listeners (a transaction's notifications come one by one). */
  private readonly pending = new Set<Change>();
  private flushScheduled = false;
  /** Names this instance's run of changes; what a stream holds before any change came (`head()`). */
  private epoch = randomBytes(6).toString('base64url');
  /** Whether the buffer still holds every change since `epoch` began. */
  private complete = true;
  private stopListening: (() => Promise<void>) | undefined;

  private readonly log: FastifyBaseLogger;
  private readonly bufferSize: number;

  constructor(log: FastifyBaseLogger, bufferSize = CHANGE_BUFFER_SIZE) {
    this.log = log;
    this.bufferSize = bufferSize;
  }

  async start(database: Pick<Database, 'listen'>): Promise<void> {
    this.stopListening = await database.listen(
      CHANGES_CHANNEL,
      (payload) => this.receive(payload),
      () => this.lost(),
    );
  }

  /** Ends every stream open on this instance (the server is stopping: it would wait for them for ever). */
  endStreams(): void {
    for (const listener of [...this.listeners]) listener.onStop();
  }

  async stop(): Promise<void> {
    const stop = this.stopListening;
    this.stopListening = undefined;
    await stop?.();
  }

  /** Hands `listener` every change from now on; returns what stops it. */
  subscribe(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get size(): number {
    return this.listeners.size;
  }

  /** The id of the last change received: where a stream opened now stands. */
  head(): string {
    return this.buffer.at(-1)?.id ?? `0-${this.epoch}`;
  }

  /**
   * What the account missed after `lastEventId`, gathered in one; `null` when this instance cannot tell
   * (an id it does not hold).
   */
  missedSince(lastEventId: string, clientId: number, accountId: string): Missed | null {
    let from: number;
    if (lastEventId === `0-${this.epoch}`) {
      if (!this.complete) return null;
      from = 0;
    } else {
      const at = this.buffer.findLastIndex((change) => change.id === lastEventId);
      if (at < 0) return null;
      from = at + 1;
    }
    const topics = new Set<LiveTopic>();
    for (const change of this.buffer.slice(from)) {
      if (change.clientId !== clientId) continue;
      for (const topic of change.topics.get(accountId) ?? []) topics.add(topic);
    }
    return { topics: [...topics] };
  }

  /** A notification as the database delivers it. */
  receive(payload: string): void {
    const parsed = parse(payload);
    if (!parsed) {
      this.log.warn({ payload: payload.slice(0, 200) }, 'live change not understood');
      return;
    }
    const id = String(parsed.s);
    // A transaction's notifications arrive together: the same change, for more accounts or topics.
    let change = this.buffer.at(-1);
    if (change?.id !== id || change.clientId !== parsed.c) {
      change = { id, clientId: parsed.c, topics: new Map(), sessionsEnded: new Set() };
      this.buffer.push(change);
      if (this.buffer.length > this.bufferSize) {
        this.buffer.shift();
        this.complete = false;
      }
    }
    const topics = parsed.t.filter(isLiveTopic);
    for (const accountId of parsed.a) {
      if (parsed.t.includes(SESSION_TOPIC)) change.sessionsEnded.add(accountId);
      if (topics.length === 0) continue;
      let seen = change.topics.get(accountId);
      if (!seen) change.topics.set(accountId, (seen = new Set()));
      for (const topic of topics) seen.add(topic);
    }
    this.pending.add(change);
    if (!this.flushScheduled) {
      this.flushScheduled = true;
      setImmediate(() => this.flush());
    }
  }

  private flush(): void {
    this.flushScheduled = false;
    const changes = [...this.pending];
    this.pending.clear();
    for (const change of changes) {
      for (const listener of this.listeners) {
        if (listener.clientId !== change.clientId) continue;
        const topics = change.topics.get(listener.accountId);
        if (topics && topics.size > 0) listener.onChange(change.id, [...topics]);
        if (change.sessionsEnded.has(listener.accountId)) listener.onSessionEnded();
      }
    }
  }

  /** The listening connection was lost and is back: what came meanwhile, sign-outs included, is unknown. */
  private lost(): void {
    this.log.warn('live changes: listening connection reopened, open streams resync');
    this.buffer.length = 0;
    this.pending.clear();
    this.epoch = randomBytes(6).toString('base64url');
    this.complete = true;
    const head = this.head();
    for (const listener of [...this.listeners]) {
      listener.onResync(head);
      // A session that ended meanwhile went unannounced too.
      listener.onSessionEnded();
    }
  }
}
