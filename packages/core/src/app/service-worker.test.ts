import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { scheduleServiceWorker, SW_REGISTRATION_TIMEOUT_MS } from './service-worker.ts';

const never = new Promise<void>(() => {});

describe('scheduleServiceWorker', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits 30000 ms at the latest when the app never becomes stable', async () => {
    const register = vi.fn();
    scheduleServiceWorker({ production: true, whenStable: never, register });
    await vi.advanceTimersByTimeAsync(SW_REGISTRATION_TIMEOUT_MS - 1);
    expect(register).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(register).toHaveBeenCalledTimes(1);
    expect(SW_REGISTRATION_TIMEOUT_MS).toBe(30000);
  });

  it('registers as soon as the app is stable, and only once', async () => {
    const register = vi.fn();
    let stable!: () => void;
    scheduleServiceWorker({ production: true, whenStable: new Promise<void>((r) => (stable = r)), register });
    await vi.advanceTimersByTimeAsync(1200);
    expect(register).not.toHaveBeenCalled();
    stable();
    await vi.advanceTimersByTimeAsync(0);
    expect(register).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(SW_REGISTRATION_TIMEOUT_MS);
    expect(register).toHaveBeenCalledTimes(1);
  });

  it('never registers in a development build', async () => {
    const register = vi.fn();
    scheduleServiceWorker({ production: false, whenStable: Promise.resolve(), register });
    await vi.advanceTimersByTimeAsync(SW_REGISTRATION_TIMEOUT_MS * 2);
    expect(register).not.toHaveBeenCalled();
  });
});
