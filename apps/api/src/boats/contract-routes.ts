/**
 * Storage contracts asked for by the customer (`alta-contrato`, docs/product.md §4.6): for a listed boat or
 * a new one (created in the same transaction). A boat has at most one open contract (`requested` or
 * `active`): the partial unique index `contracts_one_open_per_boat` decides, however many requests race.
 */
import { contractEndsOn, contractRequestSchema, type Contract, type ContractList } from '@marina/core/domain/boats.ts';
import { todayIn } from '@marina/core/domain/calendar.ts';
import { DEFAULT_CLIENT_SETTINGS } from '@marina/core/domain/marina.ts';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { requireClient } from '../clients/client-resolution.ts';
import { boats, contracts } from './boats.schema.ts';
import { violatedUniqueConstraint } from '../db/database-errors.ts';
import { audit } from '../http/audit.ts';
import { problem, problemResponses } from '../http/problem.ts';
import { bodyFrom, validateBody } from '../http/validation.ts';
import { isUuid } from '../http/ids.ts';
import { idempotentHeadersSchema } from '../security/idempotency.ts';
import type { Services } from '../services.ts';
import { requireSession } from '../sessions/session-lookup.ts';
import { clientHeaderSchema } from '../clients/client-resolution.ts';
import { listOf } from './boat-schemas.ts';
import { registrationTaken } from './boat-routes.ts';
import { toContract } from './boat-views.ts';
import { errorMessages } from '@marina/core/messages/error-messages.ts';
import { fieldMessages, problemDetails } from '@marina/core/messages/problem-details.ts';

export function contractAlreadyOpen() {
  return problem('contract_already_open', 409, errorMessages.contract_already_open, [
    {
      field: 'boatId',
      code: 'contract_already_open',
      message: fieldMessages.contract_already_open,
    },
  ]);
}

export const contractRoutes: FastifyPluginAsync<{ services: Services }> = async (api, { services }) => {
  const { db, clock } = services;

  /** A contract of one of the account's boats at this marina, or null. */
  async function ownContract(request: FastifyRequest, contractId: string): Promise<Contract | null> {
    const session = requireSession(request);
    if (!isUuid(contractId)) return null;
    const [row] = await db
      .select({ contract: contracts })
      .from(contracts)
      .innerJoin(boats, eq(boats.id, contracts.boatId))
      .where(
        and(
          eq(contracts.id, contractId),
          eq(contracts.clientId, requireClient(request).id),
          eq(boats.accountId, session.accountId),
        ),
      )
      .limit(1);
    return row ? toContract(row.contract) : null;
  }

  api.get(
    '/contracts',
    {
      schema: {
        operationId: 'listContracts',
        summary: "The contracts of the customer's boats, newest first",
        tags: ['contracts'],
        headers: clientHeaderSchema,
        security: [{ session: [] }],
        response: {
          200: listOf('contracts', 'Contract#', 'Every contract of the account’s boats, newest request first'),
          ...problemResponses(400, 401),
        },
      },
    },
    async (request): Promise<ContractList> => {
      const session = requireSession(request);
      const client = requireClient(request);
      const own = db
        .select({ id: boats.id })
        .from(boats)
        .where(and(eq(boats.clientId, client.id), eq(boats.accountId, session.accountId)));
      const rows = await db
        .select()
        .from(contracts)
        .where(inArray(contracts.boatId, own))
        .orderBy(desc(contracts.requestedAt), desc(contracts.id));
      return { contracts: rows.map(toContract) };
    },
  );

  api.post(
    '/contracts',
    {
      config: {
        // The answer is re-read on replay rather than kept: only the contract's id is stored.
        idempotent: {
          keep: (answer) => ({ id: (answer as Contract).id }),
          replay: async (request, kept) => {
            const contract = await ownContract(request, (kept as { id: string }).id);
            if (!contract) throw problem('not_found', 404, problemDetails.contract_gone);
            return contract;
          },
        },
      },
      schema: {
        operationId: 'requestContract',
        summary: 'Ask for a storage contract, for a listed boat (`boatId`) or a new one (`boat` and `insurance`)',
        description:
          "The start is today or later in the marina's calendar; the end follows from the plan (contractEndsOn). The new boat's " +
          'length and beam are at most the marina’s maxLengthM / maxBeamM. 409 contract_already_open when the boat already has a ' +
          'requested or active contract; 409 registration_taken when the new boat’s registration is already at the marina.',
        tags: ['contracts'],
        headers: idempotentHeadersSchema,
        security: [{ session: [] }],
        body: bodyFrom(contractRequestSchema(DEFAULT_CLIENT_SETTINGS, '2000-01-01')),
        response: {
          201: { description: 'Requested; staff approve or reject it', $ref: 'Contract#' },
          ...problemResponses(400, 401, 403, 404, 409, 422),
        },
      },
    },
    async (request, reply) => {
      const session = requireSession(request);
      const client = requireClient(request);
      const now = clock();
      const input = await validateBody(
        contractRequestSchema(client.settings, todayIn(client.timeZone, now)),
        request.body,
      );
      const endsOn = contractEndsOn(input.plan, input.startsOn);
      try {
        const created = await db.transaction(async (tx) => {
          let boatId: string;
          if (input.boatId !== undefined) {
            const [own] = await tx
              .select({ id: boats.id })
              .from(boats)
              .where(
                and(eq(boats.id, input.boatId), eq(boats.clientId, client.id), eq(boats.accountId, session.accountId)),
              )
              .limit(1);
            if (!own) throw problem('not_found', 404, problemDetails.boat_not_found);
            boatId = own.id;
          } else {
            const { boat, insurance } = input;
            const [inserted] = await tx
              .insert(boats)
              .values({
                clientId: client.id,
                accountId: session.accountId,
                ...boat!,
                insurer: insurance!.insurer,
                policyNumber: insurance!.policyNumber,
                insuranceExpiresOn: insurance!.expiresOn,
                createdAt: now,
                updatedAt: now,
              })
              .returning({ id: boats.id });
            boatId = inserted!.id;
          }
          const [contract] = await tx
            .insert(contracts)
            .values({
              clientId: client.id,
              boatId,
              plan: input.plan,
              startsOn: input.startsOn,
              endsOn,
              requestedAt: now,
            })
            .returning();
          return contract!;
        });
        audit(request, 'contract_requested', { outcome: 'success', accountId: session.accountId });
        return reply.code(201).send(toContract(created));
      } catch (error) {
        const constraint = violatedUniqueConstraint(error);
        if (constraint === 'contracts_one_open_per_boat') throw contractAlreadyOpen();
        if (constraint === 'boats_client_registration_key') throw registrationTaken('boat.registration');
        throw error;
      }
    },
  );
};
