/**
 * The refusals a booking or a move can meet before any lock is taken (the slot's own rules, the return), and
 * the ones found under the locks, as problem+json with the field that caused them. The rules themselves are
 * core's (`@marina/core/domain/launches.ts`), shared with the app's grid.
 */
import type { EligibilityReason } from '@marina/core/domain/eligibility.ts';
import { returnAfterClosing, SLOT_MS, slotRefusal, type SlotRefusal } from '@marina/core/domain/launches.ts';
import { localDateIn } from '@marina/core/domain/opening-hours.ts';
import type { ClientRecord } from '../clients/client-directory.ts';
import type { Executor } from '../db/database.ts';
import { databaseErrorOf } from '../db/database-errors.ts';
import { notEligibleProblem, problem, type HttpProblem } from '../http/problem.ts';
import { closuresBetween, type ClosureSpan } from './launch-places.ts';
import { errorMessages } from '@marina/core/messages/error-messages.ts';
import { fieldMessages } from '@marina/core/messages/problem-details.ts';

const SLOT_STATUS: Record<SlotRefusal, number> = {
  slot_invalid: 422,
  slot_closed: 409,
  slot_too_soon: 422,
  slot_too_far: 422,
};

export function slotProblem(code: SlotRefusal, client: ClientRecord, field = 'slotStart'): HttpProblem {
  const detail =
    code === 'slot_too_soon'
      ? fieldMessages.slot_too_soon({ minLeadMinutes: client.settings.minLeadMinutes })
      : code === 'slot_too_far'
        ? fieldMessages.slot_too_far({ maxAdvanceDays: client.settings.maxAdvanceDays })
        : fieldMessages[code];
  return problem(code, SLOT_STATUS[code], detail, [{ field, code, message: detail }]);
}

/**
 * A refusal the booking's last statements raised in the database (`launch_refused`, migration 0019; decision
 * 069), by its SQLSTATE; undefined for any other error.
 */
export function refusedInDatabase(error: unknown): 'slot_full' | 'slot_closed' | undefined {
  const code = databaseErrorOf(error)?.code;
  return code === 'MR001' ? 'slot_full' : code === 'MR002' ? 'slot_closed' : undefined;
}

export function slotFull(): HttpProblem {
  const message = fieldMessages.slot_full;
  return problem('slot_full', 409, message, [{ field: 'slotStart', code: 'slot_full', message }]);
}

export function notEligible(reasons: EligibilityReason[]): HttpProblem {
  return notEligibleProblem(reasons, 'no se puede bajar este barco');
}

export function changeTooLate(): HttpProblem {
  return problem('change_too_late', 409, errorMessages.change_too_late);
}

/** Refuses a slot that breaks the marina's rules at `now` (closures included), and a return after closing. */
export async function checkSlot(
  db: Executor,
  client: ClientRecord,
  start: Date,
  expectedReturn: Date,
  now: Date,
): Promise<void> {
  checkSlotWith(
    client,
    start,
    expectedReturn,
    now,
    await closuresBetween(db, client.id, start, new Date(start.getTime() + SLOT_MS)),
  );
}

/** `checkSlot` with the closures over the slot already read. */
export function checkSlotWith(
  client: ClientRecord,
  start: Date,
  expectedReturn: Date,
  now: Date,
  found: readonly ClosureSpan[],
): void {
  const refusal = slotRefusal(
    { ...client, ...client.settings },
    start,
    now,
    found.map((row) => ({ start: row.startsAt, end: row.endsAt, reason: row.reason })),
  );
  if (refusal) throw slotProblem(refusal, client);
  if (
    returnAfterClosing(client, start, expectedReturn) ||
    localDateIn(expectedReturn, client.timeZone) !== localDateIn(start, client.timeZone)
  ) {
    const message = fieldMessages.return_after_closing;
    throw problem('return_after_closing', 422, message, [
      { field: 'expectedReturn', code: 'return_after_closing', message },
    ]);
  }
}
