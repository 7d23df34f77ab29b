import { newIdempotencyKey } from '../api/client.ts';

/**
 * One `Idempotency-Key` per thing a person means to create: a retry of the same submission reuses it
 * (the server answers with the first result, so nothing is booked twice); a changed submission gets a
 * new one (the server would refuse the old key with other data).
 */
export function createKeyKeeper() {
  let last: { key: string; body: string } | null = null;
  return {
    keyFor(body: unknown): string {
      const serialized = JSON.stringify(body);
      if (!last || last.body !== serialized) last = { key: newIdempotencyKey(), body: serialized };
      return last.key;
    },
    /** After a success: the next submission is a new thing. */
    done(): void {
      last = null;
    },
  };
}
