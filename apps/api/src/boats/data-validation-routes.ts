/**
 * `validar-datos` (docs/product.md §4.4): the customer reviews names, identity document, licence and each
 * boat's insurance, and confirms them all at once. Due by the one rule (`dataValidationReasons` of
 * `@marina/core/domain/eligibility.ts`): time has run out in the marina's calendar, or a document on file
 * has expired.
 */
import { todayIn } from '@marina/core/domain/calendar.ts';
import { dataValidationSchema, type DataValidationStatus } from '@marina/core/domain/data-validation.ts';
import { dataValidationReasons, nextValidationDueOn } from '@marina/core/domain/eligibility.ts';
import { localDateIn } from '@marina/core/domain/opening-hours.ts';
import type { FieldError } from '@marina/core/domain/error-codes.ts';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { accountFacts, eligibilityContext, licenceOnFile, personOnFile } from '../accounts/account-summary.ts';
import type { ClientRecord } from '../clients/client-directory.ts';
import { clientHeaderSchema, requireClient } from '../clients/client-resolution.ts';
import type { Executor } from '../db/database.ts';
import { accounts, type AccountRow } from '../accounts/accounts.schema.ts';
import { boats } from './boats.schema.ts';
import { audit } from '../http/audit.ts';
import { HttpProblem, problemResponses } from '../http/problem.ts';
import { bodyFrom, validateBody } from '../http/validation.ts';
import type { Services } from '../services.ts';
import { requireSession } from '../sessions/session-lookup.ts';
import { loadBoats, toBoat } from './boat-views.ts';

export async function dataValidationStatus(
  db: Executor,
  account: AccountRow,
  client: ClientRecord,
  now: Date,
): Promise<DataValidationStatus> {
  const reasons = dataValidationReasons(accountFacts(account), eligibilityContext(client, now));
  const owned = await loadBoats(db, client.id, eq(boats.accountId, account.id));
  return {
    due: reasons.length > 0,
    reasons,
    validatedAt: account.dataValidatedAt?.toISOString() ?? null,
    nextDueOn: account.dataValidatedAt
      ? nextValidationDueOn(localDateIn(account.dataValidatedAt, client.timeZone), client.settings.dataValidationDays)
      : null,
    data: {
      ...personOnFile(account),
      documentExpiresOn: account.documentExpiresOn,
      licence: licenceOnFile(account),
      boats: owned.map(({ row, parts }) => {
        const { id, name, registration, insurance } = toBoat(row, parts, client, now);
        return { id, name, registration, insurance };
      }),
    },
  };
}

export const dataValidationRoutes: FastifyPluginAsync<{ services: Services }> = async (api, { services }) => {
  const { db, clock } = services;

  api.get(
    '/data-validation',
    {
      schema: {
        operationId: 'getDataValidation',
        summary: 'What the customer reviews on validar-datos, and whether it is due',
        tags: ['data validation'],
        headers: clientHeaderSchema,
        security: [{ session: [] }],
        response: {
          200: { description: 'The data on file and the verdict', $ref: 'DataValidationStatus#' },
          ...problemResponses(400, 401),
        },
      },
    },
    async (request) => {
      const session = requireSession(request);
      return dataValidationStatus(db, session.account, requireClient(request), clock());
    },
  );

  api.post(
    '/data-validation',
    {
      schema: {
        operationId: 'confirmDataValidation',
        summary: 'Confirm the data: names, document expiry, licence and each listed boat’s insurance, all at once',
        description:
          'Expiry dates are today or later (the marina’s calendar). Each `boats` item names one of the account’s boats; another ' +
          'id is refused on its field (`boats[<n>].boatId`, as yup names it). Nothing is saved unless everything is.',
        tags: ['data validation'],
        headers: clientHeaderSchema,
        security: [{ session: [] }],
        body: bodyFrom(dataValidationSchema('2000-01-01')),
        response: {
          200: { description: 'Confirmed; no longer due', $ref: 'DataValidationStatus#' },
          ...problemResponses(400, 401, 403),
        },
      },
    },
    async (request) => {
      const session = requireSession(request);
      const client = requireClient(request);
      const now = clock();
      const input = await validateBody(dataValidationSchema(todayIn(client.timeZone, now)), request.body);
      const boatIds = [...new Set(input.boats.map((boat) => boat.boatId))];
      const own = new Set(
        boatIds.length === 0
          ? []
          : (
              await db
                .select({ id: boats.id })
                .from(boats)
                .where(
                  and(
                    eq(boats.clientId, client.id),
                    eq(boats.accountId, session.accountId),
                    inArray(boats.id, boatIds),
                  ),
                )
            ).map((row) => row.id),
      );
      const strangers: FieldError[] = input.boats.flatMap((boat, index) =>
        own.has(boat.boatId)
          ? []
          : [{ field: `boats[${index}].boatId`, code: 'not_found', message: 'Barco: no es uno de tus barcos.' }],
      );
      if (strangers.length > 0) throw new HttpProblem('validation_failed', 400, undefined, strangers);

      const account = await db.transaction(async (tx) => {
        for (const boat of input.boats) {
          await tx
            .update(boats)
            .set({
              insurer: boat.insurer,
              policyNumber: boat.policyNumber,
              insuranceExpiresOn: boat.expiresOn,
              updatedAt: now,
            })
            .where(and(eq(boats.id, boat.boatId), eq(boats.accountId, session.accountId)));
        }
        const [updated] = await tx
          .update(accounts)
          .set({
            firstName: input.firstName,
            surnames: input.surnames,
            documentExpiresOn: input.documentExpiresOn,
            licenceType: input.licence?.type ?? null,
            licenceNumber: input.licence?.number ?? null,
            licenceExpiresOn: input.licence?.expiresOn ?? null,
            dataValidatedAt: now,
            updatedAt: now,
          })
          .where(eq(accounts.id, session.accountId))
          .returning();
        return updated!;
      });
      audit(request, 'data_validated', { outcome: 'success', accountId: session.accountId });
      return dataValidationStatus(db, account, client, now);
    },
  );
};
