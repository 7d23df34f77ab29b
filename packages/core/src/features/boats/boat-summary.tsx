import { type Fact, Facts } from '../../components/facts.tsx';
import { Link } from '../../components/link.tsx';
import * as reasonsCss from '../../components/reasons.css.ts';
import { AUTHORISATION_STATE_LABELS } from '../../domain/authorisations.ts';
import { BOAT_STATE_LABELS, CONTRACT_PLAN_LABELS, CONTRACT_STATUS_LABELS, type Boat } from '../../domain/boats.ts';
import { reasonWeight, type EligibilityReason } from '../../domain/eligibility.ts';
import * as css from './boats.css.ts';
import { formatMetres } from './form-values.ts';
import { boatTexts as t } from './texts.ts';
import { Icon } from '../../components/icons.tsx';
import * as listCss from '../../components/list-row.css.ts';
import { StatusPill } from '../../components/status-pill.tsx';

/**
 * Why the boat cannot be used today, one badge per reason with what fixes it; or "Lista". A fix that
 * leads to the screen already open (`here`) is left out.
 */
/** A boat's state in one pill: ready to use, waiting (on the marina or a date), or blocked. */
export function BoatPill({ boat }: { boat: Pick<Boat, 'eligibility'> }) {
  const { eligibility } = boat;
  if (eligibility.eligible) return <StatusPill tone="success">{t.ready}</StatusPill>;
  const waiting = eligibility.reasons.every((reason) => reasonWeight(reason.code) === 'waiting');
  return waiting ? (
    <StatusPill tone="warning">{t.waiting}</StatusPill>
  ) : (
    <StatusPill tone="danger">{t.notReady}</StatusPill>
  );
}

/**
 * A boat's card heading: an icon, its name, one line of what identifies it (registration, length, where it is)
 * and its pill.
 */
export function BoatHeading({ boat, id }: { boat: Boat; id: string }) {
  const line = [
    boat.registration,
    t.metres(formatMetres(boat.lengthM)),
    BOAT_STATE_LABELS[boat.state],
    ...(boat.rackPosition ? [t.rackAt(boat.rackPosition)] : []),
  ].join(' · ');
  return (
    <div className={css.boatHead}>
      <span className={listCss.tile}>
        <Icon name="boat" className={listCss.tileIcon} />
      </span>
      <div className={css.boatTitle}>
        <h2 id={id} className={css.name}>
          {boat.name}
        </h2>
        <p className={css.boatLine}>{line}</p>
      </div>
      <BoatPill boat={boat} />
    </div>
  );
}

export function EligibilityBadges({ boat, here }: { boat: Pick<Boat, 'eligibility' | 'name'>; here?: string }) {
  if (boat.eligibility.eligible) {
    return (
      <p>
        <StatusPill tone="success">{t.ready}</StatusPill>
      </p>
    );
  }
  return (
    <ul className={reasonsCss.badges} aria-label={`${t.blockedBy}: ${boat.name}`}>
      {boat.eligibility.reasons.map((reason: EligibilityReason) => (
        <li key={reason.code} className={reasonsCss.badge} data-weight={reasonWeight(reason.code)}>
          <span>{reason.text}</span>
          {reason.fix && reason.fix.to !== here ? (
            <Link className={reasonsCss.fixLink} to={reason.fix.to}>
              {reason.fix.label}
            </Link>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

export function contractText(boat: Pick<Boat, 'contract'>): string {
  const { contract } = boat;
  if (!contract) return t.noContract;
  return t.contractSummary(
    CONTRACT_STATUS_LABELS[contract.status],
    CONTRACT_PLAN_LABELS[contract.plan],
    contract.startsOn,
    contract.endsOn,
  );
}

/** What a boat owner looks for first: registration, size, where it is, its contract and its insurance. */
export function BoatFacts({ boat, full = false }: { boat: Boat; full?: boolean }) {
  const rows: Fact[] = [
    [t.registration, boat.registration],
    [t.length, t.metres(formatMetres(boat.lengthM))],
    ...(full
      ? (
          [
            [t.beam, t.metres(formatMetres(boat.beamM))],
            [t.make, boat.make],
            [t.model, boat.model],
            [t.engine, boat.engine],
          ] satisfies Fact[]
        ).filter(([, value]) => value !== '')
      : []),
    [t.state, BOAT_STATE_LABELS[boat.state]],
    ...(boat.rackPosition ? ([[t.rackPosition, boat.rackPosition]] as Fact[]) : []),
    // The contract and the insurance are the owner's: the API sends neither to a person authorised on the boat.
    ...(boat.role === 'authorised'
      ? []
      : ([
          [t.contract, contractText(boat)],
          [t.insurance, boat.insurance ? t.insuranceUntil(boat.insurance.expiresOn) : t.noInsurance],
        ] satisfies Fact[])),
  ];
  return <Facts rows={rows} />;
}

/**
 * On a boat someone else owns (`role: 'authorised'`): whose it is and until when the person may use it;
 * when the authorisation does not hold, its state and the owner's reason.
 */
export function AuthorisedNote({ boat }: { boat: Pick<Boat, 'role' | 'authorisation'> }) {
  const { authorisation } = boat;
  if (boat.role !== 'authorised' || !authorisation) return null;
  return (
    <div className={css.authorised}>
      <p className={css.owner}>{t.boatOf(`${authorisation.owner.firstName} ${authorisation.owner.surnames}`)}</p>
      <p>{t.authorisedUntil(authorisation.validTo)}</p>
      {authorisation.state === 'active' ? null : (
        <p>{t.authorisationState(AUTHORISATION_STATE_LABELS[authorisation.state])}</p>
      )}
      {authorisation.state === 'suspended' && authorisation.suspensionReason ? (
        <p>{t.suspendedBecause(authorisation.suspensionReason)}</p>
      ) : null}
    </div>
  );
}
