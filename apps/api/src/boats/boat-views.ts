/**
 * Boats and contracts as the API tells them (`Boat`, `Contract` of `@marina/core/domain/boats.ts`), each boat
 * with its verdict from the one eligibility rule, read in the marina's time zone with its settings.
 */
import type { Boat, CertificateInfo, Contract, ContractStatus } from '@marina/core/domain/boats.ts';
import { todayIn } from '@marina/core/domain/calendar.ts';
import { authorisedEligibility, eligibility, type BoatFacts } from '@marina/core/domain/eligibility.ts';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import { accountFacts, eligibilityContext } from '../accounts/account-summary.ts';
import {
  authorisationFacts,
  toBoatAuthorisation,
  visibleAuthorisations,
} from '../authorisations/authorisation-views.ts';
import type { ClientRecord } from '../clients/client-directory.ts';
import type { Executor } from '../db/database.ts';
import { accounts, type AccountRow } from '../accounts/accounts.schema.ts';
import { boats, contracts, insuranceCertificates, type BoatRow, type ContractRow } from './boats.schema.ts';
import { isUuid } from '../http/ids.ts';
import { problem } from '../http/problem.ts';
import { problemDetails } from '@marina/core/messages/problem-details.ts';

export function toContract(row: ContractRow): Contract {
  return {
    id: row.id,
    boatId: row.boatId,
    plan: row.plan,
    status: row.status,
    startsOn: row.startsOn,
    endsOn: row.endsOn,
    requestedAt: row.requestedAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    rejectionReason: row.rejectionReason,
  };
}

const RANK: Record<ContractStatus, number> = { active: 0, requested: 1, expired: 2, rejected: 2, cancelled: 2 };

/** What the eligibility rule reads of a contract. */
export type ContractTerms = Pick<ContractRow, 'status' | 'startsOn' | 'endsOn' | 'requestedAt'>;

/** The contract that governs a boat now: the active one, else the open request, else the latest that ended. */
export function governingContract<Contract extends ContractTerms>(rows: readonly Contract[]): Contract | null {
  return (
    [...rows].sort((a, b) => RANK[a.status] - RANK[b.status] || b.requestedAt.getTime() - a.requestedAt.getTime())[0] ??
    null
  );
}

/** Everything a boat's view needs besides the row: its contracts, certificate and owner. */
export interface BoatParts {
  contracts: ContractRow[];
  certificate: CertificateInfo | null;
  owner: AccountRow;
}

/** What the eligibility rule reads of a boat: its row and the contract that governs it. */
export function boatFacts(row: BoatRow, contractRows: readonly ContractTerms[]): BoatFacts {
  const contract = governingContract(contractRows);
  return {
    id: row.id,
    state: row.state,
    insuranceExpiresOn: row.insuranceExpiresOn,
    contract: contract && { status: contract.status, startsOn: contract.startsOn, endsOn: contract.endsOn },
  };
}

export function toBoat(row: BoatRow, parts: BoatParts, client: ClientRecord, now: Date): Boat {
  const contract = governingContract(parts.contracts);
  const facts = boatFacts(row, parts.contracts);
  return {
    id: row.id,
    name: row.name,
    registration: row.registration,
    make: row.make,
    model: row.model,
    lengthM: row.lengthM,
    beamM: row.beamM,
    engine: row.engine,
    state: row.state,
    rackPosition: row.rackPosition,
    insurance:
      row.insurer === null || row.policyNumber === null || row.insuranceExpiresOn === null
        ? null
        : {
            insurer: row.insurer,
            policyNumber: row.policyNumber,
            expiresOn: row.insuranceExpiresOn,
            certificate: parts.certificate,
          },
    contract: contract && toContract(contract),
    eligibility: eligibility(accountFacts(parts.owner), facts, eligibilityContext(client, now)),
    role: 'owner',
    authorisation: null,
  };
}

