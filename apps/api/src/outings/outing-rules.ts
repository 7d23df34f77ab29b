/**
 * The rules an outing must meet on the server (docs/product.md §4.9), each refusal as problem+json naming
 * its field: the boat may be used by this person today (the one eligibility rule, §4.13), its launch of
 * today is confirmed or it is in the water, the skipper is the owner or an active authorised person of the
 * boat with a valid licence, and the times are inside the marina's limits (core's `returnRefusal`).
 */
import { addDays, todayIn } from '@marina/core/domain/calendar.ts';
import {
  authorisedEligibility,
  eligibility,
  type Eligibility,
  type EligibilityReason,
} from '@marina/core/domain/eligibility.ts';
import { instantAt } from '@marina/core/domain/launches.ts';
import { OWNER_SKIPPER, type OutingBoatOption, type ReturnRefusal } from '@marina/core/domain/outings.ts';
import { and, desc, eq, gte, lt, or } from 'drizzle-orm';
import { accountFacts, eligibilityContext } from '../accounts/account-summary.ts';
import { authorisationFacts, stateOn } from '../authorisations/authorisation-views.ts';
import { boatFacts } from '../boats/boat-views.ts';
import type { ClientRecord } from '../clients/client-directory.ts';
import type { Executor } from '../db/database.ts';
import { accounts, type AccountRow } from '../accounts/accounts.schema.ts';
import { authorisationBoats, authorisations, type AuthorisationRow } from '../authorisations/authorisations.schema.ts';
import { contracts, type BoatRow } from '../boats/boats.schema.ts';
import { launches } from '../launches/launches.schema.ts';
import { notEligibleProblem, problem, type HttpProblem } from '../http/problem.ts';
import { fieldMessages, skipperRefusals, type SkipperRefusal } from '@marina/core/messages/problem-details.ts';

/** Who uses the boat: the person, the boat, its owner, and the authorisation when it is not theirs. */
export interface OutingParty {
  person: AccountRow;
  boat: BoatRow;
  owner: AccountRow;
  authorisation: AuthorisationRow | null;
}

/** May this person use this boat now: the owner's rule, or an authorised person's (docs/product.md §4.13). */
export async function outingVerdict(
  db: Executor,
  client: ClientRecord,
  party: OutingParty,
  now: Date,
): Promise<Eligibility> {
  const contractRows = await db.select().from(contracts).where(eq(contracts.boatId, party.boat.id));
  const context = eligibilityContext(client, now);
  if (!party.authorisation)
    return eligibility(accountFacts(party.person), boatFacts(party.boat, contractRows), context);
  const today = todayIn(client.timeZone, now);
  return authorisedEligibility(
    accountFacts(party.person),
    accountFacts(party.owner),
    authorisationFacts(party.authorisation, today),
    boatFacts(party.boat, contractRows),
    context,
  );
}

export function notEligible(reasons: EligibilityReason[]): HttpProblem {
  return notEligibleProblem(reasons, 'no puedes salir con este barco');
}

/** The boat's launch of today that lets it go out: in the water, or confirmed for a slot today. */
export async function launchToday(db: Executor, client: ClientRecord, boatId: string, now: Date) {
  const today = todayIn(client.timeZone, now);
  const from = instantAt(today, '00:00', client.timeZone);
  const to = instantAt(addDays(today, 1), '00:00', client.timeZone);
  const [found] = await db
    .select({ id: launches.id, status: launches.status, slotStart: launches.slotStart })
    .from(launches)
    .where(
      and(
        eq(launches.boatId, boatId),
        eq(launches.clientId, client.id),
        or(
          eq(launches.status, 'in_water'),
          and(eq(launches.status, 'confirmed'), gte(launches.slotStart, from), lt(launches.slotStart, to)),
        ),
      ),
    )
    .orderBy(desc(launches.slotStart))
    .limit(1);
  return found as { id: string; status: 'confirmed' | 'in_water'; slotStart: Date } | undefined;
}

export function boatNotInWater(): HttpProblem {
  const message = fieldMessages.boat_not_in_water;
  return problem('boat_not_in_water', 422, message, [{ field: 'boatId', code: 'boat_not_in_water', message }]);
}

export function boatAlreadyAtSea(): HttpProblem {
  const message = fieldMessages.boat_already_at_sea;
  return problem('boat_already_at_sea', 409, message, [{ field: 'boatId', code: 'boat_already_at_sea', message }]);
}

export function skipperNotAllowed(why: SkipperRefusal): HttpProblem {
  const message = fieldMessages.skipper_not_allowed({ why });
  return problem('skipper_not_allowed', 422, message, [{ field: 'skipper', code: 'skipper_not_allowed', message }]);
}

