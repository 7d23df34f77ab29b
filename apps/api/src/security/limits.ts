/**
 * Every limit on the accounts flows in one place (docs/product.md §4.3, §7.4), so they can be reviewed and tuned
 * together. Counters live in the database (rate_limit_hits), so all instances agree, and each event takes its
 * place atomically before it happens (rate-limits.ts, decision 008), so bursts get exactly these numbers.
 */
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** A verification code: 6 digits, 10 minutes, 5 tries, a new one after 60 s. */
export const CODE_TTL_MS = 10 * MINUTE;
export const CODE_MAX_ATTEMPTS = 5;
export const CODE_RESEND_AFTER_MS = 60 * SECOND;

/** The e-mailed activation link. */
export const ACTIVATION_TOKEN_TTL_MS = 24 * HOUR;

/** Stored first answers of creating calls. */
export const IDEMPOTENCY_TTL_MS = 24 * HOUR;
/** A key whose first call has not answered within this is taken as abandoned (the instance died). */
export const IDEMPOTENCY_STALE_MS = MINUTE;

export interface WindowLimit {
  max: number;
  windowMs: number;
}

export interface GrowingDelay {
  /** Failures allowed before delays start. */
  free: number;
  /** Delay after the first failure past `free`, doubled by each further one. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** Failures older than this are forgotten. */
  windowMs: number;
}

/** Failed sign-ins from one IP address, whatever the accounts (password spraying). */
export const SIGN_IN_PER_IP: WindowLimit = { max: 30, windowMs: 15 * MINUTE };
/**
 * Failed sign-ins with one identifier (e-mail or document, as typed) from one address: 1 s, 2 s, 4 s… up to
 * 15 min after 5. Another address is not slowed by them, so a burst cannot keep the owner out
 * (decision 008).
 */
export const SIGN_IN_PER_ADDRESS: GrowingDelay = {
  free: 5,
  baseDelayMs: SECOND,
  maxDelayMs: 15 * MINUTE,
  windowMs: 24 * HOUR,
};
/**
 * Failed sign-ins with one identifier from every address together, for browsers the account does not know:
 * the ceiling of an attack from many addresses. One address, held by the delays above, fails at most 17
 * times in an hour, so it cannot reach it alone.
 */
export const SIGN_IN_PER_IDENTIFIER: WindowLimit = { max: 40, windowMs: HOUR };
/** Failed sign-ins from a browser known to the account (its device cookie), which skips the two limits above. */
export const SIGN_IN_PER_KNOWN_DEVICE: GrowingDelay = SIGN_IN_PER_ADDRESS;
/** How long a browser stays known to an account after its last sign-in there. */
export const KNOWN_DEVICE_TTL_MS = 180 * 24 * HOUR;
/** Wrong current passwords (password change, deletion) from one session. */
export const PASSWORD_CHECKS_PER_SESSION: GrowingDelay = SIGN_IN_PER_ADDRESS;

/** Wrong codes per account and destination, across codes. */
export const CODE_CHECKS: WindowLimit = { max: 10, windowMs: HOUR };
/**
 * Codes asked for, per flow and what the caller typed: the destination (registration, contact change) or
 * the e-mail or document (password reset). The caller is told (429).
 */
export const CODE_REQUESTS: WindowLimit = { max: 5, windowMs: HOUR };
/** New codes for one verification: with its first, 5 an hour. The caller is told (429). */
export const CODE_RESENDS: WindowLimit = { max: 4, windowMs: HOUR };
/**
 * Codes that really leave for one destination, per flow. Past it nothing is sent but the answer does not
 * change, because it must not tell whose destination it is (decision 008).
 */
export const CODE_SENDS: WindowLimit = { max: 5, windowMs: HOUR };
/** Registrations started from one IP address. */
export const REGISTRATIONS_PER_IP: WindowLimit = { max: 20, windowMs: HOUR };
/** Password-reset requests from one IP address. */
export const RESET_REQUESTS_PER_IP: WindowLimit = { max: 10, windowMs: HOUR };

/**
 * Card checks (`GET /cards/{idTarjeta}/check`) from one IP address, whatever the card and the outcome: a
 * gate's phone checks a few a minute; a guesser of codes gets 60 tries per 10 minutes (decision 028).
 */
export const CARD_CHECKS_PER_IP: WindowLimit = { max: 60, windowMs: 10 * MINUTE };
/**
 * Anonymous checks of one card from every address together, whatever the outcome (decision 040): the ceiling
 * of a guesser with many addresses (five addresses made 300 guesses in 10 minutes under the per-IP limit
 * alone). A card is shown at the gate a few times a day; 20 an hour is 480 guesses a day against odds of one in
 * 500,000 each. Counted by the card's number whether the id or the number was typed, and by what was typed
 * for a card that does not exist, so the ceiling tells nothing about which cards exist.
 */
export const CARD_CHECKS_PER_CARD: WindowLimit = { max: 20, windowMs: HOUR };
/**
 * Checks by a staff member signed in at the card's marina (the gate's phone), who skips the two anonymous
 * limits above: a noisy neighbour on the gate's network, or a guesser spending a card's ceiling, must not stop
 * the gate. One check every two seconds for ten minutes is more than any gate; it bounds a stolen session.
 */
export const CARD_CHECKS_PER_STAFF: WindowLimit = { max: 300, windowMs: 10 * MINUTE };

/**
 * Messages a signed-in person makes the marina send to an address they chose (decision 039): an authorised
 * person's invitation and each new code for it, the code for their own new e-mail or phone and each new one,
 * the link that confirms their e-mail, an authorisation reactivated. Each takes a place in all three before it
 * is written, or the call is refused (429); the destination's own limits above still apply. Per account:
 * an owner inviting a few people, with a new code each, and changing a phone fits many times over. Per IP
 * address: several accounts behind one network (a marina office). Per marina: the ceiling of many accounts
 * together, what an attack can cost the marina in an hour.
 */
export const CHOSEN_MESSAGES_PER_ACCOUNT: WindowLimit = { max: 20, windowMs: 24 * HOUR };
export const CHOSEN_MESSAGES_PER_IP: WindowLimit = { max: 40, windowMs: 24 * HOUR };
export const CHOSEN_MESSAGES_PER_MARINA: WindowLimit = { max: 100, windowMs: HOUR };

/** The longest window above: older counter rows can be swept. */
export const LONGEST_WINDOW_MS = 24 * HOUR;
