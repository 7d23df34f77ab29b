/**
 * Authorisations as the API tells them (`Authorisation`, `BoatAuthorisation` of
 * `@marina/core/domain/authorisations.ts`), and the queries every writer shares: the owner's own ones, the
 * ones that let a person use a boat (those attached to their account, never found by document: decision 038),
 * and the per-boat counts checked under the boats' locks.
 */
import {
  AUTHORISATION_HOLDING_STATES,
  type Authorisation,
  type AuthorisationState,
  type BoatAuthorisation,
} from '@marina/core/domain/authorisations.ts';
import { todayIn } from '@marina/core/domain/calendar.ts';
import { maskEmail, maskPhone } from '@marina/core/domain/contact.ts';
import type { AuthorisationFacts } from '@marina/core/domain/eligibility.ts';
import { and, asc, desc, eq, gte, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { codeTimes } from '../accounts/verification-codes.ts';
import { isUuid } from '../http/ids.ts';
import type { ClientRecord } from '../clients/client-directory.ts';
import type { Executor, Tx } from '../db/database.ts';
import { accounts, verificationCodes, type AccountRow, type VerificationCodeRow } from '../accounts/accounts.schema.ts';
import { boats } from '../boats/boats.schema.ts';
import { problem } from '../http/problem.ts';
import { authorisationBoats, authorisations, type AuthorisationRow } from './authorisations.schema.ts';
import { fieldMessages, problemDetails } from '@marina/core/messages/problem-details.ts';

/**
 * The state as of `today`: an active or pending authorisation whose last day has passed is expired even
 * before the expiry job has written it (the job makes it so for good).
 */
export function stateOn(row: Pick<AuthorisationRow, 'state' | 'validTo'>, today: string): AuthorisationState {
  if ((row.state === 'active' || row.state === 'pending') && row.validTo !== null && row.validTo < today)
    return 'expired';
  return row.state;
}

export function authorisationFacts(row: AuthorisationRow, today: string): AuthorisationFacts {
  return {
    state: stateOn(row, today),
    validFrom: row.validFrom,
    validTo: row.validTo,
    licenceExpiresOn: row.licenceExpiresOn,
  };
}

export interface LoadedAuthorisation {
  row: AuthorisationRow;
  boats: Array<{ id: string; name: string }>;
  verification: VerificationCodeRow | null;
  /** The live account it is attached to (decision 038), if any. */
  person: Pick<AccountRow, 'firstName' | 'surnames'> | null;
}

export function toAuthorisation(
  { row, boats: covered, verification, person }: LoadedAuthorisation,
  client: ClientRecord,
  now: Date,
): Authorisation {
  const state = stateOn(row, todayIn(client.timeZone, now));
  const pendingCode =
    state === 'pending' && verification !== null && verification.consumedAt === null ? verification : null;
  return {
    id: row.id,
    firstName: row.firstName,
    surnames: row.surnames,
    document: row.document,
    phone: row.phone,
    email: row.email,
    licence: { type: row.licenceType, number: row.licenceNumber, expiresOn: row.licenceExpiresOn },
    boats: covered,
    validFrom: row.validFrom,
    validTo: row.validTo,
    state,
    suspensionReason: state === 'suspended' && row.suspensionReason ? row.suspensionReason : null,
    suspendedAt: state === 'suspended' ? (row.suspendedAt?.toISOString() ?? null) : null,
    createdAt: row.createdAt.toISOString(),
    validatedAt: row.validatedAt?.toISOString() ?? null,
    account: person === null ? null : { firstName: person.firstName, surnames: person.surnames },
    code:
      pendingCode === null
        ? null
        : {
            channel: pendingCode.channel,
            destination:
              pendingCode.channel === 'sms'
                ? maskPhone(pendingCode.destination ?? '')
                : maskEmail(pendingCode.destination ?? ''),
            ...codeTimes(pendingCode),
          },
  };
}

/** The owner's authorisations at this marina that match `where`, newest first, with their boats. */
export async function loadAuthorisations(
  db: Executor,
  clientId: number,
  ownerId: string,
  where?: SQL,
): Promise<LoadedAuthorisation[]> {
  const rows = await db
    .select()
    .from(authorisations)
    .where(and(eq(authorisations.clientId, clientId), eq(authorisations.accountId, ownerId), where))
    .orderBy(desc(authorisations.createdAt), asc(authorisations.id));
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const verificationIds = rows.flatMap((row) => (row.verificationId === null ? [] : [row.verificationId]));
  const personIds = rows.flatMap((row) => (row.personAccountId === null ? [] : [row.personAccountId]));
  const [covered, codes, people] = await Promise.all([
    db
      .select({ authorisationId: authorisationBoats.authorisationId, id: boats.id, name: boats.name })
      .from(authorisationBoats)
      .innerJoin(boats, eq(boats.id, authorisationBoats.boatId))
      .where(inArray(authorisationBoats.authorisationId, ids))
      .orderBy(asc(boats.name), asc(boats.id)),
    verificationIds.length === 0
      ? Promise.resolve([])
      : db.select().from(verificationCodes).where(inArray(verificationCodes.id, verificationIds)),
    // A deleted account's row stays, anonymised: it names no one.
    personIds.length === 0
      ? Promise.resolve([])
      : db
          .select({ id: accounts.id, firstName: accounts.firstName, surnames: accounts.surnames })
          .from(accounts)
          .where(and(inArray(accounts.id, personIds), ne(accounts.status, 'deleted'))),
  ]);
  return rows.map((row) => {
    const person = people.find((account) => account.id === row.personAccountId);
    return {
      row,
      boats: covered.filter((boat) => boat.authorisationId === row.id).map(({ id, name }) => ({ id, name })),
      verification: codes.find((code) => code.id === row.verificationId) ?? null,
      person: person ? { firstName: person.firstName, surnames: person.surnames } : null,
    };
  });
}

export const notFound = () => problem('not_found', 404, problemDetails.authorisation_not_found);

/** One of the owner's authorisations at this marina; another's (or another marina's) answers 404. */
export async function findAuthorisation(
  db: Executor,
  clientId: number,
  ownerId: string,
  id: string,
): Promise<LoadedAuthorisation> {
  const [found] = isUuid(id) ? await loadAuthorisations(db, clientId, ownerId, eq(authorisations.id, id)) : [];
  if (!found) throw notFound();
  return found;
}

/** Locks one of the owner's authorisations (after any boats the caller locked); 404 when not theirs. */
export async function lockAuthorisation(
  tx: Tx,
  clientId: number,
  ownerId: string,
  id: string,
): Promise<AuthorisationRow> {
  const [row] = isUuid(id)
    ? await tx
        .select()
        .from(authorisations)
        .where(
          and(eq(authorisations.id, id), eq(authorisations.clientId, clientId), eq(authorisations.accountId, ownerId)),
        )
        .for('update')
    : [];
  if (!row) throw notFound();
  return row;
}

/**
 * Locks the boats' rows, in id order, when they are all the owner's at this marina; answers them (404 on the
 * field otherwise). Every writer that may add a holding authorisation to a boat takes these locks first.
 */
export async function lockOwnersBoats(tx: Tx, clientId: number, ownerId: string, boatIds: readonly string[]) {
  const ids = [...new Set(boatIds)].sort();
  const rows = await tx
    .select({ id: boats.id, name: boats.name })
    .from(boats)
    .where(and(inArray(boats.id, ids), eq(boats.clientId, clientId), eq(boats.accountId, ownerId)))
    .orderBy(asc(boats.id))
    .for('update');
  if (rows.length !== ids.length) {
    throw problem('not_found', 404, problemDetails.boats_not_yours, [
      { field: 'boatIds', code: 'not_found', message: fieldMessages.boats_not_yours },
    ]);
  }
  return rows;
}

/**
 * Under the boats' locks: refuses when one of them already has `maxAuthorisedPerBoat` holding authorisations
 * (409 authorisation_limit_reached) or one for the same document (409 authorisation_duplicate). `except` is
 * the authorisation being reactivated or rescheduled.
 */
export async function checkRoomOnBoats(
  tx: Tx,
  client: ClientRecord,
  lockedBoats: ReadonlyArray<{ id: string; name: string }>,
  document: string,
  today: string,
  except?: string,
): Promise<void> {
  const holding = await tx
    .select({ boatId: authorisationBoats.boatId, document: authorisations.document })
    .from(authorisationBoats)
    .innerJoin(authorisations, eq(authorisations.id, authorisationBoats.authorisationId))
    .where(
      and(
        inArray(
          authorisationBoats.boatId,
          lockedBoats.map((boat) => boat.id),
        ),
        inArray(authorisations.state, AUTHORISATION_HOLDING_STATES),
        or(isNull(authorisations.validTo), gte(authorisations.validTo, today)),
        except === undefined ? undefined : ne(authorisations.id, except),
      ),
    );
  for (const boat of lockedBoats) {
    const onBoat = holding.filter((row) => row.boatId === boat.id);
    if (onBoat.some((row) => row.document === document)) {
      const message = fieldMessages.authorisation_duplicate({ boat: boat.name });
      throw problem('authorisation_duplicate', 409, message, [
        { field: 'boatIds', code: 'authorisation_duplicate', message },
      ]);
    }
    if (onBoat.length >= client.settings.maxAuthorisedPerBoat) {
      const message = fieldMessages.authorisation_limit_reached({
        boat: boat.name,
        max: client.settings.maxAuthorisedPerBoat,
      });
      throw problem('authorisation_limit_reached', 409, message, [
        { field: 'boatIds', code: 'authorisation_limit_reached', message },
      ]);
    }
  }
}

const STATE_RANK = sql`case ${authorisations.state} when 'active' then 0 when 'suspended' then 1 else 2 end`;

/**
 * The authorisation attached to this person's account that lets them use this boat at this marina: an active
 * one first, else a suspended one, else an expired one (so a refusal can say why); pending and ended ones give
 * nothing, and neither does one that merely names their document (decision 038). With `lock`, its row is
 * share-locked: a suspension waits for the booking that read it, or the booking sees it.
 */
export async function authorisationForBoat(
  db: Executor,
  clientId: number,
  person: Pick<AccountRow, 'id'>,
  boatId: string,
  lock = false,
): Promise<AuthorisationRow | null> {
  if (!isUuid(boatId)) return null;
  const query = db
    .select({ authorisation: authorisations })
    .from(authorisations)
    .innerJoin(authorisationBoats, eq(authorisationBoats.authorisationId, authorisations.id))
    .where(
      and(
        eq(authorisations.clientId, clientId),
        eq(authorisations.personAccountId, person.id),
        ne(authorisations.accountId, person.id),
        eq(authorisationBoats.boatId, boatId),
        inArray(authorisations.state, ['active', 'suspended', 'expired']),
      ),
    )
    .orderBy(STATE_RANK, desc(authorisations.validatedAt))
    .limit(1);
  const [row] = lock ? await query.for('share', { of: authorisations }) : await query;
  return row?.authorisation ?? null;
}

/**
 * The authorisations attached to a person's account that show their boats in `GET /boats`: active and suspended
 * ones, not expired nor ended.
 */
export async function visibleAuthorisations(db: Executor, clientId: number, person: Pick<AccountRow, 'id'>) {
  return db
    .select({ authorisation: authorisations, boatId: authorisationBoats.boatId, owner: accounts })
    .from(authorisations)
    .innerJoin(authorisationBoats, eq(authorisationBoats.authorisationId, authorisations.id))
    .innerJoin(accounts, eq(accounts.id, authorisations.accountId))
    .where(
      and(
        eq(authorisations.clientId, clientId),
        eq(authorisations.personAccountId, person.id),
        ne(authorisations.accountId, person.id),
        inArray(authorisations.state, ['active', 'suspended']),
      ),
    )
    .orderBy(STATE_RANK, desc(authorisations.validatedAt));
}

export function toBoatAuthorisation(
  row: AuthorisationRow,
  owner: Pick<AccountRow, 'firstName' | 'surnames'>,
  today: string,
): BoatAuthorisation {
  const state = stateOn(row, today);
  return {
    id: row.id,
    owner: { firstName: owner.firstName, surnames: owner.surnames },
    validFrom: row.validFrom,
    validTo: row.validTo,
    state,
    suspensionReason: state === 'suspended' && row.suspensionReason ? row.suspensionReason : null,
    licence: { type: row.licenceType, number: row.licenceNumber, expiresOn: row.licenceExpiresOn },
  };
}
