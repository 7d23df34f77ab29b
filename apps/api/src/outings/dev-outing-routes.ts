import { OUTING_OVERDUE_MINUTES } from '@marina/core/domain/outings.ts';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { idParams, isUuid } from '../http/ids.ts';
import { clientHeaderSchema, requireClient } from '../clients/client-resolution.ts';
import { problem } from '../http/problem.ts';
import type { Services } from '../services.ts';
import { scheduleOverdue } from './outing-overdue.ts';
import { outings } from './outings.schema.ts';

const MINUTE = 60_000;

/**
 * `POST /dev/outings/{id}/expected-return-passed`: lets the browser suite show a person an overdue outing without
 * waiting half an hour past its return, as `/dev/expire-codes` does for codes (decision 030). Registered only with
 * DEV_ROUTES=1, which production refuses: elsewhere it does not exist at all.
 *
 * It only moves the outing's times back — its expected return becomes OUTING_OVERDUE_MINUTES and one minute ago,
 * its departure as long before that as the outing lasted — and makes its overdue check due now. The check itself
 * is the real job (`outings.overdue`): the same conditional update, the marina's e-mail and the notices.
 */
export const devOutingRoutes: FastifyPluginAsync<{ services: Services }> = async (api, { services: { db, clock } }) => {
  api.post<{ Params: { id: string } }>(
    '/dev/outings/:id/expected-return-passed',
    {
      schema: {
        hide: true,
        summary:
          "Move an outing at sea's expected return into the past, its overdue check due now (development and tests only)",
        tags: ['development'],
        headers: clientHeaderSchema,
        params: idParams,
        response: {
          200: {
            type: 'object',
            properties: { expectedReturn: { type: 'string', format: 'date-time' } },
            required: ['expectedReturn'],
          },
        },
      },
    },
    async (request) => {
      const client = requireClient(request);
      const now = clock();
      const { id } = request.params;
      const notFound = () => problem('not_found', 404, 'No encontramos esa salida en el mar.');
      if (!isUuid(id)) throw notFound();
      const expectedReturn = new Date(now.getTime() - (OUTING_OVERDUE_MINUTES + 1) * MINUTE);
      const moved = await db.transaction(async (tx) => {
        const [outing] = await tx
          .select({ departure: outings.departure, expectedReturn: outings.expectedReturn })
          .from(outings)
          .where(and(eq(outings.id, id), eq(outings.clientId, client.id), eq(outings.state, 'at_sea')))
          .for('update');
        if (!outing) return null;
        const length = Math.max(MINUTE, outing.expectedReturn.getTime() - outing.departure.getTime());
        const [row] = await tx
          .update(outings)
          .set({ departure: new Date(expectedReturn.getTime() - length), expectedReturn, updatedAt: now })
          .where(eq(outings.id, id))
          .returning({ id: outings.id, expectedReturn: outings.expectedReturn });
        await scheduleOverdue(tx, row!, now);
        return row!;
      });
      if (!moved) throw notFound();
      return { expectedReturn: moved.expectedReturn.toISOString() };
    },
  );
};
