import type { FastifyRequest } from 'fastify';
import { problem } from '../http/problem.ts';
import { requireSession, type LiveSession } from '../sessions/session-lookup.ts';
import { problemDetails } from '@marina/core/messages/problem-details.ts';

/** The signed-in staff member of this marina; a customer is refused (403), nobody signed in 401. */
export function requireStaff(request: FastifyRequest): LiveSession {
  const session = requireSession(request);
  if (session.account.role !== 'staff') throw problem('forbidden', 403, problemDetails.staff_only);
  return session;
}
