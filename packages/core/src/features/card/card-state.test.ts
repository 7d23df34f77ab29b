import { describe, expect, it } from 'vitest';
import { clockOffset, shownVerdict, untilNextCode, VERDICT_MAX_AGE } from './card-state.ts';
import { greenCard, redCard } from './card.fixtures.ts';

describe('the card on the phone', () => {
  const now = Date.parse('2026-11-25T10:00:20Z');

  it('shows green up to 24 hours after fetching it, «Sin comprobar» after; red stays red', () => {
    expect(shownVerdict(greenCard(), now - VERDICT_MAX_AGE, now)).toBe('valid');
    expect(shownVerdict(greenCard(), now - VERDICT_MAX_AGE - 1, now)).toBe('unchecked');
    expect(shownVerdict(redCard(), now - 10 * VERDICT_MAX_AGE, now)).toBe('invalid');
    expect(shownVerdict(redCard(), now, now)).toBe('invalid');
  });

  it('takes the server’s clock from the answer, and none when it cannot', () => {
    expect(clockOffset({ serverTime: new Date(now + 90_000).toISOString() }, now)).toBe(90_000);
    expect(clockOffset({ serverTime: 'not a time' }, now)).toBe(0);
  });

  it('waits until the next step’s turn on the server’s clock', () => {
    expect(untilNextCode(60, now, 0)).toBe(40_000);
    expect(untilNextCode(60, now, 30_000)).toBe(10_000);
    expect(untilNextCode(60, now, -25_000)).toBe(5_000);
    expect(untilNextCode(60, Date.parse('2026-11-25T10:01:00Z'), 0)).toBe(60_000);
  });
});
