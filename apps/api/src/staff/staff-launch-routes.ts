/**
 * The staff's launch calls (`/api/v1/staff/launches`, `/api/v1/staff/closures`; docs/product.md §4.7): the
 * day by slot, the decisions on each launch, and closures. Registered inside the staff scope (customers 403).
 * Every change is recorded with the staff member and told to the customer in the same transaction.
 */
import { addDays, isCalendarDate, todayIn } from '@marina/core/domain/calendar.ts';
import {
  cancelSchema,
  canTransition,
  closureSchema,
  LAUNCH_STATUS_LABELS,
  SLOT_MS,
  slotTimesOn,
  type Closure,
  type LaunchStatus,
  type StaffLaunch,
  type StaffLaunchDay,
} from '@marina/core/domain/launches.ts';
import { formatInZone } from '@marina/core/domain/zone-time.ts';
import { localDateIn } from '@marina/core/domain/opening-hours.ts';
import { and, eq, gt, inArray, lt } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { idParams, isUuid } from '../http/ids.ts';
import type { ClientRecord } from '../clients/client-directory.ts';
import { clientHeaderSchema, requireClient } from '../clients/client-resolution.ts';
import { boats } from '../boats/boats.schema.ts';
import { closures, launches } from '../launches/launches.schema.ts';
import { audit } from '../http/audit.ts';
import { problem, problemResponses } from '../http/problem.ts';
import { bodyFrom, validateBody } from '../http/validation.ts';
import type { LaunchNoticeKind } from '../launches/launch-messages.ts';
import {
  changeStatus,
  launchVerdict,
  lockLaunch,
  lockSlots,
  partyOf,
  type LaunchScope,
} from '../launches/launch-places.ts';
import { daySlots } from '../launches/launch-routes.ts';
import { notEligible } from '../launches/launch-rules.ts';
import { loadLaunches, toStaffLaunch } from '../launches/launch-views.ts';
import type { Services } from '../services.ts';
import { requireStaff } from './require-staff.ts';
import { fieldMessages, problemDetails } from '@marina/core/messages/problem-details.ts';

const tags = ['staff'];
const security = [{ session: [] }];
const notFound = () => problem('not_found', 404, problemDetails.launch_not_found);

interface Decision {
  to: LaunchStatus;
  /** The states it may start from; any other is 409 state_conflict. */
  from: readonly LaunchStatus[];
  notice: LaunchNoticeKind;
  event: string;
  /** Asks the eligibility rule again (a confirmation). */
  recheck?: boolean;
  /** What else changes with it: the boat's place. */
  boatState?: 'in_water' | 'in_rack';
}

/**
 * Each staff decision, and the states it may start from: a subset of what `canTransition` allows staff (a
 * rejection answers a pending request; cancelling a confirmed launch is `cancel`, which the customer hears
 * about in other words).
 */
const DECISIONS: Record<string, Decision & { operationId: string; summary: string; reason?: true }> = {
  confirm: {
    to: 'confirmed',
    notice: 'confirmed',
    event: 'launch_confirmed',
    recheck: true,
    operationId: 'staffConfirmLaunch',
    summary: 'Confirm a pending launch (the boat must still be eligible)',
    from: ['pending'],
  },
  reject: {
    to: 'cancelled',
    notice: 'rejected',
    event: 'launch_rejected',
    operationId: 'staffRejectLaunch',
    summary: 'Reject a pending launch with a reason',
    from: ['pending'],
    reason: true,
  },
  'in-water': {
    to: 'in_water',
    notice: 'in_water',
    event: 'launch_in_water',
    boatState: 'in_water',
    operationId: 'staffMarkLaunchInWater',
    summary: 'Mark a confirmed launch’s boat in the water',
    from: ['confirmed'],
  },
  complete: {
    to: 'completed',
    notice: 'completed',
    event: 'launch_completed',
    boatState: 'in_rack',
    operationId: 'staffCompleteLaunch',
    summary: 'Mark the boat back in its rack',
    from: ['in_water', 'ready_to_stow'],
  },
  cancel: {
    to: 'cancelled',
    notice: 'cancelled_by_staff',
    event: 'launch_cancelled_by_staff',
    operationId: 'staffCancelLaunch',
    summary: 'Cancel a launch or waiting entry with a reason',
    from: ['pending', 'confirmed', 'waitlisted'],
    reason: true,
  },
};

