/**
 * Throttling of password guesses (decision 008). Every attempt takes its places in the counters BEFORE the
 * password is compared (argon2 takes tens of milliseconds, ample time for a burst to slip past a
 * check-then-write), and gives them back when the password was right.
 *
 * Sign-in is slowed per identifier AND address, so a burst from one address cannot keep the owner out from
 * another; a ceiling per identifier across addresses bounds attacks from many addresses; and a browser known
 * to the account (device cookie) is counted on its own, so the owner gets in from it whatever the rest.
 */
import type { Executor } from '../db/database.ts';
import {
  PASSWORD_CHECKS_PER_SESSION,
  SIGN_IN_PER_ADDRESS,
  SIGN_IN_PER_IDENTIFIER,
  SIGN_IN_PER_IP,
  SIGN_IN_PER_KNOWN_DEVICE,
} from './limits.ts';
import { clearHits, releaseSlot, takeDelaySlot, takeSlot, throttleKeys } from './rate-limits.ts';

/** The places an attempt holds while its password is compared. */
export interface PasswordAttempt {
  slots: number[];
  /** Counters a right password wipes: the failures before it were the owner's own typos or are now moot. */
  clearedByRightPassword: string[];
}

export interface SignInAttempt {
  clientId: number;
  ip: string;
  /** The e-mail or document as normalised, known account or not: both are throttled alike. */
  identifier: string;
  /** Set when the browser carries a valid device cookie of the account the identifier names. */
  knownDevice: { accountId: string; deviceId: string } | null;
}

/**
 * Takes the places of a sign-in attempt, or refuses with 429 rate_limited. One transaction, keys locked
 * always in the same order (address, identifier and address, identifier), so that parallel attempts
 * neither overrun a limit nor deadlock; a refusal by a later counter gives back the earlier places.
 */
export async function reserveSignIn(db: Executor, attempt: SignInAttempt, now: Date): Promise<PasswordAttempt> {
  return db.transaction(async (tx) => {
    if (attempt.knownDevice) {
      const key = throttleKeys.signInDevice(
        attempt.clientId,
        attempt.knownDevice.accountId,
        attempt.knownDevice.deviceId,
      );
      return { slots: [await takeDelaySlot(tx, key, SIGN_IN_PER_KNOWN_DEVICE, now)], clearedByRightPassword: [key] };
    }
    const addressKey = throttleKeys.signInAddress(attempt.clientId, attempt.identifier, attempt.ip);
    const slots = [
      await takeSlot(tx, throttleKeys.signInIp(attempt.ip), SIGN_IN_PER_IP, now),
      await takeDelaySlot(tx, addressKey, SIGN_IN_PER_ADDRESS, now),
      // Not wiped by a right password: the other addresses' failures were not the owner's.
      await takeSlot(
        tx,
        throttleKeys.signInIdentifier(attempt.clientId, attempt.identifier),
        SIGN_IN_PER_IDENTIFIER,
        now,
      ),
    ];
    return { slots, clearedByRightPassword: [addressKey] };
  });
}

/** Takes the place of a current-password check (password change, deletion) from one session, or refuses with 429. */
export async function reservePasswordCheck(
  db: Executor,
  { clientId, accountId, sessionKey }: { clientId: number; accountId: string; sessionKey: string },
  now: Date,
): Promise<PasswordAttempt> {
  const key = throttleKeys.passwordChecks(clientId, accountId, sessionKey);
  return { slots: [await takeDelaySlot(db, key, PASSWORD_CHECKS_PER_SESSION, now)], clearedByRightPassword: [key] };
}

/** The password was right: the attempt was no failure. */
export async function passwordWasRight(db: Executor, attempt: PasswordAttempt): Promise<void> {
  for (const id of attempt.slots) await releaseSlot(db, id);
  for (const key of attempt.clearedByRightPassword) await clearHits(db, key);
}
