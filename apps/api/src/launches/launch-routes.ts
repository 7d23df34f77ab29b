/**
 * A customer's launches (docs/product.md §4.7): the day's slots for a boat, asking for a launch (or a place
 * on a full slot's waiting list), moving it, cancelling it, "listo para subir", and its calendar entry.
 * A launch is the account's own at this marina, or one asked for on a boat the account owns (by a person it
 * authorised: the owner sees it and may cancel it, decision 033); anyone else's is 404, never 403.
 */
import { randomUUID } from 'node:crypto';
import type { ContractStatus } from '@marina/core/domain/boats.ts';
import { addDays, daysBetween, isCalendarDate } from '@marina/core/domain/calendar.ts';
import {
  canTransition,
  changeableUntil,
  instantAt,
  OPEN_LAUNCH_STATUSES,
  launchRequestSchema,
  LAUNCH_DAYS_MAX_RANGE,
  launchDaySummary,
  launchSlots,
  rescheduleSchema,
  SLOT_MS,
  type Launch,
  type LaunchDays,
  type LaunchList,
  type LaunchSlot,
  type LaunchSlotDay,
  type SlotOccupancy,
} from '@marina/core/domain/launches.ts';
import { localDateIn, openingHoursOn } from '@marina/core/domain/opening-hours.ts';
import { describeSlot } from '@marina/core/domain/format-dates.ts';
import { and, count, eq, getTableColumns, gte, inArray, lt, not, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { violatedUniqueConstraint } from '../db/database-errors.ts';
import { idParams, isUuid } from '../http/ids.ts';
import type { ClientRecord } from '../clients/client-directory.ts';
import { clientHeaderSchema, requireClient } from '../clients/client-resolution.ts';
import { authorisationForBoat } from '../authorisations/authorisation-views.ts';
import { commitWithLast, type Executor } from '../db/database.ts';
import { statement } from '../db/statement.ts';
import { accounts, type AccountRow } from '../accounts/accounts.schema.ts';
import { authorisations } from '../authorisations/authorisations.schema.ts';
import { boats, contracts } from '../boats/boats.schema.ts';
import { audit } from '../http/audit.ts';
import { cursorKind, pageOf, pageQuerystring, pageRequest, type PageQuery } from '../http/pagination.ts';
import { problem, problemResponses } from '../http/problem.ts';
import { bodyFrom, validateBody } from '../http/validation.ts';
import { claimKeyIn, idempotentHeadersSchema } from '../security/idempotency.ts';
import type { Services } from '../services.ts';
import { requireSession } from '../sessions/session-lookup.ts';
import { calendarEntry } from './launch-calendar.ts';
import {
  changeStatus,
  closuresBetween,
  closuresTouching,
  launchVerdict,
  lockLaunch,
  partyOf,
  moveLaunch,
  placedStatus,
  placeTaken,
  slotClosed,
  verdictFrom,
  type Actor,
  type LaunchParty,
  type LaunchScope,
} from './launch-places.ts';
import { tellLaunch } from './launch-messages.ts';
import { scheduleRemindersIfConfirmed } from './launch-reminders.ts';
import {
  changeTooLate,
  checkSlot,
  checkSlotWith,
  notEligible,
  refusedInDatabase,
  slotFull,
  slotProblem,
} from './launch-rules.ts';
import { loadLaunches, toLaunch, type LoadedLaunch } from './launch-views.ts';
import { closures, launches, launchEvents, launchSlots as slotRows, openLaunch } from './launches.schema.ts';
import {
  fieldMessages,
  problemDetails,
  type BookerOnlyChange,
  type OpenLaunchBooker,
} from '@marina/core/messages/problem-details.ts';

const tags = ['launches'];

/**
 * A booking's statements, built once (decision 032): every booking runs them, and building their SQL took
 * more of the API's time than the database took to run them.
 */
const booking = {
  /**
   * The account's row, locked, with what the slot's rules read first: the closures over the slot and the places
   * it holds (decision 035). These are read with the snapshot the statement took before it waited for the
   * lock, which is enough: both are checked again under the slot's own lock.
   */
  accountLocked: statement('booking_account_locked', (db) =>
    db
      .select({
        owner: accounts,
        closures: sql<{ startsAt: string; endsAt: string; reason: string }[]>`(
          select coalesce(json_agg(json_build_object('startsAt', ${closures.startsAt}, 'endsAt', ${closures.endsAt}, 'reason', ${closures.reason})), '[]'::json)
          from ${closures}
          where ${closuresTouching(sql.placeholder('clientId'), sql.placeholder('start'), sql.placeholder('slotEnd'))})`,
        held: sql<
          number | null
        >`(select ${slotRows.held} from ${slotRows} where ${slotRows.clientId} = ${sql.placeholder('clientId')} and ${slotRows.start} = ${sql.placeholder('start')})`,
      })
      .from(accounts)
      .where(eq(accounts.id, sql.placeholder('accountId')))
      .for('no key update', { of: accounts }),
  ),
  /**
   * Sent right after the lock, so run once it is granted, with a snapshot taken then (decision 035): the boat
   * (when it is at this marina), what the eligibility rule reads of its contracts, and the boats of the
   * account's open requests, which the lock keeps as they are until this booking ends.
   */
  boatAndOpen: statement('booking_boat_and_open', (db) =>
    db
      .select({
        boat: boats,
        contracts: sql<{ status: ContractStatus; startsOn: string; endsOn: string; requestedAt: string }[]>`(
          select coalesce(json_agg(json_build_object(
            'status', ${contracts.status}, 'startsOn', ${contracts.startsOn}, 'endsOn', ${contracts.endsOn}, 'requestedAt', ${contracts.requestedAt}
          )), '[]'::json) from ${contracts} where ${contracts.boatId} = ${boats.id})`,
        openBoatIds: sql<
          string[]
        >`(select coalesce(json_agg(${launches.boatId}), '[]'::json) from ${launches} where ${launches.accountId} = ${accounts.id} and ${openLaunch()})`,
      })
      .from(accounts)
      .leftJoin(boats, and(eq(boats.id, sql.placeholder('boatId')), eq(boats.clientId, sql.placeholder('clientId'))))
      .where(eq(accounts.id, sql.placeholder('accountId'))),
  ),
  launchInserted: statement('booking_launch_inserted', (db) =>
    db
      .insert(launches)
      .values({
        id: sql.placeholder('id'),
        clientId: sql.placeholder('clientId'),
        accountId: sql.placeholder('accountId'),
        boatId: sql.placeholder('boatId'),
        authorisationId: sql.placeholder('authorisationId'),
        // The status the place taken just before gives it (`marina.launch_placed`, launch-places.ts): the
        // marina's for a place, the waiting list if asked for, else the booking is refused (decision 069).
        status: sql`case
          when current_setting('marina.launch_placed', true) = 'true' then ${sql.placeholder('placedStatus')}::text
          when ${sql.placeholder('waitlist')}::boolean then 'waitlisted'
          else launch_refused('slot_full')::text end`,
        slotStart: sql.placeholder('slotStart'),
        expectedReturn: sql.placeholder('expectedReturn'),
        people: sql.placeholder('people'),
        notes: sql.placeholder('notes'),
        createdAt: sql.placeholder('createdAt'),
        updatedAt: sql.placeholder('updatedAt'),
      })
      .returning(),
  ),
  /**
   * The launch's first history entry, sent after its insert, with what is read under the slot's lock (decision
   * 035): a closure come over the slot meanwhile (a closure locks the slot's row too) refuses the booking
   * (`launch_refused`, decision 069); and how many wait for the slot, this launch included: its place in line
   * when it waits, as no one else joins or leaves the slot's list while this booking holds the slot's row.
   */
  eventRecorded: statement('booking_event_recorded', (db) =>
    db
      .insert(launchEvents)
      .values({
        launchId: sql.placeholder('launchId'),
        clientId: sql.placeholder('clientId'),
        at: sql.placeholder('at'),
        actor: 'customer',
        actorAccountId: sql.placeholder('actorAccountId'),
        fromStatus: null,
        toStatus: sql`(select ${launches.status} from ${launches} where ${launches.id} = ${sql.placeholder('launchId')})`,
        slotStart: sql.placeholder('slotStart'),
        reason: null,
      })
      .returning({
        ...getTableColumns(launchEvents),
        open: sql<boolean>`case
          when exists (select from ${closures} where ${closuresTouching(sql.placeholder('clientId'), sql.placeholder('start'), sql.placeholder('slotEnd'))})
          then launch_refused('slot_closed') else true end`,
        waiting: sql<number>`(
          select count(*)::int from ${launches}
          where ${launches.clientId} = ${sql.placeholder('clientId')} and ${launches.slotStart} = ${sql.placeholder('start')} and ${launches.status} = 'waitlisted')`,
      }),
  ),
};

/**
 * A boat the person may ask launches for: their own at this marina, or one covered by an authorisation of
 * their document (docs/product.md §4.8; active, suspended or expired, so a refusal can say why). Null
 * otherwise: 404, whoever's boat it is.
 */
async function usableBoat(
  db: Executor,
  client: ClientRecord,
  person: AccountRow,
  boatId: string,
  lock = false,
): Promise<(LaunchParty & { authorisationId: string | null }) | null> {
  if (!isUuid(boatId)) return null;
  const [boat] = await db
    .select()
    .from(boats)
    .where(and(eq(boats.id, boatId), eq(boats.clientId, client.id)))
    .limit(1);
  if (!boat) return null;
  if (boat.accountId === person.id) return { owner: person, boat, authorisationId: null };
  const authorisation = await authorisationForBoat(db, client.id, person, boat.id, lock);
  return authorisation ? { owner: person, boat, authorisationId: authorisation.id } : null;
}
const security = [{ session: [] }];

export function boatHasOpenLaunch(message: string = fieldMessages.boat_has_open_launch) {
  return problem('boat_has_open_launch', 409, message, [{ field: 'boatId', code: 'boat_has_open_launch', message }]);
}

/**
 * "One open request per boat" refused, in words: who asked for the boat's open launch and for which day
 * (decision 033). The boat's owner hears the name of the person they authorised; an authorised person hears
 * the owner's name (they already see it on the boat) but not another authorised person's, whom they do not
 * see anywhere else either.
 */
async function boatTaken(db: Executor, client: ClientRecord, boatId: string, readerId: string) {
  const [open] = await db
    .select({
      slotStart: launches.slotStart,
      bookerId: launches.accountId,
      firstName: accounts.firstName,
      surnames: accounts.surnames,
      boatOwnerId: boats.accountId,
    })
    .from(launches)
    .innerJoin(accounts, eq(accounts.id, launches.accountId))
    .innerJoin(boats, eq(boats.id, launches.boatId))
    .where(
      and(
        eq(launches.clientId, client.id),
        eq(launches.boatId, boatId),
        inArray(launches.status, [...OPEN_LAUNCH_STATUSES]),
      ),
    )
    .limit(1);
  // Ended meanwhile: the plain words (a new try may pass).
  if (!open) return boatHasOpenLaunch();
  const when = describeSlot(open.slotStart, client.timeZone);
  const name = `${open.firstName} ${open.surnames}`;
  const booker: OpenLaunchBooker =
    open.bookerId === readerId
      ? { by: 'self' }
      : open.boatOwnerId === readerId
        ? { by: 'authorised_by_reader', name }
        : open.bookerId === open.boatOwnerId
          ? { by: 'owner', name }
          : { by: 'another_authorised' };
  return boatHasOpenLaunch(fieldMessages.boat_has_open_launch_by({ booker, when }));
}

/**
 * Who may see a launch: the person who asked for it, and the owner of its boat. Both never change for a launch,
 * so this may be read before its row is locked.
 */
/** Past launches, latest first: by slot, then order of asking (`seq`, unique). */
const pastCursors = cursorKind('launches', ['instant', 'integer']);

const readableBy = (accountId: string): SQL => or(eq(launches.accountId, accountId), eq(boats.accountId, accountId))!;

/** The launch's booker and its boat's owner, when `accountId` may see it at this marina; null otherwise (404). */
async function launchParties(db: Executor, clientId: number, id: string, accountId: string) {
  if (!isUuid(id)) return null;
  const [found] = await db
    .select({
      bookerId: launches.accountId,
      boatOwnerId: boats.accountId,
      firstName: accounts.firstName,
      surnames: accounts.surnames,
    })
    .from(launches)
    .innerJoin(boats, eq(boats.id, launches.boatId))
    .innerJoin(accounts, eq(accounts.id, launches.accountId))
    .where(and(eq(launches.id, id), eq(launches.clientId, clientId), readableBy(accountId)))
    .limit(1);
  return found ?? null;
}

/** A change only the person who asked may make: 404 when the launch is not seen, 403 for the boat's owner. */
async function bookerOnly(db: Executor, clientId: number, id: string, accountId: string, change: BookerOnlyChange) {
  const parties = await launchParties(db, clientId, id, accountId);
  if (!parties) return problem('not_found', 404, problemDetails.launch_not_found);
  return problem(
    'forbidden',
    403,
    problemDetails.booker_only({ booker: `${parties.firstName} ${parties.surnames}`, change }),
  );
}

/** The instants a range of days' slots and closures are read between: the whole local days and a margin. */
function daysRange(from: string, to: string): { from: Date; to: Date } {
  const first = new Date(`${from}T00:00:00Z`);
  const last = new Date(`${to}T00:00:00Z`);
  return { from: new Date(first.getTime() - 14 * 3600_000), to: new Date(last.getTime() + 38 * 3600_000) };
}

/**
 * The slots of every day from `from` to `to` (inclusive, the marina's calendar days): places held and people
 * waiting per slot and the closures over the range, read in one go (three queries whatever the range), then each
 * day's grid under the marina's rules at `now`.
 */
export async function rangeSlots(
  services: Pick<Services, 'db'>,
  client: ClientRecord,
  from: string,
  to: string,
  now: Date,
): Promise<Map<string, LaunchSlot[]>> {
  const { db } = services;
  const range = daysRange(from, to);
  const [held, waiting, closed] = await Promise.all([
    db
      .select()
      .from(slotRows)
      .where(and(eq(slotRows.clientId, client.id), gte(slotRows.start, range.from), lt(slotRows.start, range.to))),
    db
      .select({ start: launches.slotStart, waiting: count() })
      .from(launches)
      .where(
        and(
          eq(launches.clientId, client.id),
          eq(launches.status, 'waitlisted'),
          gte(launches.slotStart, range.from),
          lt(launches.slotStart, range.to),
        ),
      )
      .groupBy(launches.slotStart),
    closuresBetween(db, client.id, range.from, range.to),
  ]);
  const byStart = new Map<number, SlotOccupancy>();
  const entry = (start: Date) => {
    const time = start.getTime();
    let found = byStart.get(time);
    if (!found) byStart.set(time, (found = { start: new Date(time), held: 0, waiting: 0 }));
    return found;
  };
  for (const row of held) entry(row.start).held = row.held;
  for (const row of waiting) entry(row.start).waiting = Number(row.waiting);
  // Each day's grid looks its slots up among that day's entries only.
  const occupancyOn = new Map<string, SlotOccupancy[]>();
  for (const found of byStart.values()) {
    const date = localDateIn(found.start, client.timeZone);
    occupancyOn.set(date, [...(occupancyOn.get(date) ?? []), found]);
  }
  const closures = closed.map((row) => ({ start: row.startsAt, end: row.endsAt, reason: row.reason }));
  const rules = { ...client, ...client.settings };
  const days = new Map<string, LaunchSlot[]>();
  for (let date = from; date <= to; date = addDays(date, 1)) {
    days.set(date, launchSlots(rules, date, now, occupancyOn.get(date) ?? [], closures));
  }
  return days;
}

/** The day's grid: places held and people waiting per slot, closures, the marina's rules at `now`. */
export async function daySlots(services: Pick<Services, 'db'>, client: ClientRecord, date: string, now: Date) {
  return (await rangeSlots(services, client, date, date, now)).get(date)!;
}

export const launchRoutes: FastifyPluginAsync<{ services: Services }> = async (api, { services }) => {
  const { db, clock, config } = services;
  const scopeOf = (client: ClientRecord): LaunchScope => ({ client, now: clock(), config });

  /** One launch the account may see at this marina (its own, or one on a boat it owns), as the API tells it; 404 otherwise. */
  async function ownLaunch(request: FastifyRequest, id: string): Promise<Launch> {
    const session = requireSession(request);
    const client = requireClient(request);
    const [found] = isUuid(id)
      ? await loadLaunches(db, client.id, and(eq(launches.id, id), readableBy(session.accountId)))
      : [];
    if (!found) throw problem('not_found', 404, problemDetails.launch_not_found);
    return toLaunch(found, client, clock(), session.accountId);
  }

  api.get<{ Querystring: { boatId: string; date: string } }>(
    '/launch-slots',
    {
      schema: {
        operationId: 'listLaunchSlots',
        summary: "A day's 30-minute slots for one of the customer's boats, and whether the boat may be launched",
        description:
          "Slots run from opening to closing in the marina's time zone (real 30-minute periods, so a day the clocks change has one hour " +
          'fewer or more). State `past` within minLeadMinutes, `closed` beyond maxAdvanceDays or under a staff closure, `full` with no place left.',
        tags,
        headers: clientHeaderSchema,
        querystring: {
          type: 'object',
          properties: {
            boatId: { type: 'string', description: 'UUID of one of the account’s boats' },
            date: { type: 'string', format: 'date' },
          },
          required: ['boatId', 'date'],
          additionalProperties: false,
        },
        security,
        response: { 200: { description: 'The day', $ref: 'LaunchSlotDay#' }, ...problemResponses(400, 401, 404) },
      },
    },
    async (request): Promise<LaunchSlotDay> => {
      const session = requireSession(request);
      const client = requireClient(request);
      const now = clock();
      const { boatId, date } = request.query;
      if (!isCalendarDate(date))
        throw problem('validation_failed', 400, undefined, [
          { field: 'date', code: 'date', message: fieldMessages.date_invalid },
        ]);
      const [person] = await db.select().from(accounts).where(eq(accounts.id, session.accountId));
      const party = person && (await usableBoat(db, client, person, boatId));
      if (!party) throw problem('not_found', 404, problemDetails.boat_not_found);
      return {
        date,
        timeZone: client.timeZone,
        hours: openingHoursOn(client.openingHours, date) ?? null,
        // For an authorised person the day itself must fall inside the period (any hour of it names the day).
        eligibility: await launchVerdict(
          db,
          client,
          party,
          now,
          party.authorisationId ? instantAt(date, '12:00', client.timeZone) : undefined,
        ),
        slots: await daySlots(services, client, date, now),
      };
    },
  );

  api.get<{ Querystring: { boatId: string; from: string; to: string } }>(
    '/launch-days',
    {
      schema: {
        operationId: 'listLaunchDays',
        summary: "A range of days at a glance for one of the customer's boats: each day's state and places left",
        description:
          `From \`from\` to \`to\` (the marina's calendar days, inclusive, at most ${LAUNCH_DAYS_MAX_RANGE} days). Each day's slots follow ` +
          'the rules of GET /launch-slots; the day is `closed` when the marina does not open or every slot still to come is closed (a ' +
          'closure, whose reason comes once, or beyond maxAdvanceDays), `past` when every slot is too soon, `full` when every bookable slot is ' +
          "full, `few` when at most a quarter of the bookable places are left, else `free`. The boat's eligibility is not part of it.",
        tags,
        headers: clientHeaderSchema,
        querystring: {
          type: 'object',
          properties: {
            boatId: { type: 'string', description: 'UUID of one of the account’s boats, or one it is authorised on' },
            from: { type: 'string', description: 'First day, YYYY-MM-DD' },
            to: { type: 'string', description: 'Last day (included), YYYY-MM-DD' },
          },
          required: ['boatId', 'from', 'to'],
          additionalProperties: false,
        },
        security,
        response: { 200: { description: 'The days', $ref: 'LaunchDays#' }, ...problemResponses(400, 401, 404) },
      },
    },
    async (request): Promise<LaunchDays> => {
      const session = requireSession(request);
      const client = requireClient(request);
      const now = clock();
      const { boatId, from, to } = request.query;
      const invalid = (field: 'from' | 'to', message: string) =>
        problem('validation_failed', 400, undefined, [{ field, code: 'date', message }]);
      if (!isCalendarDate(from)) throw invalid('from', fieldMessages.range_from_invalid);
      if (!isCalendarDate(to)) throw invalid('to', fieldMessages.range_to_invalid);
      const length = daysBetween(from, to) + 1;
      if (length < 1) throw invalid('to', fieldMessages.range_to_before_from);
      if (length > LAUNCH_DAYS_MAX_RANGE)
        throw invalid('to', fieldMessages.range_too_long({ max: LAUNCH_DAYS_MAX_RANGE }));
      const [person] = await db.select().from(accounts).where(eq(accounts.id, session.accountId));
      const party = person && (await usableBoat(db, client, person, boatId));
      if (!party) throw problem('not_found', 404, problemDetails.boat_not_found);
      const slots = await rangeSlots(services, client, from, to, now);
      return {
        timeZone: client.timeZone,
        from,
        to,
        days: [...slots].map(([date, grid]) => ({
          date,
          hours: openingHoursOn(client.openingHours, date) ?? null,
          ...launchDaySummary(grid),
        })),
      };
    },
  );

  api.get<{ Querystring: PageQuery }>(
    '/launches',
    {
      schema: {
        operationId: 'listLaunches',
        summary:
          "The customer's launches: upcoming first (soonest first), then past ones (latest first), a page at a time",
        description:
          'Those the account asked for, and those its authorised persons asked for on boats the account owns (`bookedBy` names who; ' +
          'the owner may cancel them, not move them: decision 033). The past ones are paged with `limit` and `cursor` (decision 042); ' +
          'the upcoming ones, few by nature (open launches are capped), come whole on the first page and empty on the following ones.',
        tags,
        headers: clientHeaderSchema,
        querystring: pageQuerystring(),
        security,
        response: { 200: { description: 'The launches', $ref: 'LaunchList#' }, ...problemResponses(400, 401) },
      },
    },
    async (request): Promise<LaunchList> => {
      const session = requireSession(request);
      const client = requireClient(request);
      const now = clock();
      const { limit, after } = pageRequest(request.query, pastCursors, [launches.slotStart, launches.seq], 'desc');
      const mine = readableBy(session.accountId);
      const open = inArray(launches.status, [...OPEN_LAUNCH_STATUSES]);
      const upcoming = request.query.cursor === undefined ? await loadLaunches(db, client.id, and(mine, open)) : [];
      const past = pageOf(
        await loadLaunches(db, client.id, and(mine, not(open), after), { latestFirst: true, limit: limit + 1 }),
        limit,
        pastCursors,
        (row) => [row.launch.slotStart, row.launch.seq],
      );
      const view = (row: LoadedLaunch) => toLaunch(row, client, now, session.accountId);
      return { upcoming: upcoming.map(view), past: past.rows.map(view), next: past.next };
    },
  );

  api.get<{ Params: { id: string } }>(
    '/launches/:id',
    {
      schema: {
        operationId: 'getLaunch',
        summary: 'One of the customer’s launches (or one asked for on a boat they own), with its history',
        tags,
        headers: clientHeaderSchema,
        params: idParams,
        security,
        response: { 200: { description: 'The launch', $ref: 'Launch#' }, ...problemResponses(400, 401, 404) },
      },
    },
    (request) => ownLaunch(request, request.params.id),
  );

  api.post(
    '/launches',
    {
      config: {
        idempotent: {
          keep: (answer) => ({ id: (answer as Launch).id }),
          replay: async (request, kept) => ownLaunch(request, (kept as { id: string }).id),
          // The key is claimed with the booking, in its transaction (decision 032).
          inTransaction: true,
        },
      },
      schema: {
        operationId: 'createLaunch',
        summary: 'Ask for a launch in a slot, or a place on a full slot’s waiting list (`waitlist: true`)',
        description:
          'The boat must be the account’s, or one it is authorised on (docs/product.md §4.8: then the slot’s day must fall inside the ' +
          'authorisation’s period), and eligible (422 not_eligible with the reasons). The slot must be one of the day’s, at least ' +
          'minLeadMinutes ahead (422 slot_too_soon), at most maxAdvanceDays ahead (422 slot_too_far), not under a closure (409 slot_closed); ' +
          'the return the same day by closing (422 return_after_closing). One open request per boat (409 boat_has_open_launch), at most ' +
          'maxOpenPerAccount per account (409 too_many_open_launches). A full slot is 409 slot_full unless `waitlist: true`. The launch is ' +
          '`confirmed`, or `pending` where the marina approves by hand, or `waitlisted`.',
        tags,
        headers: idempotentHeadersSchema,
        security,
        body: bodyFrom(launchRequestSchema),
        response: {
          201: { description: 'Requested', $ref: 'Launch#' },
          ...problemResponses(400, 401, 403, 404, 409, 422),
        },
      },
    },
    async (request, reply) => {
      const session = requireSession(request);
      const client = requireClient(request);
      const now = clock();
      const input = await validateBody(launchRequestSchema, request.body);
      const start = new Date(input.slotStart);
      const expectedReturn = new Date(input.expectedReturn);
      const boatNotFound = () =>
        problem('not_found', 404, problemDetails.boat_not_found, [
          { field: 'boatId', code: 'not_found', message: fieldMessages.boat_not_listed },
        ]);
      if (!isUuid(input.boatId)) {
        await checkSlot(db, client, start, expectedReturn, now);
        throw boatNotFound();
      }
      const by: Actor = { actor: 'customer', accountId: session.accountId };
      const id = randomUUID();
      // Few round trips (decisions 027 and 035): the account's lock, every read the rules need and the
      // Idempotency-Key's claim, sent together; the place taken and the closures read again; then the writes.
      try {
        const loaded = await db.transaction(async (tx): Promise<LoadedLaunch> => {
          // Statements sent together run one after the other on the server, in the order they are called here
          // (decision 035): the reads below run once the lock is held, each with a snapshot taken then.
          const slotEnd = new Date(start.getTime() + SLOT_MS);
          const [[locked], , [read]] = await Promise.all([
            // The account's row, locked: its open requests are counted and added to one booking at a time. NO
            // KEY UPDATE, not UPDATE: a suspension racing with this booking writes the person a notification,
            // whose foreign key share-locks this row's key while it holds the authorisation this booking reads
            // next; a full UPDATE lock would make the two wait on each other (a deadlock).
            booking.accountLocked(tx, { accountId: session.accountId, clientId: client.id, start, slotEnd }),
            // The key after the account's lock, never before: two calls with one key (one account) queue on the
            // lock, so the second finds the first's key committed and replays it, and no two wait on each other.
            claimKeyIn(tx, request, now, 201, { id }),
            booking.boatAndOpen(tx, { accountId: session.accountId, boatId: input.boatId, clientId: client.id }),
          ]);
          const owner = locked?.owner;
          const boat = read?.boat;
          const open = read?.openBoatIds ?? [];
          const contractRows = (read?.contracts ?? []).map((row) => ({
            ...row,
            requestedAt: new Date(row.requestedAt),
          }));
          const closed = (locked?.closures ?? []).map((row) => ({
            startsAt: new Date(row.startsAt),
            endsAt: new Date(row.endsAt),
            reason: row.reason,
          }));
          checkSlotWith(client, start, expectedReturn, now, closed);
          if (!owner || !boat) throw boatNotFound();
          // The account's own boat, or one a person authorised it on (its authorisation share-locked, so a
          // suspension either waits for this booking and cancels it, or is seen here: docs/product.md §4.8).
          const authorisation =
            boat.accountId === owner.id ? null : await authorisationForBoat(tx, client.id, owner, boat.id, true);
          if (boat.accountId !== owner.id && !authorisation) throw boatNotFound();
          const authorisationId = authorisation?.id ?? null;
          const verdict = authorisation
            ? await launchVerdict(tx, client, { owner, boat, authorisationId }, now, start)
            : verdictFrom(client, { owner, boat }, contractRows, now);
          if (!verdict.eligible) throw notEligible(verdict.reasons);
          if (open.includes(boat.id)) throw await boatTaken(tx, client, boat.id, owner.id);
          if (open.length >= client.settings.maxOpenPerAccount) {
            throw problem('too_many_open_launches', 409, problemDetails.too_many_open_launches({ open: open.length }));
          }
          // A full slot is refused without waiting for its lock, once the customer's own refusals are told (an
          // ineligible boat hears why, not that the slot is full); the authoritative check is placeTaken's, below.
          if (!input.waitlist && (locked?.held ?? 0) >= client.settings.slotCapacity) throw slotFull();
          // The last statements, with COMMIT behind them in one write (decision 069): the place taken (or the
          // slot's row locked for its waiting list, see placeTaken), the launch with the status that gives it,
          // its history entry, and its reminders if it was confirmed. A full slot without the waiting list, or
          // a closure come over it, is raised by them in the database and rolls the whole booking back.
          const placedAs = placedStatus(client);
          const last = Promise.all([
            placeTaken(tx, { clientId: client.id, start, capacity: client.settings.slotCapacity }),
            booking.launchInserted(tx, {
              id,
              clientId: client.id,
              accountId: owner.id,
              boatId: boat.id,
              authorisationId,
              placedStatus: placedAs,
              waitlist: input.waitlist === true,
              slotStart: start,
              expectedReturn,
              people: input.people,
              notes: input.notes,
              createdAt: now,
              updatedAt: now,
            }),
            booking.eventRecorded(tx, {
              launchId: id,
              clientId: client.id,
              at: now,
              actorAccountId: by.accountId,
              slotStart: start,
              start,
              slotEnd,
            }),
            placedAs === 'confirmed' ? scheduleRemindersIfConfirmed(tx, { id, slotStart: start }, now) : undefined,
          ]);
          commitWithLast(tx);
          let written: Awaited<typeof last>;
          try {
            written = await last;
          } catch (error) {
            const refused = refusedInDatabase(error);
            if (refused === 'slot_full') throw slotFull();
            if (refused === 'slot_closed') throw slotProblem('slot_closed', client);
            throw error;
          }
          const [, [launch], [recorded]] = written;
          const { open: _open, waiting, ...event } = recorded!;
          return {
            launch: launch!,
            boat,
            owner,
            events: [event],
            position: launch!.status === 'waitlisted' ? waiting : null,
          };
        });
        audit(request, 'launch_requested', { outcome: 'success', accountId: session.accountId });
        return reply.code(201).send(toLaunch(loaded, client, now, session.accountId));
      } catch (error) {
        // Someone else's open request on the boat (the account's own was refused above): say whose, and when.
        if (violatedUniqueConstraint(error) === 'launches_one_open_per_boat')
          throw await boatTaken(db, client, input.boatId, session.accountId);
        throw error;
      }
    },
  );

  api.post<{ Params: { id: string } }>(
    '/launches/:id/reschedule',
    {
      schema: {
        operationId: 'rescheduleLaunch',
        summary: 'Move a launch to another slot under the same rules, keeping its history',
        description:
          'Until changeCutoffMinutes before its current slot (409 change_too_late). The new slot must have a free place (409 slot_full); ' +
          'a waiting entry moved to a free slot takes the place. The old place goes to the first eligible person waiting for it. The return ' +
          'keeps its length after the slot unless `expectedReturn` is given.',
        tags,
        headers: clientHeaderSchema,
        params: idParams,
        security,
        body: bodyFrom(rescheduleSchema),
        response: { 200: { description: 'Moved', $ref: 'Launch#' }, ...problemResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request) => {
      const session = requireSession(request);
      const client = requireClient(request);
      const scope = scopeOf(client);
      const input = await validateBody(rescheduleSchema, request.body);
      const start = new Date(input.slotStart);
      const { id } = request.params;
      if (!isUuid(id)) throw problem('not_found', 404, problemDetails.launch_not_found);
      await db.transaction(async (tx) => {
        // A launch asked for under an authorisation: the authorisation share-locked first, as a booking does (the
        // one lock order: authorisation, slots, launch), so that a change of its period or a suspension either
        // waits for this move or is seen by it (docs/product.md §4.8).
        const [asked] = await tx
          .select({ authorisationId: launches.authorisationId })
          .from(launches)
          .where(and(eq(launches.id, id), eq(launches.clientId, client.id), eq(launches.accountId, session.accountId)));
        if (asked?.authorisationId)
          await tx
            .select({ id: authorisations.id })
            .from(authorisations)
            .where(eq(authorisations.id, asked.authorisationId))
            .for('share');
        const launch = await lockLaunch(tx, client.id, id, session.accountId, start);
        if (!launch) throw await bookerOnly(tx, client.id, id, session.accountId, 'move');
        if (!['pending', 'confirmed', 'waitlisted'].includes(launch.status))
          throw problem('state_conflict', 409, problemDetails.launch_not_movable);
        if (scope.now > changeableUntil(launch.slotStart, client.settings.changeCutoffMinutes)) throw changeTooLate();
        if (start.getTime() === launch.slotStart.getTime()) return;
        const expectedReturn = input.expectedReturn
          ? new Date(input.expectedReturn)
          : new Date(start.getTime() + (launch.expectedReturn.getTime() - launch.slotStart.getTime()));
        await checkSlot(tx, client, start, expectedReturn, scope.now);
        const party = await partyOf(tx, launch);
        const verdict = await launchVerdict(tx, client, party, scope.now, start);
        if (!verdict.eligible) throw notEligible(verdict.reasons);
        if (await slotClosed(tx, client.id, start)) throw slotProblem('slot_closed', client);
        if (
          !(await moveLaunch(tx, scope, launch, start, expectedReturn, {
            actor: 'customer',
            accountId: session.accountId,
          }))
        )
          throw slotFull();
      });
      audit(request, 'launch_rescheduled', { outcome: 'success', accountId: session.accountId });
      return ownLaunch(request, id);
    },
  );

  api.post<{ Params: { id: string } }>(
    '/launches/:id/cancel',
    {
      schema: {
        operationId: 'cancelLaunch',
        summary: 'Cancel a launch (or leave the waiting list) until changeCutoffMinutes before its slot',
        description:
          'By the person who asked for it, or by the owner of its boat (a launch an authorised person asked for: that person is told; ' +
          'decision 033). After the cutoff: 409 change_too_late (the customer calls the marina). The place goes to the first eligible person waiting.',
        tags,
        headers: clientHeaderSchema,
        params: idParams,
        security,
        response: { 200: { description: 'Cancelled', $ref: 'Launch#' }, ...problemResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const session = requireSession(request);
      const client = requireClient(request);
      const scope = scopeOf(client);
      const { id } = request.params;
      const parties = await launchParties(db, client.id, id, session.accountId);
      if (!parties) throw problem('not_found', 404, problemDetails.launch_not_found);
      await db.transaction(async (tx) => {
        // The booker and the boat's owner never change: who may cancel was settled above.
        const launch = await lockLaunch(tx, client.id, id);
        if (!launch) throw problem('not_found', 404, problemDetails.launch_not_found);
        if (!canTransition('customer', launch.status, 'cancelled'))
          throw problem('state_conflict', 409, problemDetails.launch_not_cancellable);
        if (scope.now > changeableUntil(launch.slotStart, client.settings.changeCutoffMinutes)) throw changeTooLate();
        const by: Actor = { actor: 'customer', accountId: session.accountId };
        if (parties.bookerId === session.accountId) {
          await changeStatus(tx, scope, launch, 'cancelled', by);
          return;
        }
        // The boat's owner cancels what a person they authorised asked for: the reason says who, and the person is told.
        const [ownerRow] = await tx.select().from(accounts).where(eq(accounts.id, session.accountId));
        const ownerName = `${ownerRow!.firstName} ${ownerRow!.surnames}`;
        const cancelled = await changeStatus(tx, scope, launch, 'cancelled', by, {
          reason: `La ha cancelado ${ownerName}, titular del barco.`,
        });
        const { owner: booker, boat } = await partyOf(tx, cancelled);
        await tellLaunch(
          tx,
          'cancelled_by_owner',
          { client, owner: booker, boat, launch: cancelled, by: ownerName },
          scope.now,
          config,
        );
      });
      audit(request, 'launch_cancelled', { outcome: 'success', accountId: session.accountId });
      return ownLaunch(request, id);
    },
  );

  api.post<{ Params: { id: string } }>(
    '/launches/:id/ready-to-stow',
    {
      schema: {
        operationId: 'markLaunchReadyToStow',
        summary: '"Listo para subir": the boat is back at the dock (only once staff have marked it in the water)',
        description:
          "The launch joins the marina's queue of boats to lift, behind every one that said it before (decision 056): " +
          '`haulOutPosition` is its place (1 is next), and moves up as the boats ahead are lifted.',
        tags,
        headers: clientHeaderSchema,
        params: idParams,
        security,
        response: {
          200: { description: 'Ready to stow', $ref: 'Launch#' },
          ...problemResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const session = requireSession(request);
      const client = requireClient(request);
      const scope = scopeOf(client);
      const { id } = request.params;
      if (!isUuid(id)) throw problem('not_found', 404, problemDetails.launch_not_found);
      await db.transaction(async (tx) => {
        const launch = await lockLaunch(tx, client.id, id, session.accountId);
        if (!launch) throw await bookerOnly(tx, client.id, id, session.accountId, 'mark_ready');
        if (!canTransition('customer', launch.status, 'ready_to_stow'))
          throw problem('state_conflict', 409, problemDetails.ready_only_in_water);
        await changeStatus(tx, scope, launch, 'ready_to_stow', { actor: 'customer', accountId: session.accountId });
      });
      return ownLaunch(request, id);
    },
  );

  api.get<{ Params: { id: string } }>(
    '/launches/:id/calendar.ics',
    {
      schema: {
        operationId: 'getLaunchCalendarEvent',
        summary: 'The confirmed launch as an iCalendar (RFC 5545) event, for "Añadir al calendario"',
        tags,
        headers: clientHeaderSchema,
        params: idParams,
        security,
        produces: ['text/calendar'],
        response: { 200: { description: 'text/calendar', type: 'string' }, ...problemResponses(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      const client = requireClient(request);
      const launch = await ownLaunch(request, request.params.id);
      if (launch.status !== 'confirmed') throw problem('state_conflict', 409, problemDetails.calendar_only_confirmed);
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="bajada-${launch.id}.ics"`)
        .send(calendarEntry(launch, client, clock()));
    },
  );
};
