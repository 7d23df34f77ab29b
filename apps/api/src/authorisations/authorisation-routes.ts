/**
 * An owner's authorised persons (docs/product.md §4.8, decisions 025 and 038): list, add, validate with the code
 * the person received (which attaches it to the person's account when that account has proven the contact the
 * owner typed), resend it, suspend, reactivate and reschedule. Only the owner's own authorisations at this
 * marina exist here: any other id answers 404, never 403.
 */
import { launchCancellationReasons } from '@marina/core/messages/launch-notices.ts';
import {
  authorisationCodeSchema,
  authorisationSchema,
  holdsPlace,
  licenceCoversPeriod,
  rescheduleSchema,
  suspensionSchema,
  type Authorisation,
  type AuthorisationList,
} from '@marina/core/domain/authorisations.ts';
import { todayIn } from '@marina/core/domain/calendar.ts';
import { localDateIn } from '@marina/core/domain/opening-hours.ts';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  checkCode,
  countCodeRequest,
  findVerification,
  issueCode,
  markCodeUsed,
  resendCode,
  sendCode,
} from '../accounts/verification-codes.ts';
import { idParams, isUuid } from '../http/ids.ts';
import { listOf } from '../boats/boat-schemas.ts';
import type { ClientRecord } from '../clients/client-directory.ts';
import { clientHeaderSchema, requireClient } from '../clients/client-resolution.ts';
import type { Tx } from '../db/database.ts';
import { accounts, verificationCodes, type AccountRow } from '../accounts/accounts.schema.ts';
import { audit } from '../http/audit.ts';
import { problem, problemResponses } from '../http/problem.ts';
import { bodyFrom, validateBody } from '../http/validation.ts';
import type { LaunchScope } from '../launches/launch-places.ts';
import { idempotentHeadersSchema } from '../security/idempotency.ts';
import { refuseSmsCountry } from '../outbox/sms-countries.ts';
import { messageSender, takeMessageBudget } from '../security/message-budgets.ts';
import type { Services } from '../services.ts';
import { requireSession } from '../sessions/session-lookup.ts';
import { authorisationCodeMessage, personDestination, tellPerson } from './authorisation-messages.ts';
import { attachedPerson, attachOnValidation, cancelLaunchesUnder } from './authorisation-person.ts';
import {
  checkRoomOnBoats,
  findAuthorisation,
  loadAuthorisations,
  lockAuthorisation,
  lockOwnersBoats,
  notFound,
  stateOn,
  toAuthorisation,
} from './authorisation-views.ts';
import { authorisationBoats, authorisations, type AuthorisationRow } from './authorisations.schema.ts';
import { errorMessages } from '@marina/core/messages/error-messages.ts';
import { fieldMessages, problemDetails } from '@marina/core/messages/problem-details.ts';

const tags = ['authorisations'];
const security = [{ session: [] }];
const one = { description: 'The authorisation', $ref: 'Authorisation#' } as const;

/** An ended authorisation is over for good (decision 038): the owner adds the person again instead. */
const endedConflict = () => problem('state_conflict', 409, problemDetails.authorisation_ended);

function licenceExpiresInPeriod() {
  const message = fieldMessages.licence_expires_in_period;
  return problem('licence_expires_in_period', 422, message, [
    { field: 'validTo', code: 'licence_expires_in_period', message },
  ]);
}

