/**
 * Reading outings and telling them as the API does (`Outing`, `StaffOuting` of @marina/core/domain/outings.ts).
 * Who sees an outing (decision 030): the person who logged it, the boat's owner (read-only when someone else
 * logged it and they are not its skipper), and the person skippering it through an authorisation of theirs.
 */
import { formatInZone } from '@marina/core/domain/zone-time.ts';
import { isOpenOutingState, type Outing, type StaffOuting } from '@marina/core/domain/outings.ts';
import { and, desc, eq, inArray, ne, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ClientRecord } from '../clients/client-directory.ts';
import type { Executor } from '../db/database.ts';
import { accounts, type AccountRow } from '../accounts/accounts.schema.ts';
import { authorisations } from '../authorisations/authorisations.schema.ts';
import { boats, type BoatRow } from '../boats/boats.schema.ts';
import { outings, type OutingRow } from './outings.schema.ts';

const logger = alias(accounts, 'logger');
const owner = alias(accounts, 'boat_owner');

export interface LoadedOuting {
  outing: OutingRow;
  boat: BoatRow;
  logger: AccountRow;
  owner: AccountRow;
}

/** Outings of one marina matching `where`, with their boat, who logged them and the boat's owner. */
/** Latest departure first, then by id (a total order: the history is paged on it, decision 042); `limit` keeps the first rows. */
export async function loadOutings(
  db: Executor,
  clientId: number,
  where?: SQL,
  limit?: number,
): Promise<LoadedOuting[]> {
  const query = db
    .select({ outing: outings, boat: boats, logger, owner })
    .from(outings)
    .innerJoin(boats, eq(boats.id, outings.boatId))
    .innerJoin(logger, eq(logger.id, outings.accountId))
    .innerJoin(owner, eq(owner.id, boats.accountId))
    .where(and(eq(outings.clientId, clientId), where))
    .orderBy(desc(outings.departure), desc(outings.id));
  return limit === undefined ? query : query.limit(limit);
}

/** The signed-in customer as the outings read them: their account and the authorisations attached to it. */
export interface Viewer {
  accountId: string;
  /** Ids of authorisations (at this marina, of other owners) attached to this person's account (decision 038). */
  authorisationIds: ReadonlySet<string>;
}

export async function viewerOf(db: Executor, clientId: number, person: Pick<AccountRow, 'id'>): Promise<Viewer> {
  const rows = await db
    .select({ id: authorisations.id })
    .from(authorisations)
    .where(
      and(
        eq(authorisations.clientId, clientId),
        eq(authorisations.personAccountId, person.id),
        ne(authorisations.accountId, person.id),
      ),
    );
  return { accountId: person.id, authorisationIds: new Set(rows.map((row) => row.id)) };
}

/** The outings a viewer sees (SQL): logged by them, on their boats, or skippered by them. */
export function visibleTo(viewer: Viewer): SQL {
  const ids = [...viewer.authorisationIds];
  return or(
    eq(outings.accountId, viewer.accountId),
    eq(boats.accountId, viewer.accountId),
    ...(ids.length > 0 ? [inArray(outings.skipperAuthorisationId, ids)] : []),
  )!;
}

/** May the viewer mark the return or extend it: the person who logged it, or its skipper. */
export function mayAct(row: LoadedOuting, viewer: Viewer): boolean {
  if (row.outing.accountId === viewer.accountId) return true;
  if (row.outing.skipperKind === 'owner') return row.boat.accountId === viewer.accountId;
  return row.outing.skipperAuthorisationId !== null && viewer.authorisationIds.has(row.outing.skipperAuthorisationId);
}

function common(row: LoadedOuting, client: ClientRecord) {
  const { outing, boat } = row;
  const time = (instant: Date) => formatInZone(instant, client.timeZone);
  return {
    id: outing.id,
    boatId: boat.id,
    boatName: boat.name,
    state: outing.state,
    departure: time(outing.departure),
    expectedReturn: time(outing.expectedReturn),
    overdueSince: outing.state === 'overdue' && outing.overdueSince ? time(outing.overdueSince) : null,
    returnedAt: outing.returnedAt ? time(outing.returnedAt) : null,
    returnedBy: outing.returnedBy,
    people: outing.people,
    skipper: {
      kind: outing.skipperKind,
      authorisationId: outing.skipperAuthorisationId,
      firstName: outing.skipperFirstName,
      surnames: outing.skipperSurnames,
    },
    destination: outing.destination,
    contactPhone: outing.contactPhone,
    createdAt: time(outing.createdAt),
  };
}

export function toOuting(row: LoadedOuting, client: ClientRecord, viewer: Viewer): Outing {
  const open = isOpenOutingState(row.outing.state);
  const acts = open && mayAct(row, viewer);
  return {
    ...common(row, client),
    loggedBy: {
      firstName: row.logger.firstName,
      surnames: row.logger.surnames,
      self: row.outing.accountId === viewer.accountId,
    },
    role: row.boat.accountId === viewer.accountId ? 'owner' : 'authorised',
    actions: { return: acts, extend: acts },
  };
}

const person = (account: AccountRow) => ({
  id: account.id,
  firstName: account.firstName,
  surnames: account.surnames,
  phone: account.phone ?? '',
});

export function toStaffOuting(row: LoadedOuting, client: ClientRecord): StaffOuting {
  return {
    ...common(row, client),
    boatRegistration: row.boat.registration,
    owner: person(row.owner),
    loggedBy: person(row.logger),
  };
}

/** At sea first (overdue ones, then soonest expected return), then the history, latest departure first. */
export function splitAtSea(list: Outing[]): { atSea: Outing[]; history: Outing[] } {
  const atSea = list
    .filter((outing) => isOpenOutingState(outing.state))
    .sort(
      (a, b) =>
        Number(b.state === 'overdue') - Number(a.state === 'overdue') ||
        Date.parse(a.expectedReturn) - Date.parse(b.expectedReturn),
    );
  const history = list
    .filter((outing) => !isOpenOutingState(outing.state))
    .sort((a, b) => Date.parse(b.departure) - Date.parse(a.departure));
  return { atSea, history };
}