export interface LoadedBoat {
  row: BoatRow;
  parts: BoatParts;
}

/** The boats of the marina that match `where`, with their parts, by name. Never reads a certificate's bytes. */
/** By name, then registration and id (a total order: staff's list is paged on it, decision 042); `limit` keeps the first rows. */
export async function loadBoats(db: Executor, clientId: number, where?: SQL, limit?: number): Promise<LoadedBoat[]> {
  const query = db
    .select({ boat: boats, owner: accounts })
    .from(boats)
    .innerJoin(accounts, eq(accounts.id, boats.accountId))
    .where(and(eq(boats.clientId, clientId), where))
    .orderBy(boats.name, boats.registration, boats.id);
  const rows = limit === undefined ? await query : await query.limit(limit);
  if (rows.length === 0) return [];
  const ids = rows.map(({ boat }) => boat.id);
  const [contractRows, certificates] = await Promise.all([
    db.select().from(contracts).where(inArray(contracts.boatId, ids)),
    db
      .select({
        boatId: insuranceCertificates.boatId,
        contentType: insuranceCertificates.contentType,
        size: insuranceCertificates.size,
        uploadedAt: insuranceCertificates.uploadedAt,
      })
      .from(insuranceCertificates)
      .where(inArray(insuranceCertificates.boatId, ids)),
  ]);
  return rows.map(({ boat, owner }) => {
    const certificate = certificates.find((item) => item.boatId === boat.id);
    return {
      row: boat,
      parts: {
        owner,
        contracts: contractRows.filter((contract) => contract.boatId === boat.id),
        certificate: certificate
          ? {
              contentType: certificate.contentType,
              size: certificate.size,
              uploadedAt: certificate.uploadedAt.toISOString(),
            }
          : null,
      },
    };
  });
}

/** A boat of this marina, optionally of this owner; another's (or none) answers 404, never 403. */
export async function findBoat(db: Executor, clientId: number, boatId: string, ownerId?: string): Promise<LoadedBoat> {
  const [found] = !isUuid(boatId)
    ? []
    : await loadBoats(
        db,
        clientId,
        and(eq(boats.id, boatId), ownerId === undefined ? undefined : eq(boats.accountId, ownerId)),
      );
  if (!found) throw problem('not_found', 404, problemDetails.boat_not_found);
  return found;
}

/**
 * The boats others authorised this person on (docs/product.md §4.8): the authorisations attached to their
 * account at this marina (never matched by document alone, decision 038), active or suspended ones only, one entry per boat (the best standing
 * authorisation), each with the person's own verdict. `skip`: boats already listed as their own; `only`: just that boat.
 */
export async function authorisedBoats(
  db: Executor,
  client: ClientRecord,
  personId: string,
  now: Date,
  skip: ReadonlySet<string>,
  only?: string,
): Promise<Boat[]> {
  const [person] = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.id, personId), eq(accounts.clientId, client.id)));
  if (!person) return [];
  const found = (await visibleAuthorisations(db, client.id, person)).filter(
    (item) => !skip.has(item.boatId) && (only === undefined || item.boatId === only),
  );
  const best = new Map<string, (typeof found)[number]>();
  for (const item of found) if (!best.has(item.boatId)) best.set(item.boatId, item);
  if (best.size === 0) return [];
  const today = todayIn(client.timeZone, now);
  const context = eligibilityContext(client, now);
  const loaded = await loadBoats(db, client.id, inArray(boats.id, [...best.keys()]));
  return loaded.map(({ row, parts }) => {
    const { authorisation, owner } = best.get(row.id)!;
    return {
      ...toBoat(row, parts, client, now),
      eligibility: authorisedEligibility(
        accountFacts(person),
        accountFacts(owner),
        authorisationFacts(authorisation, today),
        boatFacts(row, parts.contracts),
        context,
      ),
      role: 'authorised' as const,
      authorisation: toBoatAuthorisation(authorisation, owner, today),
    };
  });
}