export const authorisationRoutes: FastifyPluginAsync<{ services: Services }> = async (api, { services }) => {
  const { db, clock, config } = services;
  const documentedCreate = bodyFrom(authorisationSchema('2000-01-01'));
  const documentedReschedule = bodyFrom(rescheduleSchema('2000-01-01'));

  async function ownAuthorisation(request: FastifyRequest, id: string): Promise<Authorisation> {
    const session = requireSession(request);
    const client = requireClient(request);
    return toAuthorisation(await findAuthorisation(db, client.id, session.accountId, id), client, clock());
  }

  async function ownerOf(tx: Tx, accountId: string): Promise<AccountRow> {
    const [owner] = await tx.select().from(accounts).where(eq(accounts.id, accountId));
    return owner!;
  }

  /**
   * Locks one of the owner's authorisations for a change that may make it hold a place again: the boats it
   * covers first, in id order (the limit's lock, taken before the authorisation like every such writer), then
   * the authorisation itself. 404 when it is not theirs at this marina.
   */
  async function lockWithCoveredBoats(tx: Tx, client: ClientRecord, ownerId: string, id: string) {
    const [seen] = isUuid(id)
      ? await tx
          .select({ id: authorisations.id })
          .from(authorisations)
          .where(
            and(
              eq(authorisations.id, id),
              eq(authorisations.clientId, client.id),
              eq(authorisations.accountId, ownerId),
            ),
          )
      : [];
    if (!seen) throw notFound();
    const covered = await tx
      .select({ boatId: authorisationBoats.boatId })
      .from(authorisationBoats)
      .where(eq(authorisationBoats.authorisationId, seen.id));
    const boats =
      covered.length === 0
        ? []
        : await lockOwnersBoats(
            tx,
            client.id,
            ownerId,
            covered.map((row) => row.boatId),
          );
    return { boats, locked: await lockAuthorisation(tx, client.id, ownerId, seen.id) };
  }

  api.get<{ Querystring: { boatId?: string } }>(
    '/authorisations',
    {
      schema: {
        operationId: 'listAuthorisations',
        summary: "The owner's authorised persons, newest first (`boatId` keeps those covering that boat)",
        tags,
        headers: clientHeaderSchema,
        querystring: {
          type: 'object',
          properties: { boatId: { type: 'string', description: 'UUID of one of the owner’s boats' } },
          additionalProperties: false,
        },
        security,
        response: {
          200: listOf('authorisations', 'Authorisation#', "The account's authorisations at this marina"),
          ...problemResponses(400, 401),
        },
      },
    },
    async (request): Promise<AuthorisationList> => {
      const session = requireSession(request);
      const client = requireClient(request);
      const now = clock();
      const { boatId } = request.query;
      if (boatId !== undefined && !isUuid(boatId)) return { authorisations: [] };
      const filter =
        boatId === undefined
          ? undefined
          : inArray(
              authorisations.id,
              db
                .select({ id: authorisationBoats.authorisationId })
                .from(authorisationBoats)
                .where(eq(authorisationBoats.boatId, boatId)),
            );
      const found = await loadAuthorisations(db, client.id, session.accountId, filter);
      return { authorisations: found.map((item) => toAuthorisation(item, client, now)) };
    },
  );

  api.get<{ Params: { id: string } }>(
    '/authorisations/:id',
    {
      schema: {
        operationId: 'getAuthorisation',
        summary: 'One of the owner’s authorisations',
        tags,
        headers: clientHeaderSchema,
        params: idParams,
        security,
        response: { 200: one, ...problemResponses(400, 401, 404) },
      },
    },
    (request) => ownAuthorisation(request, request.params.id),
  );

  api.post(
    '/authorisations',
    {
      config: {
        idempotent: {
          keep: (answer) => ({ id: (answer as Authorisation).id }),
          replay: async (request, kept) => ownAuthorisation(request, (kept as { id: string }).id),
        },
      },
      schema: {
        operationId: 'createAuthorisation',
        summary:
          'Authorise a person on some of the owner’s boats; a code goes to the person (SMS or e-mail, as the marina sends codes)',
        description:
          'The licence must cover the period (422 on `licence.expiresOn`). Every boat must be the owner’s (404 on `boatIds`). At most ' +
          'maxAuthorisedPerBoat pending or active authorisations per boat (409 authorisation_limit_reached); the same document once per ' +
          'boat (409 authorisation_duplicate); not the owner’s own document (422 authorising_self). The authorisation is `pending` until ' +
          'the owner types the code the person received (`POST …/validate`). A person without an account is told how to register.',
        tags,
        headers: idempotentHeadersSchema,
        security,
        body: documentedCreate,
        response: {
          201: { ...one, description: 'Added, pending validation' },
          ...problemResponses(400, 401, 403, 404, 409, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const session = requireSession(request);
      const client = requireClient(request);
      const now = clock();
      const today = todayIn(client.timeZone, now);
      const input = await validateBody(authorisationSchema(today), request.body);
      // On an SMS marina the code goes to this mobile: only of a country the marina sends SMS to.
      if (client.sendsSms) refuseSmsCountry(client, input.phone);
      const id = await db.transaction(async (tx) => {
        const owner = await ownerOf(tx, session.accountId);
        if (owner.document === input.document) {
          const message = fieldMessages.authorising_self;
          throw problem('authorising_self', 422, message, [{ field: 'document', code: 'authorising_self', message }]);
        }
        const locked = await lockOwnersBoats(tx, client.id, owner.id, input.boatIds);
        await checkRoomOnBoats(tx, client, locked, input.document, today);
        const { channel, destination } = personDestination(client, input);
        await countCodeRequest(tx, 'authorisation', client.id, destination, now);
        const [row] = await tx
          .insert(authorisations)
          .values({
            clientId: client.id,
            accountId: owner.id,
            firstName: input.firstName,
            surnames: input.surnames,
            document: input.document,
            phone: input.phone,
            email: input.email,
            licenceType: input.licence.type,
            licenceNumber: input.licence.number,
            licenceExpiresOn: input.licence.expiresOn,
            validFrom: input.validFrom,
            validTo: input.validTo ?? null,
            state: 'pending',
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        await tx
          .insert(authorisationBoats)
          .values(locked.map((boat) => ({ authorisationId: row!.id, boatId: boat.id, clientId: client.id })));
        const issued = await issueCode(
          tx,
          {
            clientId: client.id,
            accountId: owner.id,
            purpose: 'authorisation',
            channel,
            destination,
            typed: destination,
          },
          now,
        );
        await tx
          .update(authorisations)
          .set({ verificationId: issued.verification.id })
          .where(eq(authorisations.id, row!.id));
        // The owner chose where it goes: it counts in their budgets (decision 039), last before it is written.
        await takeMessageBudget(tx, messageSender(request), now);
        await sendCode(
          tx,
          'authorisation',
          {
            clientId: client.id,
            accountId: owner.id,
            channel,
            destination,
            ...authorisationCodeMessage(client, owner, row!, channel, issued.code!),
          },
          now,
          config,
        );
        return row!.id;
      });
      audit(request, 'authorisation_created', { outcome: 'success', accountId: session.accountId });
      return reply.code(201).send(await ownAuthorisation(request, id));
    },
  );

  api.post<{ Params: { id: string } }>(
    '/authorisations/:id/validate',
    {
      schema: {
        operationId: 'validateAuthorisation',
        summary: 'Validate a pending authorisation with the code the person received (they give it to the owner)',
        description:
          'Same limits as registration: the code lives 10 minutes and allows 5 tries (422 code_invalid, 410 code_expired, 429 code_attempts_exceeded).',
        tags,
        headers: clientHeaderSchema,
        params: idParams,
        security,
        body: bodyFrom(authorisationCodeSchema),
        response: {
          200: { ...one, description: 'Active' },
          ...problemResponses(400, 401, 403, 404, 409, 410, 422, 429),
        },
      },
    },
    async (request) => {
      const session = requireSession(request);
      const client = requireClient(request);
      const now = clock();
      const input = await validateBody(authorisationCodeSchema, request.body);
      const found = await findAuthorisation(db, client.id, session.accountId, request.params.id);
      if (stateOn(found.row, todayIn(client.timeZone, now)) !== 'pending')
        throw problem('state_conflict', 409, problemDetails.authorisation_not_pending);
      if (found.row.verificationId === null) throw problem('code_expired', 410, errorMessages.code_expired);
      const verification = await findVerification(db, {
        id: found.row.verificationId,
        clientId: client.id,
        purpose: 'authorisation',
        accountId: session.accountId,
      }).catch(() => {
        throw problem('code_expired', 410, errorMessages.code_expired);
      });
      await checkCode(db, verification, input.code, now);
      await db.transaction(async (tx) => {
        // The authorisation's row first, then the code's, as a withdrawal and a resend take them (no deadlock):
        // a withdrawal that got here first has deleted the row (404); one waiting finds it active (409).
        const locked = await lockAuthorisation(tx, client.id, session.accountId, found.row.id);
        if (locked.state !== 'pending') throw problem('state_conflict', 409, problemDetails.authorisation_not_pending);
        // A new code was sent meanwhile: this one no longer counts.
        if (locked.verificationId !== verification.id)
          throw problem('code_invalid', 422, problemDetails.authorisation_code_superseded);
        await markCodeUsed(tx, verification, input.code, now);
        const [row] = await tx
          .update(authorisations)
          .set({ state: 'active', validatedAt: now, verificationId: null, updatedAt: now })
          .where(and(eq(authorisations.id, found.row.id), eq(authorisations.state, 'pending')))
          .returning();
        if (!row) throw problem('state_conflict', 409, problemDetails.authorisation_not_pending);
        const owner = await ownerOf(tx, session.accountId);
        // Attached only to an account that proved the phone or e-mail typed here; none yet, one may later (decision 038).
        const person = await attachOnValidation(tx, client, row, now, config);
        await tellPerson(tx, 'validated', { client, owner, row, person }, now, config);
      });
      audit(request, 'authorisation_validated', { outcome: 'success', accountId: session.accountId });
      return ownAuthorisation(request, found.row.id);
    },
  );

  api.post<{ Params: { id: string } }>(
    '/authorisations/:id/resend',
    {
      schema: {
        operationId: 'resendAuthorisationCode',
        summary: 'Send the person a new code (the previous one stops working)',
        description: 'As for registration: not before 60 s (429 resend_too_soon), and a few per hour.',
        tags,
        headers: clientHeaderSchema,
        params: idParams,
        security,
        response: {
          202: { ...one, description: 'A new code is on its way' },
          ...problemResponses(400, 401, 403, 404, 409, 429),
        },
      },
    },
    async (request, reply) => {
      const session = requireSession(request);
      const client = requireClient(request);
      const now = clock();
      const found = await findAuthorisation(db, client.id, session.accountId, request.params.id);
      if (stateOn(found.row, todayIn(client.timeZone, now)) !== 'pending')
        throw problem('state_conflict', 409, problemDetails.authorisation_not_pending);
      await db.transaction(async (tx) => {
        const row = await lockAuthorisation(tx, client.id, session.accountId, found.row.id);
        if (row.state !== 'pending') throw problem('state_conflict', 409, problemDetails.authorisation_not_pending);
        const owner = await ownerOf(tx, session.accountId);
        const { channel, destination } = personDestination(client, row);
        const current =
          found.verification && found.verification.consumedAt === null && found.verification.id === row.verificationId
            ? found.verification
            : null;
        let issued;
        if (current) {
          issued = await resendCode(tx, current, now);
        } else {
          // The code was cleared away (housekeeping): a new one, counted like a first request.
          await countCodeRequest(tx, 'authorisation', client.id, destination, now);
          issued = await issueCode(
            tx,
            {
              clientId: client.id,
              accountId: owner.id,
              purpose: 'authorisation',
              channel,
              destination,
              typed: destination,
            },
            now,
          );
          await tx
            .update(authorisations)
            .set({ verificationId: issued.verification.id, updatedAt: now })
            .where(eq(authorisations.id, row.id));
        }
        await takeMessageBudget(tx, messageSender(request), now);
        await sendCode(
          tx,
          'authorisation',
          {
            clientId: client.id,
            accountId: owner.id,
            channel,
            destination,
            ...authorisationCodeMessage(client, owner, row, channel, issued.code!),
          },
          now,
          config,
        );
      });
      return reply.code(202).send(await ownAuthorisation(request, found.row.id));
    },
  );

  api.post<{ Params: { id: string } }>(
    '/authorisations/:id/withdraw',
    {
      schema: {
        operationId: 'withdrawAuthorisation',
        summary: 'Withdraw a pending invitation (the person has not given the code yet): it is deleted with its code',
        description:
          'For a contact typed wrong, or a person who will not come after all. Only while `pending`: the outstanding code stops ' +
          'working at once, the place on each boat is freed (the same document may be added again) and nothing about the person is ' +
          'kept (decision 034). An active or suspended authorisation is suspended instead (409 state_conflict). A validation racing ' +
          'with it either lands first (and the withdrawal is refused) or finds nothing to validate.',
        tags,
        headers: clientHeaderSchema,
        params: idParams,
        security,
        response: {
          204: { description: 'Withdrawn: the authorisation and its code are gone', type: 'null' },
          ...problemResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const session = requireSession(request);
      const client = requireClient(request);
      const now = clock();
      const { id } = request.params;
      await db.transaction(async (tx) => {
        // The authorisation's row, then its code's: the order a validation and a resend take them.
        const locked = await lockAuthorisation(tx, client.id, session.accountId, id);
        const state = stateOn(locked, todayIn(client.timeZone, now));
        if (state !== 'pending') throw problem('state_conflict', 409, problemDetails.not_withdrawable({ state }));
        // The boats' links go with it (cascade); a pending authorisation has no launches (it gives no access).
        await tx.delete(authorisations).where(eq(authorisations.id, locked.id));
        if (locked.verificationId !== null)
          await tx.delete(verificationCodes).where(eq(verificationCodes.id, locked.verificationId));
      });
      audit(request, 'authorisation_withdrawn', { outcome: 'success', accountId: session.accountId });
      return reply.code(204).send();
    },
  );

  api.post<{ Params: { id: string } }>(
    '/authorisations/:id/suspend',
    {
      schema: {
        operationId: 'suspendAuthorisation',
        summary: 'Suspend an active authorisation at once, with an optional reason',
        description:
          'In one transaction: the authorisation is suspended, the person’s open launch requests made under it are cancelled (each ' +
          'freed place goes to whoever waits for it) and the person is told. A booking racing with it either finishes first and is ' +
          'cancelled here, or sees the suspension and is refused (not_eligible, authorisation_suspended).',
        tags,
        headers: clientHeaderSchema,
        params: idParams,
        security,
        body: bodyFrom(suspensionSchema),
        response: { 200: { ...one, description: 'Suspended' }, ...problemResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request) => {
      const session = requireSession(request);
      const client = requireClient(request);
      const scope: LaunchScope = { client, now: clock(), config };
      const input = await validateBody(suspensionSchema, request.body);
      const { id } = request.params;
      await db.transaction(async (tx) => {
        const locked = await lockAuthorisation(tx, client.id, session.accountId, id);
        if (stateOn(locked, todayIn(client.timeZone, scope.now)) !== 'active')
          throw problem('state_conflict', 409, problemDetails.suspend_only_active);
        const [row] = await tx
          .update(authorisations)
          .set({
            state: 'suspended',
            suspensionReason: input.reason === '' ? null : input.reason,
            suspendedAt: scope.now,
            updatedAt: scope.now,
          })
          .where(eq(authorisations.id, locked.id))
          .returning();
        await cancelLaunchesUnder(tx, scope, row!.id, launchCancellationReasons.suspended({ reason: input.reason }));
        const owner = await ownerOf(tx, session.accountId);
        await tellPerson(
          tx,
          'suspended',
          { client, owner, row: row!, person: await attachedPerson(tx, row!) },
          scope.now,
          config,
        );
      });
      audit(request, 'authorisation_suspended', { outcome: 'success', accountId: session.accountId });
      return ownAuthorisation(request, id);
    },
  );

  api.post<{ Params: { id: string } }>(
    '/authorisations/:id/reactivate',
    {
      schema: {
        operationId: 'reactivateAuthorisation',
        summary: 'Reactivate a suspended authorisation',
        description:
          'It counts again against maxAuthorisedPerBoat and the same document once per boat (409 when the boats have no room now).',
        tags,
        headers: clientHeaderSchema,
        params: idParams,
        security,
        response: {
          200: { ...one, description: 'Active (or expired, when its period ended meanwhile)' },
          ...problemResponses(400, 401, 403, 404, 409, 429),
        },
      },
    },
    async (request) => {
      const session = requireSession(request);
      const client = requireClient(request);
      const now = clock();
      const today = todayIn(client.timeZone, now);
      const { id } = request.params;
      await db.transaction(async (tx) => {
        const { boats: lockedBoats, locked } = await lockWithCoveredBoats(tx, client, session.accountId, id);
        if (locked.state !== 'suspended')
          throw problem('state_conflict', 409, problemDetails.reactivate_only_suspended);
        const ended = locked.validTo !== null && locked.validTo < today;
        if (!ended) await checkRoomOnBoats(tx, client, lockedBoats, locked.document, today, locked.id);
        const [row] = await tx
          .update(authorisations)
          .set({ state: ended ? 'expired' : 'active', suspensionReason: null, suspendedAt: null, updatedAt: now })
          .where(eq(authorisations.id, locked.id))
          .returning();
        if (!ended) {
          const owner = await ownerOf(tx, session.accountId);
          // A notice to the contact the owner typed: counted like an invitation, so suspending and reactivating
          // cannot pump messages (a suspension's notice needs an active authorisation, which needs this or a
          // validated invitation).
          await takeMessageBudget(tx, messageSender(request), now);
          await tellPerson(
            tx,
            'reactivated',
            { client, owner, row: row!, person: await attachedPerson(tx, row!) },
            now,
            config,
          );
        }
      });
      audit(request, 'authorisation_reactivated', { outcome: 'success', accountId: session.accountId });
      return ownAuthorisation(request, id);
    },
  );

  api.post<{ Params: { id: string } }>(
    '/authorisations/:id/reschedule',
    {
      schema: {
        operationId: 'rescheduleAuthorisation',
        summary: 'Change the period of an authorisation',
        description:
          'The licence on file must cover the new period (422 licence_expires_in_period). An expired authorisation given a later end ' +
          'becomes active again (and counts against the limits: 409). Open launches outside the new period are cancelled.',
        tags,
        headers: clientHeaderSchema,
        params: idParams,
        security,
        body: documentedReschedule,
        response: { 200: { ...one, description: 'Rescheduled' }, ...problemResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request) => {
      const session = requireSession(request);
      const client = requireClient(request);
      const scope: LaunchScope = { client, now: clock(), config };
      const today = todayIn(client.timeZone, scope.now);
      const input = await validateBody(rescheduleSchema(today), request.body);
      const validTo = input.validTo ?? null;
      const { id } = request.params;
      await db.transaction(async (tx) => {
        const { boats: lockedBoats, locked } = await lockWithCoveredBoats(tx, client, session.accountId, id);
        if (locked.state === 'ended') throw endedConflict();
        // From today at the earliest: a period that began in the past needs a licence valid from now on, not then.
        if (!licenceCoversPeriod(locked.licenceExpiresOn, input.validFrom > today ? input.validFrom : today, validTo))
          throw licenceExpiresInPeriod();
        const before = stateOn(locked, today);
        // An ended authorisation given a new end is active again (a suspended or pending one stays so).
        const after: AuthorisationRow['state'] =
          before === 'expired' ? (locked.validatedAt === null ? 'pending' : 'active') : before;
        if (!holdsPlace(before) && holdsPlace(after))
          await checkRoomOnBoats(tx, client, lockedBoats, locked.document, today, locked.id);
        await tx
          .update(authorisations)
          .set({ validFrom: input.validFrom, validTo, state: after, updatedAt: scope.now })
          .where(eq(authorisations.id, locked.id));
        const inside = (slotStart: Date) => {
          const day = localDateIn(slotStart, client.timeZone);
          return day >= input.validFrom && (validTo === null || day <= validTo);
        };
        await cancelLaunchesUnder(tx, scope, locked.id, launchCancellationReasons.outside_new_period, inside);
      });
      audit(request, 'authorisation_rescheduled', { outcome: 'success', accountId: session.accountId });
      return ownAuthorisation(request, id);
    },
  );
};
