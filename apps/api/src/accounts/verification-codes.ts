/**
 * Verification codes (docs/product.md §4.3): 6 digits, 10 minutes, 5 tries, a new one after 60 s; single use and bound
 * to their purpose. A verification row is what the app holds the id of (registrationId, resetId,
 * changeId); a resend replaces its code in place, killing the previous one.
 *
 * Decoys: where telling the truth would reveal an account (a registration with someone else's data, a reset
 * for an unknown account) a row without code is written. It answers, throttles and expires exactly like a
 * real one, and never validates.
 */
import { randomUUID } from 'node:crypto';
import type { CodeChannel } from '@marina/core/domain/platform.ts';
import { and, eq, gt, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { ClientRecord } from '../clients/client-directory.ts';
import type { Db, Executor, Tx } from '../db/database.ts';
import { verificationCodes, type CodePurpose, type ContactField, type VerificationCodeRow } from './accounts.schema.ts';
import { isUuid } from '../http/ids.ts';
import { HttpProblem, problem, retryAfter } from '../http/problem.ts';
import { enqueueMessage, type OutgoingMessage } from '../outbox/outbox.ts';
import {
  CODE_CHECKS,
  CODE_MAX_ATTEMPTS,
  CODE_REQUESTS,
  CODE_RESEND_AFTER_MS,
  CODE_RESENDS,
  CODE_SENDS,
  CODE_TTL_MS,
} from '../security/limits.ts';
import { rateLimited, releaseSlot, takeSlot, throttleKeys, trySlot } from '../security/rate-limits.ts';
import { randomCode, safeEqual, sha256 } from '../security/secrets.ts';
import { codeMessage } from './messages.ts';
import { errorMessages } from '@marina/core/messages/error-messages.ts';
import { fieldMessages, problemDetails } from '@marina/core/messages/problem-details.ts';

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
  /**
   * What the caller typed to start it, normalised: the destination, or a reset's e-mail or document. Its
   * wrong codes are counted under it (checkCode).
   */
  typed: string;
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
 * Counts a code asked for in `flow` under what the caller typed (the destination, or the e-mail or document of
 * a reset), refusing past CODE_REQUESTS with 429. Decoys count too, so they throttle like real requests; and
 * since the key is only what was typed, the answer says nothing about whose destination it is.
 */
export async function countCodeRequest(
  db: Executor,
  flow: CodePurpose,
  clientId: number,
  typed: string,
  now: Date,
): Promise<void> {
  await takeSlot(db, throttleKeys.codeRequests(flow, clientId, typed), CODE_REQUESTS, now);
}

/**
 * Puts a code's message in the outbox, unless CODE_SENDS of `flow` to its destination are spent this hour:
 * then nothing leaves, and the caller answers as if it had (the answer must not depend on a counter that
 * other identifiers of the same person fill). Answers whether it went.
 */
export async function sendCode(
  tx: Tx,
  flow: CodePurpose,
  message: OutgoingMessage,
  now: Date,
  config: Pick<Config, 'devRoutes'>,
): Promise<boolean> {
  const slot = await trySlot(tx, throttleKeys.codeSends(flow, message.clientId, message.destination), CODE_SENDS, now);
  if (slot.taken) await enqueueMessage(tx, message, now, config);
  return slot.taken;
}

/**
 * Sends the code of an accounts flow (registration, password reset, contact change) to its verification's
 * destination, worded for the flow and the marina (codeMessage), under sendCode's limits. A decoy has no code:
 * nothing leaves, and the caller answers as if it had. The person waits for it at the screen, for their own
 * account: it goes in the urgent lane (decision 039).
 */
export async function sendFlowCode(
  tx: Tx,
  client: Pick<ClientRecord, 'id' | 'title'>,
  { verification, code }: IssuedCode,
  now: Date,
  config: Pick<Config, 'devRoutes'>,
): Promise<boolean> {
  if (code === null) return false;
  const { purpose, accountId, channel } = verification;
  const message = {
    clientId: client.id,
    accountId,
    channel,
    destination: verification.destination!,
    urgent: true,
    ...codeMessage(client.title, purpose, channel, code),
  };
  return sendCode(tx, purpose, message, now, config);
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
      typedHash: sha256(input.typed),
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
  if (isUuid(id)) {
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
  throw problem('not_found', 404, problemDetails.process_gone);
}

/**
 * A new code for the same verification, in the caller's transaction (which sends it with sendCode): refused
 * before CODE_RESEND_AFTER_MS (resend_too_soon) or past CODE_RESENDS for this verification (rate_limited);
 * the previous code dies and the tries start again. The 60 s are checked and the new code written in one
 * statement, so of parallel resends one wins.
 */
export async function resendCode(tx: Tx, verification: VerificationCodeRow, now: Date): Promise<IssuedCode> {
  const code = verification.codeHash === null ? null : randomCode();
  const [updated] = await tx
    .update(verificationCodes)
    .set({
      codeHash: code === null ? null : codeHash(verification.id, code),
      attempts: 0,
      expiresAt: new Date(now.getTime() + CODE_TTL_MS),
      lastSentAt: now,
    })
    .where(
      and(
        eq(verificationCodes.id, verification.id),
        isNull(verificationCodes.consumedAt),
        lte(verificationCodes.lastSentAt, new Date(now.getTime() - CODE_RESEND_AFTER_MS)),
      ),
    )
    .returning();
  if (!updated) {
    const [current] = await tx.select().from(verificationCodes).where(eq(verificationCodes.id, verification.id));
    if (!current || current.consumedAt !== null) throw problem('not_found', 404, problemDetails.process_gone);
    const wait = current.lastSentAt.getTime() + CODE_RESEND_AFTER_MS - now.getTime();
    throw new HttpProblem(
      'resend_too_soon',
      429,
      problemDetails.resend_wait({ seconds: Math.ceil(wait / 1000) }),
      undefined,
      retryAfter(wait),
    );
  }
  await takeSlot(tx, throttleKeys.codeResends(verification.id), CODE_RESENDS, now);
  return { verification: updated, code };
}

/** An accounts flow's resend call: a new code (resendCode) sent like the first (sendFlowCode), in one transaction. */
export async function resendFlowCode(
  db: Db,
  client: Pick<ClientRecord, 'id' | 'title'>,
  verification: VerificationCodeRow,
  now: Date,
  config: Pick<Config, 'devRoutes'>,
): Promise<IssuedCode> {
  return db.transaction(async (tx) => {
    const resent = await resendCode(tx, verification, now);
    await sendFlowCode(tx, client, resent, now, config);
    return resent;
  });
}

export type CodeFailure = 'code_invalid' | 'code_expired' | 'code_attempts_exceeded' | 'rate_limited' | 'not_found';

/** A check refused before any code was compared; its transaction rolls back, so nothing was spent. */
class CheckRefused extends Error {
  readonly reason: CodeFailure;
  readonly answer: HttpProblem;

  constructor(reason: CodeFailure, answer: HttpProblem) {
    super(reason);
    this.reason = reason;
    this.answer = answer;
  }
}

/**
 * Wrong codes are counted under what the caller typed to start the verification (and, signed in, the
 * account it holds), never under the account behind it: a reset asked for by e-mail and one asked for by
 * document have their own counters, so filling one tells nothing about the other (decision 008).
 */
export function codeChecksKey(
  verification: Pick<VerificationCodeRow, 'purpose' | 'clientId' | 'accountId' | 'typedHash'>,
): string {
  // A contact change and an authorisation (its owner types the code) are also counted under the account.
  const holder =
    verification.purpose === 'contact_change' || verification.purpose === 'authorisation'
      ? verification.accountId
      : null;
  return throttleKeys.codeChecks(verification.purpose, verification.clientId, holder, verification.typedHash);
}

/**
 * Checks a typed code. First, in one transaction under the lock of its wrong-code counter, a
 * try of this code and a place among CODE_CHECKS are spent; only then is the code compared, so a burst of
 * parallel guesses compares exactly as many codes as there were tries, and a right code arriving after the
 * last try is refused like any other. A right code gives its place back (it was not a wrong one) but is
 * not consumed here: the caller does it with markCodeUsed in the transaction that acts on it. Throws the
 * problem to answer; `onFailure` hears why first.
 */
export async function checkCode(
  db: Executor,
  verification: VerificationCodeRow,
  code: string,
  now: Date,
  onFailure: (reason: CodeFailure) => void = () => {},
): Promise<void> {
  const throttleKey = codeChecksKey(verification);
  let spent: { attempts: number; codeHash: string | null; expiresAt: Date; lastSentAt: Date; slot: number };
  try {
    spent = await db.transaction(async (tx) => {
      const slot = await trySlot(tx, throttleKey, CODE_CHECKS, now);
      if (!slot.taken) throw new CheckRefused('rate_limited', rateLimited(slot.retryAfterMs));
      const [row] = await tx
        .update(verificationCodes)
        .set({ attempts: sql`${verificationCodes.attempts} + 1` })
        .where(
          and(
            eq(verificationCodes.id, verification.id),
            isNull(verificationCodes.consumedAt),
            lt(verificationCodes.attempts, CODE_MAX_ATTEMPTS),
            gt(verificationCodes.expiresAt, now),
          ),
        )
        .returning({
          attempts: verificationCodes.attempts,
          codeHash: verificationCodes.codeHash,
          expiresAt: verificationCodes.expiresAt,
          lastSentAt: verificationCodes.lastSentAt,
        });
      if (!row) throw await whyNoTryLeft(tx, verification.id, now);
      return { ...row, slot: slot.id };
    });
  } catch (error) {
    if (!(error instanceof CheckRefused)) throw error;
    onFailure(error.reason);
    throw error.answer;
  }

  // The hash as it is now: a resend since the caller read the row has replaced the code.
  if (spent.codeHash !== null && safeEqual(spent.codeHash, codeHash(verification.id, code))) {
    await releaseSlot(db, spent.slot);
    return;
  }
  const left = CODE_MAX_ATTEMPTS - spent.attempts;
  if (left <= 0) {
    onFailure('code_attempts_exceeded');
    throw attemptsExceeded(spent, now);
  }
  onFailure('code_invalid');
  throw codeInvalid(left);
}

/** Why a verification took no try: used, expired, or out of tries. */
async function whyNoTryLeft(tx: Tx, id: string, now: Date): Promise<CheckRefused> {
  const [row] = await tx.select().from(verificationCodes).where(eq(verificationCodes.id, id));
  if (!row || row.consumedAt !== null) {
    return new CheckRefused('not_found', problem('not_found', 404, problemDetails.process_gone));
  }
  if (row.expiresAt.getTime() <= now.getTime())
    return new CheckRefused('code_expired', problem('code_expired', 410, errorMessages.code_expired));
  return new CheckRefused('code_attempts_exceeded', attemptsExceeded(row, now));
}

/**
 * Consumes a checked code, in the transaction that acts on it. Conditional: of two calls racing with the
 * right code, one wins and the other is told the code is no longer valid; and a code replaced by a resend
 * after it was checked (another tab asked for a new one) no longer counts.
 */
export async function markCodeUsed(
  tx: Executor,
  verification: VerificationCodeRow,
  code: string,
  now: Date,
): Promise<void> {
  const consumed = await tx
    .update(verificationCodes)
    .set({ consumedAt: now })
    .where(
      and(
        eq(verificationCodes.id, verification.id),
        isNull(verificationCodes.consumedAt),
        eq(verificationCodes.codeHash, codeHash(verification.id, code)),
      ),
    )
    .returning({ id: verificationCodes.id });
  if (consumed.length !== 1) throw problem('code_invalid', 422, problemDetails.code_superseded);
}

function codeInvalid(left: number): HttpProblem {
  return problem('code_invalid', 422, problemDetails.code_invalid_tries_left({ left }), [
    { field: 'code', code: 'code_invalid', message: fieldMessages.code_invalid({ left }) },
  ]);
}

/** Retry-After: until a new code may be asked for (or this one dies, if sooner). */
function attemptsExceeded(verification: Pick<VerificationCodeRow, 'expiresAt' | 'lastSentAt'>, now: Date): HttpProblem {
  const newCodeAt = Math.min(
    verification.expiresAt.getTime(),
    verification.lastSentAt.getTime() + CODE_RESEND_AFTER_MS,
  );
  return new HttpProblem(
    'code_attempts_exceeded',
    429,
    errorMessages.code_attempts_exceeded,
    undefined,
    retryAfter(newCodeAt - now.getTime()),
  );
}
