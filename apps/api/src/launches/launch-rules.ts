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
import { notEligibleProblem, problem, type HttpProblem } from '../http/problem.ts';
import { closuresBetween, type ClosureSpan } from './launch-places.ts';

const SLOT_PROBLEMS: Record<SlotRefusal, { status: number; message: string }> = {
  slot_invalid: { status: 422, message: 'Hora de bajada: no es el inicio de un turno del puerto ese día.' },
  slot_closed: { status: 409, message: 'Hora de bajada: el puerto está cerrado en ese turno.' },
  slot_too_soon: { status: 422, message: 'Hora de bajada: es demasiado pronto; el puerto necesita más antelación.' },
  slot_too_far: { status: 422, message: 'Hora de bajada: aún no se puede reservar ese día.' },
};

export function slotProblem(code: SlotRefusal, client: ClientRecord, field = 'slotStart'): HttpProblem {
  const { status, message } = SLOT_PROBLEMS[code];
  const detail =
    code === 'slot_too_soon'
      ? `${message} Pide la bajada al menos ${client.settings.minLeadMinutes} minutos antes.`
      : code === 'slot_too_far'
        ? `${message} Se puede pedir con ${client.settings.maxAdvanceDays} días de antelación como mucho.`
        : message;
  return problem(code, status, detail, [{ field, code, message: detail }]);
}

export function slotFull(): HttpProblem {
  const message = 'Hora de bajada: ese turno está completo. Elige otro o apúntate a la lista de espera.';
  return problem('slot_full', 409, message, [{ field: 'slotStart', code: 'slot_full', message }]);
}

export function notEligible(reasons: EligibilityReason[]): HttpProblem {
  return notEligibleProblem(reasons, 'no se puede bajar este barco');
}

export function changeTooLate(): HttpProblem {
  return problem(
    'change_too_late',
    409,
    'Ya no se puede cambiar ni cancelar esta bajada desde la aplicación. Llama al puerto.',
  );
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
    const message = 'Hora de vuelta prevista: debe ser el mismo día, antes del cierre del puerto.';
    throw problem('return_after_closing', 422, message, [
      { field: 'expectedReturn', code: 'return_after_closing', message },
    ]);
  }
}
