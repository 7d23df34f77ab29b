/**
 * A customer's outings at sea (docs/product.md §4.9, decision 030): what the form needs, logging one, the
 * list (at sea first, then history), marking the return ("He vuelto") and extending the expected return.
 * An outing the person may not see is 404, never 403; one they only read (an owner's view of an outing their
 * authorised person logged) is 403 on the actions.
 */
import { todayIn } from '@marina/core/domain/calendar.ts';
import { openingInstants } from '@marina/core/domain/launches.ts';
import { formatInZone } from '@marina/core/domain/zone-time.ts';
import {
  departureValid,
  extendOutingSchema,
  isOpenOutingState,
  OPEN_OUTING_STATES,
  outingSchema,
  returnRefusal,
  type Outing,
  type OutingBoatOption,
  type OutingList,
  type OutingOptions,
} from '@marina/core/domain/outings.ts';
import { and, eq, inArray, not } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { violatedUniqueConstraint } from '../db/database-errors.ts';
import { authorisationForBoat, visibleAuthorisations } from '../authorisations/authorisation-views.ts';
import { idParams, isUuid } from '../http/ids.ts';
import type { ClientRecord } from '../clients/client-directory.ts';
import { clientHeaderSchema, requireClient } from '../clients/client-resolution.ts';
import type { Executor } from '../db/database.ts';
import { accounts, type AccountRow } from '../accounts/accounts.schema.ts';
import { boats } from '../boats/boats.schema.ts';
import { audit } from '../http/audit.ts';
import { cursorKind, pageOf, pageQuerystring, pageRequest, type PageQuery } from '../http/pagination.ts';
import { problem, problemResponses } from '../http/problem.ts';
import { bodyFrom, validateBody } from '../http/validation.ts';
import { idempotentHeadersSchema } from '../security/idempotency.ts';
import type { Services } from '../services.ts';
import { requireSession } from '../sessions/session-lookup.ts';
import { cancelOverdue, scheduleOverdue, tellMarinaCleared } from './outing-overdue.ts';
import {
  boatAlreadyAtSea,
  boatNotInWater,
  chooseSkipper,
  departureInvalid,
  launchToday,
  notEligible,
  outingVerdict,
  returnProblem,
  skipperCandidates,
  toSkipperOption,
  type OutingParty,
} from './outing-rules.ts';
import {
  loadOutings,
  mayAct,
  splitAtSea,
  toOuting,
  viewerOf,
  visibleTo,
  type LoadedOuting,
  type Viewer,
} from './outing-views.ts';
import { outings } from './outings.schema.ts';
import { errorMessages } from '@marina/core/messages/error-messages.ts';
import { fieldMessages, problemDetails } from '@marina/core/messages/problem-details.ts';

/** The history, latest departure first (then by id). */
const historyCursors = cursorKind('outings', ['instant', 'text']);
const tags = ['outings'];
const security = [{ session: [] }];
const notFound = () => problem('not_found', 404, 'No encontramos esa salida.');

/**
 * A boat the person may use (docs/product.md §4.8): their own at this marina, or one an authorisation of their
 * document covers (active, suspended or expired, so a refusal can say why). Null otherwise: 404.
 */
async function partyFor(
  db: Executor,
  client: ClientRecord,
  person: AccountRow,
  boatId: string,
  lock = false,
): Promise<OutingParty | null> {
  if (!isUuid(boatId)) return null;
  const [row] = await db
    .select({ boat: boats, owner: accounts })
    .from(boats)
    .innerJoin(accounts, eq(accounts.id, boats.accountId))
    .where(and(eq(boats.id, boatId), eq(boats.clientId, client.id)))
    .limit(1);
  if (!row) return null;
  if (row.boat.accountId === person.id) return { person, boat: row.boat, owner: row.owner, authorisation: null };
  const authorisation = await authorisationForBoat(db, client.id, person, row.boat.id, lock);
  return authorisation ? { person, boat: row.boat, owner: row.owner, authorisation } : null;
}

