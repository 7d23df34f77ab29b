/** Launches as the API tells them (`Launch`, `StaffLaunch` of `@marina/core/domain/launches.ts`). */
import {
  canTransition,
  changeableUntil,
  SLOT_MS,
  type Launch,
  type LaunchHistoryEntry,
  type StaffLaunch,
} from '@marina/core/domain/launches.ts';
import { formatInZone } from '@marina/core/domain/zone-time.ts';
import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { ClientRecord } from '../clients/client-directory.ts';
import type { Executor } from '../db/database.ts';
import { accounts, type AccountRow } from '../accounts/accounts.schema.ts';
import { boats, type BoatRow } from '../boats/boats.schema.ts';
import { haulOutPosition } from './launch-places.ts';
import { launches, launchEvents, type LaunchEventRow, type LaunchRow } from './launches.schema.ts';

/** A recorded change, with the name of the customer or staff member behind it (null for the platform's, or once erased). */
export type LoadedEvent = LaunchEventRow & { actorName?: string | null };

export interface LoadedLaunch {
  launch: LaunchRow;
  boat: BoatRow;
  /** Who asked for it (the boat's owner, or a person they authorised). */
  owner: AccountRow;
  events: LoadedEvent[];
  /** 1-based, when waitlisted. */
  position: number | null;
  /** 1-based place in the marina's queue to lift, when `ready_to_stow` (computed by the database). */
  haulOutPosition?: number | null;
}

const nameOf = (account: Pick<AccountRow, 'firstName' | 'surnames'>) => `${account.firstName} ${account.surnames}`;

/**
 * The launch as `readerId` reads it: the person who asked for it, or the boat's owner (docs/product.md §4.7,
 * decision 033), who sees who asked and may only cancel it and add it to a calendar. Staff (`null`) get the
 * actions as the person who asked has them, `bookedBy` as the boat's owner reads it, and every customer named.
 */
export function toLaunch(
  { launch, boat, owner: booker, events, position, haulOutPosition }: LoadedLaunch,
  client: ClientRecord,
  now: Date,
  readerId: string | null,
): Launch {
  const zone = client.timeZone;
  const until = changeableUntil(launch.slotStart, client.settings.changeCutoffMinutes);
  const changeable = now <= until;
  const booked = readerId === null || booker.id === readerId;
  const history: LaunchHistoryEntry[] = events.map((event) => ({
    at: formatInZone(event.at, zone),
    by: event.actor,
    from: event.fromStatus,
    to: event.toStatus,
    slotStart: formatInZone(event.slotStart, zone),
    reason: event.reason,
    byName:
      event.actor === 'customer' && (readerId === null || event.actorAccountId !== readerId)
        ? (event.actorName ?? null)
        : null,
  }));
  return {
    id: launch.id,
    boatId: launch.boatId,
    boatName: boat.name,
    status: launch.status,
    slotStart: formatInZone(launch.slotStart, zone),
    slotEnd: formatInZone(new Date(launch.slotStart.getTime() + SLOT_MS), zone),
    expectedReturn: formatInZone(launch.expectedReturn, zone),
    people: launch.people,
    // The person's words to the marina are theirs: the boat's owner reads who, when and how many (decision 033).
    notes: booked ? launch.notes : '',
    waitlistPosition: launch.status === 'waitlisted' ? position : null,
    haulOutPosition: launch.status === 'ready_to_stow' ? (haulOutPosition ?? null) : null,
    changeableUntil: formatInZone(until, zone),
    cancellationReason: launch.cancellationReason,
    createdAt: formatInZone(launch.createdAt, zone),
    actions: {
      reschedule: booked && changeable && ['pending', 'confirmed', 'waitlisted'].includes(launch.status),
      cancel: changeable && canTransition('customer', launch.status, 'cancelled'),
      readyToStow: booked && canTransition('customer', launch.status, 'ready_to_stow'),
      calendar: launch.status === 'confirmed',
    },
    history,
    bookedBy: booker.id === (readerId ?? boat.accountId) ? null : { name: nameOf(booker), role: 'authorised' },
  };
}

export function toStaffLaunch(loaded: LoadedLaunch, client: ClientRecord, now: Date): StaffLaunch {
  const { owner, boat } = loaded;
  return {
    ...toLaunch(loaded, client, now, null),
    owner: { id: owner.id, firstName: owner.firstName, surnames: owner.surnames, phone: owner.phone ?? '' },
    boatRegistration: boat.registration,
    rackPosition: boat.rackPosition,
  };
}

/** The marina's launches matching `where`, each with its boat, owner, history and place in the waiting list. */
/** By slot, then order of asking; `latestFirst` reverses it, and `limit` keeps the first rows (a page, decision 042). */
export interface LoadOrder {
  latestFirst?: boolean;
  limit?: number;
}

export async function loadLaunches(
  db: Executor,
  clientId: number,
  where?: SQL,
  order: LoadOrder = {},
): Promise<LoadedLaunch[]> {
  const by = order.latestFirst ? desc : asc;
  const query = db
    .select({ launch: launches, boat: boats, owner: accounts, haulOutPosition: haulOutPosition() })
    .from(launches)
    .innerJoin(boats, eq(boats.id, launches.boatId))
    .innerJoin(accounts, eq(accounts.id, launches.accountId))
    .where(and(eq(launches.clientId, clientId), where))
    .orderBy(by(launches.slotStart), by(launches.seq));
  const rows = order.limit === undefined ? await query : await query.limit(order.limit);
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.launch.id);
  const events = (
    await db
      .select({ event: launchEvents, firstName: accounts.firstName, surnames: accounts.surnames })
      .from(launchEvents)
      .leftJoin(accounts, eq(accounts.id, launchEvents.actorAccountId))
      .where(inArray(launchEvents.launchId, ids))
      .orderBy(asc(launchEvents.id))
  ).map(({ event, firstName, surnames }): LoadedEvent => ({
    ...event,
    actorName: firstName === null || surnames === null ? null : nameOf({ firstName, surnames }),
  }));
  const waitingSlots = [
    ...new Set(rows.filter((row) => row.launch.status === 'waitlisted').map((row) => row.launch.slotStart.getTime())),
  ];
  const queue =
    waitingSlots.length === 0
      ? []
      : await db
          .select({ id: launches.id, slotStart: launches.slotStart })
          .from(launches)
          .where(
            and(
              eq(launches.clientId, clientId),
              eq(launches.status, 'waitlisted'),
              inArray(
                launches.slotStart,
                waitingSlots.map((time) => new Date(time)),
              ),
            ),
          )
          .orderBy(asc(launches.seq));
  return rows.map((row) => {
    const sameSlot = queue.filter((entry) => entry.slotStart.getTime() === row.launch.slotStart.getTime());
    const index = sameSlot.findIndex((entry) => entry.id === row.launch.id);
    return {
      ...row,
      events: events.filter((event) => event.launchId === row.launch.id),
      position: index === -1 ? null : index + 1,
    };
  });
}
