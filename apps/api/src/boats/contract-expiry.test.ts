import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { contracts } from './boats.schema.ts';
import { requestNewBoat } from '../test/boats.ts';
import { registerAccount, testClock } from '../test/accounts.ts';
import { useTestServer } from '../test/test-server.ts';
import { expireContracts } from './contract-expiry.ts';

let database: Database;
let app: FastifyInstance;
const clock = testClock();

useTestServer((server) => ({ database, app } = server), { clock: clock.now });

/** An active contract at the marina whose last day is `endsOn`. */
async function activeUntil(clientId: number, endsOn: string): Promise<string> {
  const { agent } = await registerAccount(app, clientId);
  const { id } = await requestNewBoat(agent);
  await database.db.update(contracts).set({ status: 'active', endsOn }).where(eq(contracts.id, id));
  return id;
}

const statusOf = async (id: string) =>
  (await database.db.select({ status: contracts.status }).from(contracts).where(eq(contracts.id, id)))[0]!.status;

describe('the contracts.expire job', () => {
  it('expires active contracts past their last day in each marina’s own calendar, once', async () => {
    // A winter night, 23:30 UTC: already the next day in Madrid (UTC+1), still the same day in the Canaries (UTC+0).
    const year = new Date().getUTCFullYear() + 1;
    const lastDay = `${year}-01-15`;
    const madrid = await activeUntil(901, lastDay);
    const canary = await activeUntil(902, lastDay);
    const later = await activeUntil(901, `${year}-01-16`);
    const { id: requested } = await requestNewBoat((await registerAccount(app, 901)).agent);

    clock.advance(Date.parse(`${lastDay}T23:30:00Z`) - clock.now().getTime());
    await app.jobs.scheduleRecurring();
    await app.jobs.runDue();
    expect(await statusOf(madrid)).toBe('expired');
    expect(await statusOf(canary)).toBe('active');
    expect(await statusOf(later)).toBe('active');
    expect(await statusOf(requested)).toBe('requested');

    // Run again at the same instant: nothing left to do.
    expect(await expireContracts(database.db, clock.now())).toBe(0);
    // An hour later it is the 16th in the Canaries too.
    expect(await expireContracts(database.db, new Date(clock.now().getTime() + 60 * 60_000))).toBe(1);
    expect(await statusOf(canary)).toBe('expired');
  });
});