export const outingRoutes: FastifyPluginAsync<{ services: Services }> = async (api, { services }) => {
  const { db, clock, config } = services;

  async function signedIn(request: FastifyRequest) {
    const session = requireSession(request);
    const client = requireClient(request);
    const [person] = await db
      .select()
      .from(accounts)
      .where(and(eq(accounts.id, session.accountId), eq(accounts.clientId, client.id)));
    if (!person) throw problem('unauthenticated', 401, errorMessages.unauthenticated);
    return { session, client, person, viewer: await viewerOf(db, client.id, person) };
  }

  async function visibleOuting(
    db: Executor,
    client: ClientRecord,
    viewer: Viewer,
    id: string,
    lock = false,
  ): Promise<LoadedOuting> {
    if (!isUuid(id)) throw notFound();
    if (lock)
      await db
        .select({ id: outings.id })
        .from(outings)
        .where(and(eq(outings.id, id), eq(outings.clientId, client.id)))
        .for('update');
    const [found] = await loadOutings(db, client.id, and(eq(outings.id, id), visibleTo(viewer)));
    if (!found) throw notFound();
    return found;
  }

  async function outingFor(request: FastifyRequest, id: string): Promise<Outing> {
    const { client, viewer } = await signedIn(request);
    return toOuting(await visibleOuting(db, client, viewer, id), client, viewer);
  }

  /** The locked outing the viewer may act on: 404 unseen, 403 read-only, 409 already back. */
  async function actable(tx: Executor, client: ClientRecord, viewer: Viewer, id: string): Promise<LoadedOuting> {
    const found = await visibleOuting(tx, client, viewer, id, true);
    if (!mayAct(found, viewer)) throw problem('forbidden', 403, problemDetails.outing_change_not_yours);
    if (!isOpenOutingState(found.outing.state))
      throw problem('state_conflict', 409, problemDetails.outing_already_back);
    return found;
  }

  api.get(
    '/outing-options',
    {
      schema: {
        operationId: 'getOutingOptions',
        summary:
          'What the form "alta-salida" needs: each boat the person may use, whether it may go out now and its skippers',
        description:
          'A boat may go out when it may be used today (docs/product.md §4.13), its launch of today is confirmed or it is in the water, and ' +
          'it has no outing at sea. Skippers: the owner and (for the owner) every authorised person of the boat; an authorised person sees ' +
          'the owner and themselves. `available` is false, with a reason, for one who may not skipper today.',
        tags,
        headers: clientHeaderSchema,
        security,
        response: { 200: { description: 'The options', $ref: 'OutingOptions#' }, ...problemResponses(400, 401) },
      },
    },
    async (request): Promise<OutingOptions> => {
      const { client, person } = await signedIn(request);
      const now = clock();
      const today = todayIn(client.timeZone, now);
      const own = await db
        .select({ boat: boats })
        .from(boats)
        .where(and(eq(boats.accountId, person.id), eq(boats.clientId, client.id)))
        .orderBy(boats.name);
      const lent = await visibleAuthorisations(db, client.id, person);
      const parties: OutingParty[] = own.map(({ boat }) => ({ person, boat, owner: person, authorisation: null }));
      const seen = new Set(parties.map((party) => party.boat.id));
      const lentBoatIds = [...new Set(lent.map((item) => item.boatId).filter((id) => !seen.has(id)))];
      const lentBoats =
        lentBoatIds.length > 0
          ? await db.select().from(boats).where(inArray(boats.id, lentBoatIds)).orderBy(boats.name)
          : [];
      for (const boat of lentBoats) {
        const item = lent.find((entry) => entry.boatId === boat.id)!;
        parties.push({ person, boat, owner: item.owner, authorisation: item.authorisation });
      }
      const atSea = new Set(
        parties.length === 0
          ? []
          : (
              await db
                .select({ boatId: outings.boatId })
                .from(outings)
                .where(
                  and(
                    inArray(
                      outings.boatId,
                      parties.map((party) => party.boat.id),
                    ),
                    inArray(outings.state, ['at_sea', 'overdue']),
                  ),
                )
            ).map((row) => row.boatId),
      );
      const boatOptions: OutingBoatOption[] = [];
      for (const party of parties) {
        const launch = await launchToday(db, client, party.boat.id, now);
        const verdict = await outingVerdict(db, client, party, now);
        const refusals: OutingBoatOption['refusals'] = [];
        if (!verdict.eligible)
          refusals.push({
            code: 'not_eligible',
            text: verdict.reasons.map((reason) => reason.text).join(', '),
            reasons: verdict.reasons,
          });
        if (!launch) refusals.push({ code: 'boat_not_in_water', text: 'Sin bajada confirmada hoy', reasons: [] });
        if (atSea.has(party.boat.id))
          refusals.push({ code: 'boat_already_at_sea', text: 'Ya tiene una salida en el mar', reasons: [] });
        boatOptions.push({
          boatId: party.boat.id,
          boatName: party.boat.name,
          role: party.authorisation ? 'authorised' : 'owner',
          launchToday: launch
            ? { id: launch.id, status: launch.status, slotStart: formatInZone(launch.slotStart, client.timeZone) }
            : null,
          canLog: refusals.length === 0,
          refusals,
          skippers: (await skipperCandidates(db, client, party, now)).map(toSkipperOption),
        });
      }
      const hours = openingInstants(client, today);
      return {
        timeZone: client.timeZone,
        today,
        closesAt: hours ? formatInZone(hours.end, client.timeZone) : null,
        allowOvernight: client.settings.allowOvernight,
        contactPhone: person.phone ?? '',
        boats: boatOptions,
      };
    },
  );

  api.get<{ Querystring: { boatId?: string } & PageQuery }>(
    '/outings',
    {
      schema: {
        operationId: 'listOutings',
        summary: 'The outings of the boats the person uses: at sea first, then history, a page at a time',
        description:
          'Those the person logged, those they skipper through an authorisation, and (read-only, decision 030) those others logged on ' +
          'the boats they own. `boatId` keeps one boat’s. The history is paged with `limit` and `cursor` (decision 042); the outings ' +
          'at sea, one per boat at most, come whole on the first page and empty on the following ones.',
        tags,
        headers: clientHeaderSchema,
        querystring: pageQuerystring({ boatId: { type: 'string', description: 'UUID of a boat' } }),
        security,
        response: { 200: { description: 'The outings', $ref: 'OutingList#' }, ...problemResponses(400, 401) },
      },
    },
    async (request): Promise<OutingList> => {
      const { client, viewer } = await signedIn(request);
      const { boatId } = request.query;
      const { limit, after } = pageRequest(request.query, historyCursors, [outings.departure, outings.id], 'desc');
      if (boatId !== undefined && !isUuid(boatId)) return { atSea: [], history: [], next: null };
      const scope = and(visibleTo(viewer), boatId === undefined ? undefined : eq(outings.boatId, boatId));
      const open = inArray(outings.state, [...OPEN_OUTING_STATES]);
      const view = (row: LoadedOuting) => toOuting(row, client, viewer);
      const atSea =
        request.query.cursor === undefined
          ? splitAtSea((await loadOutings(db, client.id, and(scope, open))).map(view)).atSea
          : [];
      const history = pageOf(
        await loadOutings(db, client.id, and(scope, not(open), after), limit + 1),
        limit,
        historyCursors,
        ({ outing }) => [outing.departure, outing.id],
      );
      return { atSea, history: history.rows.map(view), next: history.next };
    },
  );

  api.get<{ Params: { id: string } }>(
    '/outings/:id',
    {
      schema: {
        operationId: 'getOuting',
        summary: 'One outing the person may see',
        tags,
        headers: clientHeaderSchema,
        params: idParams,
        security,
        response: { 200: { description: 'The outing', $ref: 'Outing#' }, ...problemResponses(400, 401, 404) },
      },
    },
    (request) => outingFor(request, request.params.id),
  );

  api.post(
    '/outings',
    {
      config: {
        idempotent: {
          keep: (answer) => ({ id: (answer as Outing).id }),
          replay: async (request, kept) => outingFor(request, (kept as { id: string }).id),
        },
      },
      schema: {
        operationId: 'createOuting',
        summary: 'Log an outing at sea',
        description:
          'The boat must be one the person may use today (owner, or authorised within the period: 404 otherwise; 422 not_eligible with the ' +
          'reasons), with its launch of today confirmed or in the water (422 boat_not_in_water), and no outing at sea (409 ' +
          'boat_already_at_sea; one per boat, enforced by the database). The departure is today and at most an hour ahead (422 ' +
          'departure_invalid; now when not given). The expected return is later than now (422 return_in_past) and the same day by closing ' +
          '(422 return_after_closing) unless the marina allows overnight outings (then at most 72 h: 422 outing_too_long). The skipper ' +
          '(`owner` or an authorisation id) must be active on the boat with a licence valid today (422 skipper_not_allowed).',
        tags,
        headers: idempotentHeadersSchema,
        security,
        body: bodyFrom(outingSchema),
        response: {
          201: { description: 'Logged', $ref: 'Outing#' },
          ...problemResponses(400, 401, 403, 404, 409, 422),
        },
      },
    },
    async (request, reply) => {
      const { session, client } = await signedIn(request);
      const now = clock();
      const input = await validateBody(outingSchema, request.body);
      const departure = input.departure ? new Date(input.departure) : now;
      const expectedReturn = new Date(input.expectedReturn);
      if (!departureValid(client.timeZone, departure, now)) throw departureInvalid();
      const refusal = returnRefusal(
        { ...client, allowOvernight: client.settings.allowOvernight },
        departure,
        expectedReturn,
        now,
      );
      if (refusal) throw returnProblem(refusal);
      try {
        const id = await db.transaction(async (tx) => {
          const [person] = await tx.select().from(accounts).where(eq(accounts.id, session.accountId));
          // The authorisation share-locked: a suspension either waits for this outing or is seen here.
          const party = person && (await partyFor(tx, client, person, input.boatId, true));
          if (!party)
            throw problem('not_found', 404, 'No encontramos ese barco.', [
              { field: 'boatId', code: 'not_found', message: 'Barco: elige uno de la lista.' },
            ]);
          const verdict = await outingVerdict(tx, client, party, now);
          if (!verdict.eligible) throw notEligible(verdict.reasons);
          if (!(await launchToday(tx, client, party.boat.id, now))) throw boatNotInWater();
          const skipper = await chooseSkipper(tx, client, party, input.skipper, now);
          const [open] = await tx
            .select({ id: outings.id })
            .from(outings)
            .where(and(eq(outings.boatId, party.boat.id), inArray(outings.state, ['at_sea', 'overdue'])));
          if (open) throw boatAlreadyAtSea();
          // The unique partial index is what holds under a race: the loser's insert fails (below).
          const [outing] = await tx
            .insert(outings)
            .values({
              clientId: client.id,
              boatId: party.boat.id,
              accountId: person.id,
              skipperKind: skipper.kind,
              skipperAuthorisationId: skipper.authorisationId,
              skipperFirstName: skipper.firstName,
              skipperSurnames: skipper.surnames,
              state: 'at_sea',
              departure,
              expectedReturn,
              people: input.people,
              destination: input.destination,
              contactPhone: input.contactPhone,
              createdAt: now,
              updatedAt: now,
            })
            .returning();
          await scheduleOverdue(tx, outing!, now);
          return outing!.id;
        });
        audit(request, 'outing_logged', { outcome: 'success', accountId: session.accountId });
        return reply.code(201).send(await outingFor(request, id));
      } catch (error) {
        if (violatedUniqueConstraint(error) === 'outings_one_at_sea_per_boat') throw boatAlreadyAtSea();
        throw error;
      }
    },
  );

  api.post<{ Params: { id: string } }>(
    '/outings/:id/return',
    {
      schema: {
        operationId: 'markOutingReturned',
        summary: '"He vuelto": mark the return (clears overdue)',
        description:
          'By the person who logged it or its skipper (403 for an owner who only reads it); 409 state_conflict when already back.',
        tags,
        headers: clientHeaderSchema,
        params: idParams,
        security,
        response: { 200: { description: 'Back', $ref: 'Outing#' }, ...problemResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { session, client, person, viewer } = await signedIn(request);
      const now = clock();
      const { id } = request.params;
      await db.transaction(async (tx) => {
        const found = await actable(tx, client, viewer, id);
        await tx
          .update(outings)
          .set({ state: 'returned', returnedAt: now, returnedBy: 'customer', overdueSince: null, updatedAt: now })
          .where(eq(outings.id, found.outing.id));
        await cancelOverdue(tx, found.outing.id);
        await tellMarinaCleared(tx, client, found, person, { returned: true }, now, config);
      });
      audit(request, 'outing_returned', { outcome: 'success', accountId: session.accountId });
      return outingFor(request, id);
    },
  );

  api.post<{ Params: { id: string } }>(
    '/outings/:id/extend',
    {
      schema: {
        operationId: 'extendOuting',
        summary: 'Extend the expected return (clears overdue: back to at sea)',
        description:
          'A later time than the current expected return (422 extend_not_later), under the same limits as logging: later than now, the ' +
          'same day by closing unless the marina allows overnight outings. By the person who logged it or its skipper.',
        tags,
        headers: clientHeaderSchema,
        params: idParams,
        security,
        body: bodyFrom(extendOutingSchema),
        response: {
          200: { description: 'Extended', $ref: 'Outing#' },
          ...problemResponses(400, 401, 403, 404, 409, 422),
        },
      },
    },
    async (request) => {
      const { session, client, person, viewer } = await signedIn(request);
      const now = clock();
      const input = await validateBody(extendOutingSchema, request.body);
      const expectedReturn = new Date(input.expectedReturn);
      const { id } = request.params;
      await db.transaction(async (tx) => {
        const found = await actable(tx, client, viewer, id);
        if (expectedReturn.getTime() <= found.outing.expectedReturn.getTime()) {
          const message = fieldMessages.extend_not_later;
          throw problem('extend_not_later', 422, message, [
            { field: 'expectedReturn', code: 'extend_not_later', message },
          ]);
        }
        const refusal = returnRefusal(
          { ...client, allowOvernight: client.settings.allowOvernight },
          found.outing.departure,
          expectedReturn,
          now,
        );
        if (refusal) throw returnProblem(refusal);
        await tx
          .update(outings)
          .set({ expectedReturn, state: 'at_sea', overdueSince: null, updatedAt: now })
          .where(eq(outings.id, found.outing.id));
        await scheduleOverdue(tx, { id: found.outing.id, expectedReturn }, now);
        await tellMarinaCleared(tx, client, found, person, { expectedReturn }, now, config);
      });
      audit(request, 'outing_extended', { outcome: 'success', accountId: session.accountId });
      return outingFor(request, id);
    },
  );
};
