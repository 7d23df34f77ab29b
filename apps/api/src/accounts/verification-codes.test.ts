/**
 * A checked code is consumed only as it was checked: a resend between the check and the consumption (another
 * tab asked for a new code) leaves the old one worthless, on PGlite and on PostgreSQL.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verificationCodes } from './accounts.schema.ts';
import { marinaSeeds, seedClients } from '../db/seed.ts';
import { FIXTURE_MARINAS_DIR, openTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { CODE_RESEND_AFTER_MS } from '../security/limits.ts';
import { checkCode, issueCode, markCodeUsed, resendCode } from './verification-codes.ts';

const now = new Date('2027-06-01T08:00:00Z');

describe('consuming a checked code', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
    await seedClients(database.db, await marinaSeeds(FIXTURE_MARINAS_DIR));
  });
  afterAll(() => database.close());

  const issue = (destination: string) =>
    issueCode(
      database.db,
      { clientId: 901, accountId: null, purpose: 'registration', channel: 'sms', destination, typed: destination },
      now,
    );

  it('consumes the code that was checked, once', async () => {
    const { verification, code } = await issue('+34600000001');
    await checkCode(database.db, verification, code!, now);
    await database.db.transaction((tx) => markCodeUsed(tx, verification, code!, now));
    const [row] = await database.db.select().from(verificationCodes).where(eq(verificationCodes.id, verification.id));
    expect(row!.consumedAt).toEqual(now);
    await expect(database.db.transaction((tx) => markCodeUsed(tx, verification, code!, now))).rejects.toMatchObject({
      code: 'code_invalid',
      status: 422,
    });
  });

  it('refuses a checked code that a resend replaced before it was consumed, and consumes the new one', async () => {
    const { verification, code } = await issue('+34600000002');
    await checkCode(database.db, verification, code!, now);
    // Another tab, as soon as a new code may be asked for.
    const later = new Date(now.getTime() + CODE_RESEND_AFTER_MS);
    const resent = await database.db.transaction((tx) => resendCode(tx, verification, later));
    expect(resent.code).not.toBe(code);
    await expect(database.db.transaction((tx) => markCodeUsed(tx, verification, code!, later))).rejects.toMatchObject({
      code: 'code_invalid',
      status: 422,
    });
    const [unused] = await database.db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.id, verification.id));
    expect(unused!.consumedAt).toBeNull();
    await checkCode(database.db, verification, resent.code!, later);
    await database.db.transaction((tx) => markCodeUsed(tx, verification, resent.code!, later));
  });
});
