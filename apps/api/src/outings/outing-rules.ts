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
import {
  OWNER_SKIPPER,
  OUTING_MAX_OVERNIGHT_HOURS,
  type OutingBoatOption,
  type ReturnRefusal,
} from '@marina/core/domain/outings.ts';
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
  const message =
    'Barco: no tiene hoy una bajada confirmada ni está en el agua. Pide la bajada antes de registrar la salida.';
  return problem('boat_not_in_water', 422, message, [{ field: 'boatId', code: 'boat_not_in_water', message }]);
}

export function boatAlreadyAtSea(): HttpProblem {
  const message = 'Barco: ya tiene una salida en el mar. Marca la vuelta antes de registrar otra.';
  return problem('boat_already_at_sea', 409, message, [{ field: 'boatId', code: 'boat_already_at_sea', message }]);
}

export function skipperNotAllowed(why: string): HttpProblem {
  const message = `Patrón: ${why}`;
  return problem('skipper_not_allowed', 422, message, [{ field: 'skipper', code: 'skipper_not_allowed', message }]);
}

export function departureInvalid(): HttpProblem {
  const message = 'Hora de salida: debe ser hoy y como mucho dentro de una hora.';
  return problem('departure_invalid', 422, message, [{ field: 'departure', code: 'departure_invalid', message }]);
}

const RETURN_MESSAGES: Record<ReturnRefusal, string> = {
  return_in_past: 'Hora de vuelta prevista: debe ser posterior a la hora actual.',
  return_after_closing: 'Hora de vuelta prevista: debe ser el mismo día, antes del cierre del puerto.',
  outing_too_long: `Hora de vuelta prevista: la salida no puede durar más de ${OUTING_MAX_OVERNIGHT_HOURS} horas.`,
};

export function returnProblem(code: ReturnRefusal): HttpProblem {
  const message = RETURN_MESSAGES[code];
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
  why: string | null;
}

function ownerCandidate(owner: AccountRow, today: string): SkipperCandidate {
  const expires = owner.licenceExpiresOn;
  const why =
    expires === null
      ? 'el propietario no tiene una titulación náutica registrada.'
      : expires < today
        ? 'la titulación náutica del propietario está caducada.'
        : null;
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
      ? 'su autorización está suspendida.'
      : state !== 'active'
        ? 'su autorización no está activa.'
        : row.validFrom > today || (row.validTo !== null && row.validTo < today)
          ? 'hoy está fuera de su periodo autorizado.'
          : row.licenceExpiresOn < today
            ? 'su titulación náutica está caducada.'
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
  if (!found) throw skipperNotAllowed('debe ser el propietario o una persona autorizada en este barco.');
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
    reason: candidate.why,
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
