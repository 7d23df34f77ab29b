import { describe, expect, it } from 'vitest';
import { keptOwner, PERSIST_KEY, PERSIST_MAX_AGE } from './queries.ts';

const storageWith = (value: string | null) => ({ getItem: (key: string) => (key === PERSIST_KEY ? value : null) });

describe('keptOwner', () => {
  const now = Date.parse('2026-11-25T10:00:00Z');

  it('names the account whose copy the phone kept', () => {
    expect(keptOwner(storageWith(JSON.stringify({ buster: 'a1', timestamp: now - 1000, clientState: {} })), now)).toBe('a1');
  });

  it('names nobody when there is no copy, a copy older than the limit, or one it cannot read', () => {
    expect(keptOwner(storageWith(null), now)).toBeNull();
    expect(keptOwner(storageWith(JSON.stringify({ buster: 'a1', timestamp: now - PERSIST_MAX_AGE - 1 })), now)).toBeNull();
    expect(keptOwner(storageWith(JSON.stringify({ buster: '', timestamp: now })), now)).toBeNull();
    expect(keptOwner(storageWith(JSON.stringify({ timestamp: now })), now)).toBeNull();
    expect(keptOwner(storageWith('{not json'), now)).toBeNull();
  });
});
