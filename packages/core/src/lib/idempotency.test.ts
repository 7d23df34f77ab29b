import { describe, expect, it } from 'vitest';
import { createKeyKeeper } from './idempotency.ts';

describe('createKeyKeeper', () => {
  it('reuses the key when the same submission is retried', () => {
    const keeper = createKeyKeeper();
    expect(keeper.keyFor({ a: 1 })).toBe(keeper.keyFor({ a: 1 }));
  });

  it('uses a new key when the submission changes or after a success', () => {
    const keeper = createKeyKeeper();
    const first = keeper.keyFor({ a: 1 });
    const changed = keeper.keyFor({ a: 2 });
    expect(changed).not.toBe(first);
    keeper.done();
    expect(keeper.keyFor({ a: 2 })).not.toBe(changed);
  });
});
