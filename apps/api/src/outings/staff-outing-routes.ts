/**
 * Staff's outings (docs/product.md §4.9): the day's outings by state, overdue first, and marking a return
 * for a customer who called. Customers get 403; staff see their own marina only (another's id is 404).
 */
import { addDays, isCalendarDate, todayIn } from '@marina/core/domain/calendar.ts';
import { instantAt } from '@marina/core/domain/launches.ts';
import {
  OUTING_STATES,
  isOpenOutingState,
  type OutingState,
  type StaffOuting,
  type StaffOutingList,
} from '@marina/core/domain/outings.ts';
import { and, eq, gte, inArray, lt, or } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { idParams, isUuid } from '../http/ids.ts';
import { clientHeaderSchema, requireClient } from '../clients/client-resolution.ts';
import { audit } from '../http/audit.ts';
import { problem, problemResponses } from '../http/problem.ts';
import type { Services } from '../services.ts';
import { requireStaff } from '../staff/require-staff.ts';
import { cancelOverdue } from './outing-overdue.ts';
import { loadOutings, toStaffOuting } from './outing-views.ts';
import { outings } from './outings.schema.ts';
import { fieldMessages } from '@marina/core/messages/problem-details.ts';

const tags = ['staff'];
const security = [{ session: [] }];
const notFound = () => problem('not_found', 404, 'No encontramos esa salida.');
const RANK: Record<OutingState, number> = { overdue: 0, at_sea: 1, returned: 2 };

export const staffOutingRoutes: FastifyPluginAsync<{ services: Services }> = async (api, { services }) => {
  const { db, clock } = services;

  api.get<{ Querystring: { state?: OutingState; date?: string } }>(
    '/outings',
    {
      schema: {
        operationId: 'staffListOutings',
        summary:
          "The marina's outings of a day (by departure; today when no date is given), overdue first, then at sea, then returned",
        description:
          'Without `date`, outings still at sea from earlier days are listed too, so nothing at sea is out of sight.',
        tags,
        headers: clientHeaderSchema,
        querystring: {
          type: 'object',
          properties: { state: { type: 'string', enum: [...OUTING_STATES] }, date: { type: 'string', format: 'date' } },
          additionalProperties: false,
        },
        security,
        response: { 200: { description: 'The outings', $ref: 'StaffOutingList#' }, ...problemResponses(400, 401, 403) },
      },
    },
    async (request): Promise<StaffOutingList> => {
      requireStaff(request);
      const client = requireClient(request);
      const now = clock();
      const date = request.query.date ?? todayIn(client.timeZone, now);
      if (!isCalendarDate(date))
        throw problem('validation_failed', 400, undefined, [
          { field: 'date', code: 'date', message: fieldMessages.date_invalid },
        ]);
      const from = instantAt(date, '00:00', client.timeZone);
      const to = instantAt(addDays(date, 1), '00:00', client.timeZone);
      const ofDay = and(gte(outings.departure, from), lt(outings.departure, to));
      const day =
        request.query.date === undefined
          ? or(ofDay, and(lt(outings.departure, from), inArray(outings.state, ['at_sea', 'overdue'])))
          : ofDay;
      const { state } = request.query;
      const rows = await loadOutings(db, client.id, and(day, state ? eq(outings.state, state) : undefined));
      const list = rows
        .map((row) => toStaffOuting(row, client))
        .sort((a, b) => RANK[a.state] - RANK[b.state] || Date.parse(a.expectedReturn) - Date.parse(b.expectedReturn));
      return { date, timeZone: client.timeZone, outings: list };
    },
  );

  api.post<{ Params: { id: string } }>(
    '/outings/:id/return',
    {
      schema: {
        operationId: 'staffMarkOutingReturned',
        summary: 'Mark an outing back (the customer called, or staff saw the boat in)',
        tags,
        headers: clientHeaderSchema,
        params: idParams,
        security,
        response: { 200: { description: 'Back', $ref: 'StaffOuting#' }, ...problemResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request): Promise<StaffOuting> => {
      const session = requireStaff(request);
      const client = requireClient(request);
      const now = clock();
      const { id } = request.params;
      if (!isUuid(id)) throw notFound();
      await db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(outings)
          .where(and(eq(outings.id, id), eq(outings.clientId, client.id)))
          .for('update');
        if (!row) throw notFound();
        if (!isOpenOutingState(row.state))
          throw problem('state_conflict', 409, 'Esta salida ya tiene la vuelta marcada.');
        await tx
          .update(outings)
          .set({ state: 'returned', returnedAt: now, returnedBy: 'staff', overdueSince: null, updatedAt: now })
          .where(eq(outings.id, id));
        await cancelOverdue(tx, id);
      });
      audit(request, 'outing_returned_by_staff', { outcome: 'success', accountId: session.accountId });
      const [found] = await loadOutings(db, client.id, eq(outings.id, id));
      return toStaffOuting(found!, client);
    },
  );
};
