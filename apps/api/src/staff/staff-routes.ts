/**
 * The marina staff's calls (`/api/v1/staff/`, docs/product.md §1): customers, boats, contracts to decide.
 * A staff member is an account with the role `staff` at one marina, signed in like anyone else; every call
 * here is refused to customers (403), and sees only the marina of the session (a session is only ever found
 * for its own marina, so staff of another marina have none here: 401, and their ids find nothing: 404).
 */
import {
  CONTRACT_STATUS_LABELS,
  CONTRACT_STATUSES,
  contractRejectionSchema,
  staffBoatPatchSchema,
  type ContractStatus,
} from '@marina/core/domain/boats.ts';
import { accountReasons } from '@marina/core/domain/eligibility.ts';
import type {
  StaffBoat,
  StaffBoatList,
  StaffContract,
  StaffContractList,
  StaffCustomer,
  StaffCustomerList,
} from '@marina/core/domain/staff.ts';
import { and, desc, eq, inArray, ne, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { accountBasics, accountFacts, eligibilityContext, licenceOnFile } from '../accounts/account-summary.ts';
import type { ClientRecord } from '../clients/client-directory.ts';
import { clientHeaderSchema, requireClient } from '../clients/client-resolution.ts';
import type { Executor } from '../db/database.ts';
import { accounts, type AccountRow } from '../accounts/accounts.schema.ts';
import { boats, contracts, type BoatRow, type ContractRow } from '../boats/boats.schema.ts';
import { audit } from '../http/audit.ts';
import { cursorKind, pagedListOf, pageOf, pageQuerystring, pageRequest, type PageQuery } from '../http/pagination.ts';
import { problem, problemResponses } from '../http/problem.ts';
import { bodyFrom, validateBody } from '../http/validation.ts';
import type { Services } from '../services.ts';
import { idParams, isUuid } from '../http/ids.ts';
import { findBoat, loadBoats, toBoat, toContract, type LoadedBoat } from '../boats/boat-views.ts';
import { requireStaff } from './require-staff.ts';
import { tellContractDecision } from './staff-messages.ts';
import { tellBoatInMaintenance } from '../launches/launch-messages.ts';
import { staffLaunchRoutes } from './staff-launch-routes.ts';
import { staffSettingsRoutes } from './staff-settings-routes.ts';
import { staffOutingRoutes } from '../outings/staff-outing-routes.ts';
import { problemDetails } from '@marina/core/messages/problem-details.ts';

const owner = (account: AccountRow) => ({ id: account.id, firstName: account.firstName, surnames: account.surnames });

function toStaffCustomer(account: AccountRow, boatIds: string[], client: ClientRecord, now: Date): StaffCustomer {
  return {
    ...accountBasics(account, client, now),
    reasons: accountReasons(accountFacts(account), eligibilityContext(client, now)),
    documentExpiresOn: account.documentExpiresOn,
    licence: licenceOnFile(account),
    boatIds,
  };
}

const toStaffBoat = ({ row, parts }: LoadedBoat, client: ClientRecord, now: Date): StaffBoat => ({
  ...toBoat(row, parts, client, now),
  owner: owner(parts.owner),
});

function toStaffContract(contract: ContractRow, boat: BoatRow, account: AccountRow): StaffContract {
  return {
    ...toContract(contract),
    boat: { id: boat.id, name: boat.name, registration: boat.registration, lengthM: boat.lengthM, beamM: boat.beamM },
    owner: owner(account),
  };
}

/** Contracts of the marina with their boat and owner, newest request first (then by id: a total order for pages). */
async function staffContracts(
  db: Executor,
  clientId: number,
  where?: SQL,
  limit?: number,
): Promise<Array<{ contract: ContractRow; view: StaffContract }>> {
  const query = db
    .select({ contract: contracts, boat: boats, owner: accounts })
    .from(contracts)
    .innerJoin(boats, eq(boats.id, contracts.boatId))
    .innerJoin(accounts, eq(accounts.id, boats.accountId))
    .where(and(eq(contracts.clientId, clientId), where))
    .orderBy(desc(contracts.requestedAt), desc(contracts.id));
  const rows = limit === undefined ? await query : await query.limit(limit);
  return rows.map((row) => ({ contract: row.contract, view: toStaffContract(row.contract, row.boat, row.owner) }));
}

// Staff's lists grow with the marina: paged (decision 042), each on a total order.
const customerCursors = cursorKind('staff-customers', ['text', 'text', 'text']);
const boatCursors = cursorKind('staff-boats', ['text', 'text', 'text']);
const contractCursors = cursorKind('staff-contracts', ['instant', 'text']);

const staffSecurity = [{ session: [] }];
const staffTags = ['staff'];

export const staffRoutes: FastifyPluginAsync<{ services: Services }> = async (api, { services }) => {
  const { db, clock, config } = services;

  // Every route of this scope, before its body is read or checked.
  api.addHook('onRequest', async (request) => {
    requireStaff(request);
  });

  api.get<{ Querystring: PageQuery }>(
    '/customers',
    {
      schema: {
        operationId: 'staffListCustomers',
        summary: "The marina's customers, by surnames, a page at a time",
        tags: staffTags,
        headers: clientHeaderSchema,
        querystring: pageQuerystring(),
        security: staffSecurity,
        response: {
          200: pagedListOf(
            'customers',
            'StaffCustomer#',
            'A page of the customer accounts of the marina (deleted ones aside)',
          ),
          ...problemResponses(400, 401, 403),
        },
      },
    },
    async (request): Promise<StaffCustomerList> => {
      const client = requireClient(request);
      const now = clock();
      const { limit, after } = pageRequest(
        request.query,
        customerCursors,
        [accounts.surnames, accounts.firstName, accounts.id],
        'asc',
      );
      const page = pageOf(
        await db
          .select()
          .from(accounts)
          .where(
            and(eq(accounts.clientId, client.id), eq(accounts.role, 'customer'), ne(accounts.status, 'deleted'), after),
          )
          .orderBy(accounts.surnames, accounts.firstName, accounts.id)
          .limit(limit + 1),
        limit,
        customerCursors,
        (account) => [account.surnames, account.firstName, account.id],
      );
      const ids = page.rows.map((account) => account.id);
      const owned =
        ids.length === 0
          ? []
          : await db
              .select({ id: boats.id, accountId: boats.accountId })
              .from(boats)
              .where(and(eq(boats.clientId, client.id), inArray(boats.accountId, ids)))
              .orderBy(boats.name);
      return {
        customers: page.rows.map((account) =>
          toStaffCustomer(
            account,
            owned.filter((boat) => boat.accountId === account.id).map((boat) => boat.id),
            client,
            now,
          ),
        ),
        next: page.next,
      };
    },
  );

  api.get<{ Params: { id: string } }>(
    '/customers/:id',
    {
      schema: {
        operationId: 'staffGetCustomer',
        summary: 'One customer of the marina',
        tags: staffTags,
        headers: clientHeaderSchema,
        params: idParams,
        security: staffSecurity,
        response: {
          200: { description: 'The customer', $ref: 'StaffCustomer#' },
          ...problemResponses(400, 401, 403, 404),
        },
      },
    },
    async (request): Promise<StaffCustomer> => {
      const client = requireClient(request);
      const { id } = request.params;
      const [account] = isUuid(id)
        ? await db
            .select()
            .from(accounts)
            .where(
              and(
                eq(accounts.id, id),
                eq(accounts.clientId, client.id),
                eq(accounts.role, 'customer'),
                ne(accounts.status, 'deleted'),
              ),
            )
            .limit(1)
        : [];
      if (!account) throw problem('not_found', 404, problemDetails.customer_not_found);
      const owned = await db
        .select({ id: boats.id })
        .from(boats)
        .where(eq(boats.accountId, account.id))
        .orderBy(boats.name);
      return toStaffCustomer(
        account,
        owned.map((boat) => boat.id),
        client,
        clock(),
      );
    },
  );

  api.get<{ Querystring: PageQuery }>(
    '/boats',
    {
      schema: {
        operationId: 'staffListBoats',
        summary: "The marina's boats, each with its owner, contract and verdict, a page at a time",
        tags: staffTags,
        headers: clientHeaderSchema,
        querystring: pageQuerystring(),
        security: staffSecurity,
        response: {
          200: pagedListOf('boats', 'StaffBoat#', 'A page of the boats of the marina, by name'),
          ...problemResponses(400, 401, 403),
        },
      },
    },
    async (request): Promise<StaffBoatList> => {
      const client = requireClient(request);
      const now = clock();
      const { limit, after } = pageRequest(
        request.query,
        boatCursors,
        [boats.name, boats.registration, boats.id],
        'asc',
      );
      const page = pageOf(await loadBoats(db, client.id, after, limit + 1), limit, boatCursors, ({ row }) => [
        row.name,
        row.registration,
        row.id,
      ]);
      return { boats: page.rows.map((found) => toStaffBoat(found, client, now)), next: page.next };
    },
  );

  api.get<{ Params: { id: string } }>(
    '/boats/:id',
    {
      schema: {
        operationId: 'staffGetBoat',
        summary: 'One boat of the marina (its certificate: GET /boats/{id}/insurance-certificate)',
        tags: staffTags,
        headers: clientHeaderSchema,
        params: idParams,
        security: staffSecurity,
        response: { 200: { description: 'The boat', $ref: 'StaffBoat#' }, ...problemResponses(400, 401, 403, 404) },
      },
    },
    async (request): Promise<StaffBoat> => {
      const client = requireClient(request);
      return toStaffBoat(await findBoat(db, client.id, request.params.id), client, clock());
    },
  );

  api.patch<{ Params: { id: string } }>(
    '/boats/:id',
    {
      schema: {
        operationId: 'staffUpdateBoat',
        summary:
          'Set where the boat is (in the rack, in the water, in maintenance) and its rack position; put in maintenance, the people of its launches to come are told',
        tags: staffTags,
        headers: clientHeaderSchema,
        params: idParams,
        security: staffSecurity,
        body: bodyFrom(staffBoatPatchSchema),
        response: {
          200: { description: 'The boat as it is now', $ref: 'StaffBoat#' },
          ...problemResponses(400, 401, 403, 404),
        },
      },
    },
    async (request): Promise<StaffBoat> => {
      const session = requireStaff(request);
      const client = requireClient(request);
      const input = await validateBody(staffBoatPatchSchema, request.body);
      const found = await findBoat(db, client.id, request.params.id);
      const changes = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
      if (Object.keys(changes).length > 0) {
        const now = clock();
        const inMarina = and(eq(boats.id, found.row.id), eq(boats.clientId, client.id));
        await db.transaction(async (tx) => {
          // The boat's row locked, so of two changes at once the second reads the first's state: a boat goes
          // into maintenance, and its launches' people hear of it, once.
          const [before] = await tx.select({ state: boats.state }).from(boats).where(inMarina).for('update');
          await tx
            .update(boats)
            .set({ ...changes, updatedAt: now })
            .where(inMarina);
          if (before && before.state !== 'maintenance' && input.state === 'maintenance') {
            await tellBoatInMaintenance(tx, client, found.row.id, now, config);
          }
        });
      }
      audit(request, 'staff_boat_updated', { outcome: 'success', accountId: session.accountId });
      return toStaffBoat(await findBoat(db, client.id, found.row.id), client, clock());
    },
  );

  api.get<{ Querystring: { status?: ContractStatus } & PageQuery }>(
    '/contracts',
    {
      schema: {
        operationId: 'staffListContracts',
        summary:
          "The marina's contracts, newest request first, a page at a time; `status=requested` lists those waiting for a decision",
        tags: staffTags,
        headers: clientHeaderSchema,
        querystring: pageQuerystring({ status: { type: 'string', enum: [...CONTRACT_STATUSES] } }),
        security: staffSecurity,
        response: {
          200: pagedListOf('contracts', 'StaffContract#', 'A page of the contracts, each with its boat and owner'),
          ...problemResponses(400, 401, 403),
        },
      },
    },
    async (request): Promise<StaffContractList> => {
      const client = requireClient(request);
      const { status } = request.query;
      const { limit, after } = pageRequest(
        request.query,
        contractCursors,
        [contracts.requestedAt, contracts.id],
        'desc',
      );
      const page = pageOf(
        await staffContracts(
          db,
          client.id,
          and(status === undefined ? undefined : eq(contracts.status, status), after),
          limit + 1,
        ),
        limit,
        contractCursors,
        ({ contract }) => [contract.requestedAt, contract.id],
      );
      return { contracts: page.rows.map((row) => row.view), next: page.next };
    },
  );

  /**
   * Decides on a requested contract: one conditional UPDATE (`WHERE status = 'requested'`), so of two staff
   * members deciding at once, or one clicking twice, exactly one wins and the other gets 409
   * `state_conflict`. The customer hears of it in the same transaction.
   */
  async function decide(
    request: FastifyRequest<{ Params: { id: string } }>,
    decision: { status: 'active' | 'rejected'; reason: string | null },
  ) {
    const session = requireStaff(request);
    const client = requireClient(request);
    const now = clock();
    const { id } = request.params;
    const inMarina = and(eq(contracts.id, id), eq(contracts.clientId, client.id));
    const decided = !isUuid(id)
      ? null
      : await db.transaction(async (tx) => {
          const [contract] = await tx
            .update(contracts)
            .set({
              status: decision.status,
              decidedAt: now,
              decidedBy: session.accountId,
              rejectionReason: decision.reason,
            })
            .where(and(inMarina, eq(contracts.status, 'requested')))
            .returning();
          if (!contract) return null;
          const [row] = await tx
            .select({ boat: boats, owner: accounts })
            .from(boats)
            .innerJoin(accounts, eq(accounts.id, boats.accountId))
            .where(eq(boats.id, contract.boatId));
          await tellContractDecision(tx, { client, owner: row!.owner, boat: row!.boat, contract }, now, config);
          return toStaffContract(contract, row!.boat, row!.owner);
        });
    if (decided) {
      audit(request, decision.status === 'active' ? 'contract_approved' : 'contract_rejected', {
        outcome: 'success',
        accountId: session.accountId,
      });
      return decided;
    }
    const [existing] = isUuid(id)
      ? await db.select({ status: contracts.status }).from(contracts).where(inMarina).limit(1)
      : [];
    if (!existing) throw problem('not_found', 404, problemDetails.contract_not_found);
    throw problem(
      'state_conflict',
      409,
      problemDetails.contract_not_pending({ status: CONTRACT_STATUS_LABELS[existing.status] }),
    );
  }

  api.post<{ Params: { id: string } }>(
    '/contracts/:id/approve',
    {
      schema: {
        operationId: 'staffApproveContract',
        summary: 'Approve a requested contract; the customer is told in the app and by SMS or e-mail',
        tags: staffTags,
        headers: clientHeaderSchema,
        params: idParams,
        security: staffSecurity,
        response: {
          200: { description: 'Now active', $ref: 'StaffContract#' },
          ...problemResponses(400, 401, 403, 404, 409),
        },
      },
    },
    (request) => decide(request, { status: 'active', reason: null }),
  );

  api.post<{ Params: { id: string } }>(
    '/contracts/:id/reject',
    {
      schema: {
        operationId: 'staffRejectContract',
        summary: 'Reject a requested contract with a reason the customer reads',
        tags: staffTags,
        headers: clientHeaderSchema,
        params: idParams,
        security: staffSecurity,
        body: bodyFrom(contractRejectionSchema),
        response: {
          200: { description: 'Rejected', $ref: 'StaffContract#' },
          ...problemResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const input = await validateBody(contractRejectionSchema, request.body);
      return decide(request, { status: 'rejected', reason: input.reason });
    },
  );

  await api.register(staffSettingsRoutes, { services });
  await api.register(staffLaunchRoutes, { services });
  await api.register(staffOutingRoutes, { services });
};
