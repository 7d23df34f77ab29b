/**
 * Verification codes (DESIGN §4): 6 digits, 10 minutes, 5 tries, a new one after 60 s; single use and bound
 * to their purpose. A verification row is what the app holds the id of (registrationId, resetId,
 * changeId); a resend replaces its code in place, killing the previous one.
 *
 * Decoys: where telling the truth would reveal an account (a registration with someone else's data, a reset
 * for an unknown account) a row without code is written. It answers, throttles and expires exactly like a
 * real one, and never validates.
 */
import { randomUUID } from 'node:crypto';
import type { CodeChannel } from '@marina/core/domain/platform.ts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { verificationCodes, type CodePurpose, type ContactField, type VerificationCodeRow } from '../db/schema.ts';
import { HttpProblem, problem, retryAfter } from '../http/problem.ts';
import { CODE_CHECKS, CODE_MAX_ATTEMPTS, CODE_RESEND_AFTER_MS, CODE_SENDS, CODE_TTL_MS } from '../security/limits.ts';
import { checkWindow, recordHit, throttleKeys } from '../security/rate-limits.ts';
import { randomCode, safeEqual, sha256 } from '../security/secrets.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function codeHash(id: string, code: string): string {
  return sha256(`${id}:${code}`);
}

export interface NewVerification {
  clientId: number;
  /** NULL for a decoy. */
  accountId: string | null;
  purpose: CodePurpose;
  channel: CodeChannel;
  destination: string | null;
  contactField?: ContactField;
  /** Writes a decoy: no code, never validates. */
  decoy?: boolean;
}

export interface IssuedCode {
  verification: VerificationCodeRow;
  /** The code to send; null for a decoy. */
  code: string | null;
}

/** Dates the app shows: when the code dies and when another may be asked for. */
export function codeTimes(verification: Pick<VerificationCodeRow, 'expiresAt' | 'lastSentAt'>) {
  return {
    expiresAt: verification.expiresAt.toISOString(),
    resendAvailableAt: new Date(verification.lastSentAt.getTime() + CODE_RESEND_AFTER_MS).toISOString(),
  };
}

/**
 * Refuses a send to `throttleDestination` past CODE_SENDS in the hour, else counts it. Decoys count too, so
 * they throttle like real sends.
 */
export async function countCodeSend(db: Executor, clientId: number, throttleDestination: string, now: Date): Promise<void> {
  const key = throttleKeys.codeSends(clientId, throttleDestination);
  await checkWindow(db, key, CODE_SENDS, now);
  await recordHit(db, key, now);
}

export async function issueCode(db: Executor, input: NewVerification, now: Date): Promise<IssuedCode> {
  const id = randomUUID();
  const code = input.decoy ? null : randomCode();
  const [verification] = await db
    .insert(verificationCodes)
    .values({
      id,
      clientId: input.clientId,
      accountId: input.accountId,
      purpose: input.purpose,
      channel: input.channel,
      destination: input.destination,
      contactField: input.contactField ?? null,
      codeHash: code === null ? null : codeHash(id, code),
      expiresAt: new Date(now.getTime() + CODE_TTL_MS),
      lastSentAt: now,
      createdAt: now,
    })
    .returning();
  return { verification: verification!, code };
}

/** A verification of this marina and purpose (and account, when given); anything else is not found. */
export async function findVerification(
  db: Executor,
  { id, clientId, purpose, accountId }: { id: string; clientId: number; purpose: CodePurpose; accountId?: string },
): Promise<VerificationCodeRow> {
  if (UUID.test(id)) {
    const [row] = await db
      .select()
      .from(verificationCodes)
      .where(
        and(
          eq(verificationCodes.id, id),
          eq(verificationCodes.clientId, clientId),
          eq(verificationCodes.purpose, purpose),
          accountId === undefined ? undefined : eq(verificationCodes.accountId, accountId),
        ),
      )
      .limit(1);
    if (row && row.consumedAt === null) return row;
  }
  throw problem('not_found', 404, 'Este proceso no existe o ya ha terminado. Vuelve a empezar.');
}