export const staffLaunchRoutes: FastifyPluginAsync<{ services: Services }> = async (api, { services }) => {
  const { db, clock, config } = services;

  async function staffLaunch(client: ClientRecord, id: string): Promise<StaffLaunch> {
    const [found] = await loadLaunches(db, client.id, eq(launches.id, id));
    if (!found) throw notFound();
    return toStaffLaunch(found, client, clock());
  }

  api.get<{ Querystring: { date?: string } }>(
    '/launches',
    {
      schema: {
        operationId: 'staffListLaunches',
        summary:
          "The day's launches by slot (today in the marina's calendar when no date is given), waiting entries last",
        description:
          '`haulOutQueue`: the boats waiting to be lifted now (`ready_to_stow`, whatever the day asked), in the order each ' +
          'said «listo para subir» (decision 056), the next to lift first.',
        tags,
        headers: clientHeaderSchema,
        querystring: {
          type: 'object',
          properties: { date: { type: 'string', format: 'date' } },
          additionalProperties: false,
        },
        security,
        response: { 200: { description: 'The day', $ref: 'StaffLaunchDay#' }, ...problemResponses(400, 401, 403) },
      },
    },
    async (request): Promise<StaffLaunchDay> => {
      const client = requireClient(request);
      const now = clock();
      const date = request.query.date ?? todayIn(client.timeZone, now);
      if (!isCalendarDate(date))
        throw problem('validation_failed', 400, undefined, [
          { field: 'date', code: 'date', message: fieldMessages.date_invalid },
        ]);
      const slots = await daySlots(services, client, date, now);
      const times = slotTimesOn(client, date);
      const rows =
        times.length === 0
          ? []
          : await loadLaunches(
              db,
              client.id,
              and(
                inArray(
                  launches.slotStart,
                  times.map((slot) => slot.start),
                ),
              ),
            );
      const staffLaunches = rows.map((row) => ({
        start: row.launch.slotStart.getTime(),
        waiting: row.launch.status === 'waitlisted',
        view: toStaffLaunch(row, client, now),
      }));
      const queue = await loadLaunches(db, client.id, eq(launches.status, 'ready_to_stow'));
      return {
        date,
        timeZone: client.timeZone,
        haulOutQueue: queue
          .sort((a, b) => (a.haulOutPosition ?? 0) - (b.haulOutPosition ?? 0))
          .map((row) => toStaffLaunch(row, client, now)),
        slots: slots.map((slot, index) => ({
          ...slot,
          launches: staffLaunches
            .filter((entry) => entry.start === times[index]!.start.getTime())
            .sort((a, b) => Number(a.waiting) - Number(b.waiting))
            .map((entry) => entry.view),
        })),
      };
    },
  );

  /** One decision: the launch locked (its slot first), its state checked, changed, recorded and told. */
  async function decide(
    request: FastifyRequest<{ Params: { id: string } }>,
    decision: Decision,
    reason: string | null,
  ) {
    const session = requireStaff(request);
    const client = requireClient(request);
    const scope: LaunchScope = { client, now: clock(), config };
    const { id } = request.params;
    if (!isUuid(id)) throw notFound();
    await db.transaction(async (tx) => {
      const launch = await lockLaunch(tx, client.id, id);
      if (!launch) throw notFound();
      if (!decision.from.includes(launch.status) || !canTransition('staff', launch.status, decision.to)) {
        throw problem(
          'state_conflict',
          409,
          problemDetails.launch_transition({
            from: LAUNCH_STATUS_LABELS[launch.status],
            to: LAUNCH_STATUS_LABELS[decision.to],
          }),
        );
      }
      if (decision.recheck) {
        const verdict = await launchVerdict(tx, client, await partyOf(tx, launch), scope.now, launch.slotStart);
        if (!verdict.eligible) throw notEligible(verdict.reasons);
      }
      await changeStatus(
        tx,
        scope,
        launch,
        decision.to,
        { actor: 'staff', accountId: session.accountId },
        { reason, notice: decision.notice },
      );
      if (decision.boatState)
        await tx
          .update(boats)
          .set({ state: decision.boatState, updatedAt: scope.now })
          .where(eq(boats.id, launch.boatId));
    });
    audit(request, decision.event, { outcome: 'success', accountId: session.accountId });
    return staffLaunch(client, id);
  }

  for (const [path, decision] of Object.entries(DECISIONS)) {
    api.post<{ Params: { id: string } }>(
      `/launches/:id/${path}`,
      {
        schema: {
          operationId: decision.operationId,
          summary: decision.summary,
          description: `From ${decision.from.join(', ')}; any other state is 409 state_conflict. The customer is told in the app and by SMS or e-mail.`,
          tags,
          headers: clientHeaderSchema,
          params: idParams,
          security,
          ...(decision.reason ? { body: bodyFrom(cancelSchema) } : {}),
          response: {
            200: { description: 'The launch as it is now', $ref: 'StaffLaunch#' },
            ...problemResponses(400, 401, 403, 404, 409, 422),
          },
        },
      },
      async (request) => {
        const reason = decision.reason ? (await validateBody(cancelSchema, request.body)).reason : null;
        return decide(request, decision, reason);
      },
    );
  }

  api.post(
    '/closures',
    {
      schema: {
        operationId: 'staffCreateClosure',
        summary:
          'Declare a closure (weather, works): every launch and waiting entry inside it is cancelled and its customer told',
        description:
          'Slots that overlap [start, end) close; no booking or move can enter them afterwards (409 slot_closed).',
        tags,
        headers: clientHeaderSchema,
        security,
        body: bodyFrom(closureSchema),
        response: { 201: { description: 'Declared', $ref: 'Closure#' }, ...problemResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const session = requireStaff(request);
      const client = requireClient(request);
      const scope: LaunchScope = { client, now: clock(), config };
      const input = await validateBody(closureSchema, request.body);
      const start = new Date(input.start);
      const end = new Date(input.end);
      const result = await db.transaction(async (tx) => {
        // Every slot it touches is locked first, so a booking that raced it either came before (and is
        // cancelled here) or sees the closure.
        const starts: Date[] = [];
        for (
          let day = localDateIn(new Date(start.getTime() - SLOT_MS), client.timeZone);
          day <= localDateIn(end, client.timeZone);
          day = addDays(day, 1)
        ) {
          for (const slot of slotTimesOn(client, day))
            if (slot.start < end && slot.end > start) starts.push(slot.start);
        }
        const inRange = and(
          eq(launches.clientId, client.id),
          lt(launches.slotStart, end),
          gt(launches.slotStart, new Date(start.getTime() - SLOT_MS)),
        );
        const affected = await tx
          .select({ id: launches.id, slotStart: launches.slotStart })
          .from(launches)
          .where(and(inRange, inArray(launches.status, ['pending', 'confirmed', 'waitlisted'])));
        await lockSlots(tx, client.id, [...starts, ...affected.map((row) => row.slotStart)]);
        const [closure] = await tx
          .insert(closures)
          .values({
            clientId: client.id,
            startsAt: start,
            endsAt: end,
            reason: input.reason,
            createdBy: session.accountId,
            createdAt: scope.now,
          })
          .returning();
        // Read again now that the slots are held: a booking that held one of them while the list above was
        // read has committed since, and its launch is inside the closure too.
        // Waiting entries first: a place freed inside the closure must not promote anyone into it.
        const locked = await tx
          .select()
          .from(launches)
          .where(and(inRange, inArray(launches.status, ['pending', 'confirmed', 'waitlisted'])))
          .orderBy(launches.seq)
          .for('update');
        const ordered = [
          ...locked.filter((row) => row.status === 'waitlisted'),
          ...locked.filter((row) => row.status !== 'waitlisted'),
        ];
        for (const launch of ordered) {
          await changeStatus(
            tx,
            scope,
            launch,
            'cancelled',
            { actor: 'staff', accountId: session.accountId },
            { reason: input.reason, notice: 'closure' },
          );
        }
        return { closure: closure!, cancelled: ordered.length };
      });
      audit(request, 'closure_declared', { outcome: 'success', accountId: session.accountId });
      const answer: Closure = {
        id: result.closure.id,
        start: formatInZone(result.closure.startsAt, client.timeZone),
        end: formatInZone(result.closure.endsAt, client.timeZone),
        reason: result.closure.reason,
        createdAt: formatInZone(result.closure.createdAt, client.timeZone),
        cancelledLaunches: result.cancelled,
      };
      return reply.code(201).send(answer);
    },
  );
};
