import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_ABSOLUTE_TIMEOUT_MS } from '../config.ts';
import type { Database } from '../db/database.ts';
import { accounts, verificationCodes } from '../accounts/accounts.schema.ts';
import { idempotencyKeys, rateLimitHits } from '../security/security.schema.ts';
import { sessions } from '../sessions/sessions.schema.ts';
import { marinaSeeds, seedClients } from '../db/seed.ts';
import { FIXTURE_MARINAS_DIR, openTestDatabase } from '../test/test-database.ts';
import { sweepExpired } from './housekeeping.ts';

let database: Database;
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  database = await openTestDatabase();
  await seedClients(database.db, await marinaSeeds(FIXTURE_MARINAS_DIR));
});

afterAll(async () => {
  await database.close();
});

describe('sweepExpired', () => {
  it('deletes what has outlived its use and keeps what is live', async () => {
    const now = new Date();
    const ago = (ms: number) => new Date(now.getTime() - ms);
    const [account] = await database.db
      .insert(accounts)
      .values({ clientId: 901, status: 'active', firstName: 'Nuria', surnames: 'Puig' })
      .returning();
    await database.db.insert(sessions).values([
      {
        idHash: 'old',
        clientId: 901,
        accountId: account!.id,
        createdAt: ago(40 * DAY),
        lastSeenAt: ago(60_000),
        expiresAt: ago(10 * DAY),
      },
      {
        idHash: 'live',
        clientId: 901,
        accountId: account!.id,
        createdAt: ago(60_000),
        lastSeenAt: now,
        expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_TIMEOUT_MS),
      },
    ]);
    const code = (expiresAt: Date) => ({
      id: randomUUID(),
      clientId: 901,
      accountId: account!.id,
      purpose: 'password_reset' as const,
      channel: 'sms' as const,
      destination: '+34611111111',
      typedHash: 'h',
      expiresAt,
      lastSentAt: ago(DAY),
    });
    await database.db.insert(verificationCodes).values([code(ago(2 * DAY)), code(new Date(now.getTime() + 60_000))]);
    await database.db
      .insert(idempotencyKeys)
      .values({ clientId: 901, scope: 'anonymous:x', key: randomUUID(), requestHash: 'h', createdAt: ago(2 * DAY) });
    await database.db.insert(rateLimitHits).values([
      { key: 'k', at: ago(2 * DAY) },
      { key: 'k', at: now },
    ]);

    await sweepExpired(database.db, now);
    expect((await database.db.select().from(sessions)).map((row) => row.idHash)).toEqual(['live']);
    expect(
      await database.db.select().from(verificationCodes).where(eq(verificationCodes.accountId, account!.id)),
    ).toHaveLength(1);
    expect(await database.db.select().from(idempotencyKeys)).toEqual([]);
    expect(await database.db.select().from(rateLimitHits).where(eq(rateLimitHits.key, 'k'))).toHaveLength(1);
  });
});
