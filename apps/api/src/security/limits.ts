/**
 * Every limit on the accounts flows in one place (DESIGN §4, §7), so they can be reviewed and tuned
 * together. Counters live in the database (rate_limit_hits), so all instances agree.
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

/** Failed sign-ins from one IP address. */
export const SIGN_IN_PER_IP: WindowLimit = { max: 30, windowMs: 15 * MINUTE };
/** Failed sign-ins (and wrong current passwords) per account: 1 s, 2 s, 4 s… up to 15 min; never a lock-out. */
export const SIGN_IN_PER_ACCOUNT: GrowingDelay = { free: 5, baseDelayMs: SECOND, maxDelayMs: 15 * MINUTE, windowMs: 24 * HOUR };
/** Wrong codes per account and destination, across codes. */
export const CODE_CHECKS: WindowLimit = { max: 10, windowMs: HOUR };
/** Codes sent to one destination (first sends and resends). */
export const CODE_SENDS: WindowLimit = { max: 5, windowMs: HOUR };
/** Registrations started from one IP address. */
export const REGISTRATIONS_PER_IP: WindowLimit = { max: 20, windowMs: HOUR };
/** Password-reset requests from one IP address. */
export const RESET_REQUESTS_PER_IP: WindowLimit = { max: 10, windowMs: HOUR };

/** The longest window above: older counter rows can be swept. */
export const LONGEST_WINDOW_MS = 24 * HOUR;
