/**
 * Cards under bursts. On PostgreSQL (TEST_DATABASE_URL) the requests run on several connections at once, so
 * a read-then-insert card or a count-then-write limit would let more than one through: 100 first reads of a
 * card make exactly one, 120 checks from one address let exactly the per-IP limit through, and 120 checks of
 * one card from 120 addresses exactly the card's ceiling (decision 040).
 */
import { randomBytes } from 'node:crypto';
import { cardCode, type Card } from '@marina/core/domain/cards.ts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { cards } from './cards.schema.ts';
import { CARD_CHECKS_PER_CARD, CARD_CHECKS_PER_IP } from '../security/limits.ts';
import { testClock } from '../test/accounts.ts';
import { eligibleOwner } from '../test/launches.ts';
import { keptLog, useTestServer } from '../test/test-server.ts';

let database: Database;
let app: FastifyInstance;
// A still clock: every request of a burst happens at the same instant, so no window moves mid-burst.
const clock = testClock();

// What the server logs as an error (a 500's cause), kept to be shown by a burst's failure.
const { lines: errorLog, stream: errorStream } = keptLog();

useTestServer((server) => ({ database, app } = server), {
  clock: clock.now,
  config: { logLevel: 'error' },
  logStream: errorStream,
});

async function burst(count: number, fire: (index: number) => Promise<LightMyRequestResponse>) {
  const responses = await Promise.all(Array.from({ length: count }, (_, index) => fire(index)));
  const statuses: Record<number, number> = {};
  for (const response of responses) statuses[response.statusCode] = (statuses[response.statusCode] ?? 0) + 1;
  return { responses, statuses };
}

describe('cards under bursts', () => {
  it('makes exactly one card for 100 parallel first reads, and every read gets it', async () => {
    const owner = await eligibleOwner(app, database.db, 901, { now: clock.now() });
    const { responses, statuses } = await burst(100, () => owner.agent.get('/card'));
    expect(statuses, errorLog.join('\n')).toEqual({ 200: 100 });
    const rows = await database.db.select().from(cards).where(eq(cards.accountId, owner.accountId));
    expect(rows).toHaveLength(1);
    expect(new Set(responses.map((response) => response.json().idTarjeta))).toEqual(new Set([rows[0]!.cardId]));
  });

  it('lets exactly the per-IP limit of 120 parallel checks from one address through', async () => {
    const ip = '172.31.7.7';
    // Each of another (unknown) card, so that no card's ceiling is what refuses.
    const { statuses, responses } = await burst(120, () =>
      app.inject({
        method: 'GET',
        url: `/api/v1/cards/${randomBytes(16).toString('base64url')}/check?c=123456`,
        headers: { 'x-client-id': '901' },
        remoteAddress: ip,
      }),
    );
    expect(statuses, errorLog.join('\n')).toEqual({ 200: CARD_CHECKS_PER_IP.max, 429: 120 - CARD_CHECKS_PER_IP.max });
    for (const refused of responses.filter((response) => response.statusCode === 429))
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('lets exactly the card’s ceiling of 120 parallel anonymous checks of one card from 120 addresses through, by id or number', async () => {
    const owner = await eligibleOwner(app, database.db, 901, { now: clock.now() });
    const card: Card = (await owner.agent.get('/card')).json();
    const right = cardCode(card.code.secret, clock.now());
    // Half with the right code: a guesser's lucky guess and the holder at the gate count alike.
    const { statuses, responses } = await burst(120, (index) =>
      app.inject({
        method: 'GET',
        url: `/api/v1/cards/${index % 3 === 0 ? card.number : card.idTarjeta}/check?c=${index % 2 === 0 ? right : 'abcdef'}`,
        headers: { 'x-client-id': '901' },
        remoteAddress: `172.30.${index >> 8}.${index & 255}`,
      }),
    );
    expect(statuses, errorLog.join('\n')).toEqual({
      200: CARD_CHECKS_PER_CARD.max,
      429: 120 - CARD_CHECKS_PER_CARD.max,
    });
    for (const refused of responses.filter((response) => response.statusCode === 429)) {
      expect(refused.json().code).toBe('rate_limited');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
  });
});
