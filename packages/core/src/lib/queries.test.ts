import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/api-error.ts';
import { keptOwner, PERSIST_KEY, PERSIST_MAX_AGE, shouldRetry } from './queries.ts';

const storageWith = (value: string | null) => ({ getItem: (key: string) => (key === PERSIST_KEY ? value : null) });

describe('keptOwner', () => {
  const now = Date.parse('2026-11-25T10:00:00Z');
  const copy = (buster: unknown, ...loadedAt: number[]) =>
    JSON.stringify({
      buster,
      timestamp: now,
      clientState: {
        mutations: [],
        queries: loadedAt.map((at) => ({ queryKey: ['card'], state: { dataUpdatedAt: at } })),
      },
    });

  it('names the account whose copy the phone kept', () => {
    expect(keptOwner(storageWith(copy('a1', now - 1000)), now)).toBe('a1');
    // One list loaded within the limit is enough: the others say «No hay conexión» on their screens.
    expect(keptOwner(storageWith(copy('a1', now - PERSIST_MAX_AGE - 1, now - PERSIST_MAX_AGE)), now)).toBe('a1');
  });

  it('names nobody when there is no copy, nothing loaded within the limit, or a copy it cannot read', () => {
    expect(keptOwner(storageWith(null), now)).toBeNull();
    // Written a moment ago (a start offline writes it again), but last loaded eight days ago.
    expect(keptOwner(storageWith(copy('a1', now - PERSIST_MAX_AGE - 1)), now)).toBeNull();
    expect(keptOwner(storageWith(copy('a1')), now)).toBeNull();
    expect(keptOwner(storageWith(copy('', now)), now)).toBeNull();
    expect(keptOwner(storageWith(JSON.stringify({ timestamp: now })), now)).toBeNull();
    expect(keptOwner(storageWith(JSON.stringify({ buster: 'a1', timestamp: now })), now)).toBeNull();
    expect(keptOwner(storageWith('{not json'), now)).toBeNull();
  });
});

describe('shouldRetry', () => {
  afterEach(() => vi.restoreAllMocks());
  const offline = new ApiError('network_error');

  it('tries a failure on the way once more, not an answered 4xx', () => {
    expect(shouldRetry(0, offline)).toBe(true);
    expect(shouldRetry(1, offline)).toBe(false);
    expect(shouldRetry(0, new ApiError('not_found', { status: 404 }))).toBe(false);
  });

  it('does not try again while the browser knows it is offline: the kept copy shows at once', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(shouldRetry(0, offline)).toBe(false);
  });
});