/**
 * A new code for the same verification: refused before CODE_RESEND_AFTER_MS (resend_too_soon) or past the
 * hourly sends to its destination (rate_limited); the previous code dies and the tries start again.
 */
export async function resendCode(db: Executor, verification: VerificationCodeRow, throttleDestination: string, now: Date): Promise<IssuedCode> {
  const wait = verification.lastSentAt.getTime() + CODE_RESEND_AFTER_MS - now.getTime();
  if (wait > 0) {
    throw new HttpProblem(
      'resend_too_soon',
      429,
      `Espera ${Math.ceil(wait / 1000)} segundos antes de pedir otro código.`,
      undefined,
      retryAfter(wait),
    );
  }
  await countCodeSend(db, verification.clientId, throttleDestination, now);
  const code = verification.codeHash === null ? null : randomCode();
  const [updated] = await db
    .update(verificationCodes)
    .set({
      codeHash: code === null ? null : codeHash(verification.id, code),
      attempts: 0,
      expiresAt: new Date(now.getTime() + CODE_TTL_MS),
      lastSentAt: now,
    })
    .where(eq(verificationCodes.id, verification.id))
    .returning();
  return { verification: updated!, code };
}

export type CodeFailure = 'code_invalid' | 'code_expired' | 'code_attempts_exceeded' | 'rate_limited';

/**
 * Checks a typed code, outside any transaction so that what a wrong code costs is kept: one try spent (the
 * last one answers code_attempts_exceeded) and one wrong code counted for the account and destination
 * (CODE_CHECKS an hour, across codes). Throws the problem to answer; `onFailure` hears why first.
 * A right code is not consumed here: the caller does it with markCodeUsed in the transaction that acts on it.
 */
export async function checkCode(
  db: Executor,
  verification: VerificationCodeRow,
  code: string,
  now: Date,
  onFailure: (reason: CodeFailure) => void = () => {},
): Promise<void> {
  const throttleKey = throttleKeys.codeChecks(verification.clientId, verification.accountId, verification.destination);
  try {
    await checkWindow(db, throttleKey, CODE_CHECKS, now);
  } catch (error) {
    onFailure('rate_limited');
    throw error;
  }
  if (verification.attempts >= CODE_MAX_ATTEMPTS) {
    onFailure('code_attempts_exceeded');
    throw attemptsExceeded();
  }
  if (verification.expiresAt.getTime() <= now.getTime()) {
    onFailure('code_expired');
    throw problem('code_expired', 410, 'El código ha caducado. Pide uno nuevo.');
  }
  if (verification.codeHash !== null && safeEqual(verification.codeHash, codeHash(verification.id, code))) return;

  await recordHit(db, throttleKey, now);
  const [spent] = await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(eq(verificationCodes.id, verification.id))
    .returning({ attempts: verificationCodes.attempts });
  const left = CODE_MAX_ATTEMPTS - (spent?.attempts ?? CODE_MAX_ATTEMPTS);
  if (left <= 0) {
    onFailure('code_attempts_exceeded');
    throw attemptsExceeded();
  }
  onFailure('code_invalid');
  throw codeInvalid(left);
}

/**
 * Consumes a checked code, in the transaction that acts on it. Conditional: of two calls racing with the
 * right code, one wins and the other is told the code is no longer valid.
 */
export async function markCodeUsed(tx: Executor, verification: VerificationCodeRow, now: Date): Promise<void> {
  const consumed = await tx
    .update(verificationCodes)
    .set({ consumedAt: now })
    .where(and(eq(verificationCodes.id, verification.id), isNull(verificationCodes.consumedAt)))
    .returning({ id: verificationCodes.id });
  if (consumed.length !== 1) throw problem('code_invalid', 422, 'Este código ya se ha usado. Pide uno nuevo.');
}

function codeInvalid(left: number): HttpProblem {
  return problem('code_invalid', 422, `El código no es correcto. Te ${left === 1 ? 'queda 1 intento' : `quedan ${left} intentos`}.`, [
    { field: 'code', code: 'code_invalid', message: 'El código no es correcto.' },
  ]);
}

function attemptsExceeded(): HttpProblem {
  return problem('code_attempts_exceeded', 429, 'Has agotado los intentos con este código. Pide uno nuevo.');
}
