// The server caches the tests' screens opened, closed between tests (`setup.ts`): a write to the phone's
// storage that a cache's persister still has pending (it is throttled) would otherwise land after the
// storage was cleared, in the next test, whose cache would then open on the last test's data.
import type { ServerCache } from '../lib/server-cache.ts';

const open = new Set<ServerCache>();

export function trackCache<T extends ServerCache>(cache: T): T {
  open.add(cache);
  return cache;
}

/** Closes every cache a test opened; what they had pending is dropped, not written. */
export function disposeCaches(): void {
  for (const cache of open) cache.current()?.dispose();
  open.clear();
}