export function departureInvalid(): HttpProblem {
  const message = fieldMessages.departure_invalid;
  return problem('departure_invalid', 422, message, [{ field: 'departure', code: 'departure_invalid', message }]);
}

export function returnProblem(code: ReturnRefusal): HttpProblem {
  const message = fieldMessages[code];
  return problem(code, 422, message, [{ field: 'expectedReturn', code, message }]);
}

/** Who will skipper, as stored; `why` when they may not today. */
export interface SkipperCandidate {
  skipper: string;
  kind: 'owner' | 'authorised';
  authorisationId: string | null;
  firstName: string;
  surnames: string;
  licenceExpiresOn: string | null;
  why: SkipperRefusal | null;
}

function ownerCandidate(owner: AccountRow, today: string): SkipperCandidate {
  const expires = owner.licenceExpiresOn;
  const why = expires === null ? 'owner_no_licence' : expires < today ? 'owner_licence_expired' : null;
  return {
    skipper: OWNER_SKIPPER,
    kind: 'owner',
    authorisationId: null,
    firstName: owner.firstName,
    surnames: owner.surnames,
    licenceExpiresOn: expires,
    why,
  };
}

function authorisedCandidate(row: AuthorisationRow, today: string): SkipperCandidate {
  const state = stateOn(row, today);
  const why =
    state === 'suspended'
      ? 'suspended'
      : state !== 'active'
        ? 'not_active'
        : row.validFrom > today || (row.validTo !== null && row.validTo < today)
          ? 'outside_period'
          : row.licenceExpiresOn < today
            ? 'licence_expired'
            : null;
  return {
    skipper: row.id,
    kind: 'authorised',
    authorisationId: row.id,
    firstName: row.firstName,
    surnames: row.surnames,
    licenceExpiresOn: row.licenceExpiresOn,
    why,
  };
}

/**
 * The skippers a person may name for a boat: the owner, and every authorisation of the boat (not pending)
 * when the person is the owner; only their own when they are authorised (they do not see the others).
 */
export async function skipperCandidates(
  db: Executor,
  client: ClientRecord,
  party: OutingParty,
  now: Date,
): Promise<SkipperCandidate[]> {
  const today = todayIn(client.timeZone, now);
  const rows = party.authorisation
    ? [party.authorisation]
    : (
        await db
          .select({ authorisation: authorisations })
          .from(authorisations)
          .innerJoin(authorisationBoats, eq(authorisationBoats.authorisationId, authorisations.id))
          .where(
            and(
              eq(authorisations.clientId, client.id),
              eq(authorisationBoats.boatId, party.boat.id),
              eq(authorisations.accountId, party.owner.id),
            ),
          )
          .orderBy(authorisations.firstName, authorisations.surnames)
      )
        .map((row) => row.authorisation)
        .filter((row) => row.state !== 'pending');
  return [ownerCandidate(party.owner, today), ...rows.map((row) => authorisedCandidate(row, today))];
}

/** The named skipper, or the refusal: one the list does not hold, or one who may not skipper today. */
export async function chooseSkipper(
  db: Executor,
  client: ClientRecord,
  party: OutingParty,
  skipper: string,
  now: Date,
): Promise<SkipperCandidate> {
  const found = (await skipperCandidates(db, client, party, now)).find((candidate) => candidate.skipper === skipper);
  if (!found) throw skipperNotAllowed('not_on_boat');
  if (found.why) throw skipperNotAllowed(found.why);
  return found;
}

export function toSkipperOption(candidate: SkipperCandidate): OutingBoatOption['skippers'][number] {
  return {
    skipper: candidate.skipper,
    firstName: candidate.firstName,
    surnames: candidate.surnames,
    licenceExpiresOn: candidate.licenceExpiresOn,
    available: candidate.why === null,
    reason: candidate.why && skipperRefusals[candidate.why],
  };
}

/** The live account a skipper named through an authorisation is attached to (decision 038), if any. */
export async function skipperAccount(
  db: Executor,
  clientId: number,
  authorisationId: string,
): Promise<AccountRow | undefined> {
  const [row] = await db
    .select({ account: accounts })
    .from(authorisations)
    .innerJoin(
      accounts,
      and(eq(accounts.clientId, authorisations.clientId), eq(accounts.id, authorisations.personAccountId)),
    )
    .where(
      and(eq(authorisations.id, authorisationId), eq(authorisations.clientId, clientId), eq(accounts.status, 'active')),
    )
    .limit(1);
  return row?.account;
}
