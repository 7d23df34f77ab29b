/**
 * The database's own error behind what a query threw: Drizzle wraps the driver's error (postgres.js or PGlite)
 * in its own, with the original as `cause`. The SQLSTATE says what happened (23505 a unique index refused the
 * write, 55P03 a lock wait gave up), and for a broken constraint, which one.
 */
export interface DatabaseError {
  /** The five-character SQLSTATE. */
  code: string;
  /** The constraint (or index) broken, when the server names one. */
  constraint: string | undefined;
}

export function databaseErrorOf(error: unknown): DatabaseError | undefined {
  let current = error;
  for (let depth = 0; depth < 4 && typeof current === 'object' && current !== null; depth++) {
    const found = current as { code?: unknown; constraint_name?: unknown; constraint?: unknown; cause?: unknown };
    // Fastify's and Node's errors have codes too (FST_…, ECONNRESET); a SQLSTATE is five digits or capitals.
    if (typeof found.code === 'string' && /^[0-9A-Z]{5}$/.test(found.code)) {
      const constraint = found.constraint_name ?? found.constraint;
      return {
        code: found.code,
        constraint: constraint === undefined || constraint === null ? undefined : String(constraint),
      };
    }
    current = found.cause;
  }
  return undefined;
}

const UNIQUE_VIOLATION = '23505';

/** A unique index refused the write (two calls racing for one e-mail or document). */
export function isUniqueViolation(error: unknown): boolean {
  return databaseErrorOf(error)?.code === UNIQUE_VIOLATION;
}

/** The unique constraint (index) a write broke, or undefined when it broke none (either driver). */
export function violatedUniqueConstraint(error: unknown): string | undefined {
  const found = databaseErrorOf(error);
  return found?.code === UNIQUE_VIOLATION ? (found.constraint ?? '') : undefined;
}
