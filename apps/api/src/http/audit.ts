/**
 * Security events (sign-in, sign-out, resets, code checks…) as structured log lines: what happened, for
 * which marina and account, from where. Never a password, code or token: callers pass only these fields.
 */
import type { FastifyRequest } from 'fastify';

export interface AuditFields {
  outcome: 'success' | 'failure';
  accountId?: string | null | undefined;
  /** Why it failed, as a stable word (`wrong_password`, `code_expired`…). */
  reason?: string;
}

export function audit(request: FastifyRequest, event: string, { outcome, accountId, reason }: AuditFields) {
  request.log.info(
    {
      event,
      outcome,
      clientId: request.client?.id ?? null,
      accountId: accountId ?? null,
      ip: request.ip,
      ...(reason === undefined ? {} : { reason }),
    },
    `${event} ${outcome}`,
  );
}
