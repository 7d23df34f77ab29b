import { RadioGroupField } from '../../components/form/choice-fields.tsx';
import { Link } from '../../components/link.tsx';
import * as reasonsCss from '../../components/reasons.css.ts';
import type { Boat } from '../../domain/boats.ts';
import type { Eligibility } from '../../domain/eligibility.ts';
import type { Launch } from '../../domain/launches.ts';
import { paths } from '../../lib/paths.ts';
import { dayOf } from './format.ts';
import * as css from './launches.css.ts';
import { launchTexts as t } from './texts.ts';

/**
 * Why a boat cannot go in the water, each reason with what fixes it when the customer can; `note`, the
 * owner's words on a suspended authorisation.
 */
export function Blockers({
  name,
  eligibility,
  note,
  tone = 'danger',
}: {
  name: string;
  eligibility: Eligibility;
  note?: string | undefined;
  /** `muted` when other boats may still go: it does not stop the booking. */
  tone?: keyof typeof reasonsCss.blocked;
}) {
  if (eligibility.eligible) return null;
  return (
    <ul className={reasonsCss.blocked[tone]} aria-label={t.boatBlocked(name)}>
      <li className={css.blockedTitle} aria-hidden>
        {t.boatBlocked(name)}
      </li>
      {eligibility.reasons.map((reason) => (
        <li key={reason.code}>
          {reason.text}
          {reason.fix ? (
            <>
              {' · '}
              <Link className={reasonsCss.fixLink} to={reason.fix.to}>
                {reason.fix.label}
              </Link>
            </>
          ) : null}
        </li>
      ))}
      {note ? <li>{note}</li> : null}
    </ul>
  );
}

/** What the owner said when suspending the person's authorisation on a boat of theirs. */
const suspensionNote = (boat: Boat) =>
  boat.role === 'authorised' && boat.authorisation?.state === 'suspended' && boat.authorisation.suspensionReason
    ? t.suspendedBecause(boat.authorisation.suspensionReason)
    : undefined;

/**
 * The boats a launch may be asked for; the others are listed under it with why and the fix. A boat with a
 * launch already open says so (one open request per boat), and who asked for it and for which day when it was
 * someone the owner authorised, and leads to the list, where it is moved or cancelled.
 */
export function BoatChoice({
  boats,
  busy,
  timeZone,
}: {
  boats: readonly Boat[];
  busy: ReadonlyMap<string, Launch>;
  timeZone: string;
}) {
  const choosable = boats.filter((boat) => boat.eligibility.eligible && !busy.has(boat.id));
  const others = boats.filter((boat) => !choosable.includes(boat));
  // While a boat may go, the others' reasons are for information: they stop nothing.
  const tone = choosable.length > 0 ? 'muted' : 'danger';
  return (
    <>
      {choosable.length > 0 ? (
        <RadioGroupField
          name="boatId"
          legend={t.whichBoat}
          choices={choosable.map((boat) => ({ value: boat.id, label: `${boat.name} (${boat.registration})` }))}
        />
      ) : (
        <p>{t.noEligibleBoat}</p>
      )}
      {others.map((boat) => {
        const open = busy.get(boat.id);
        return open ? (
          <ul key={boat.id} className={reasonsCss.blocked[tone]} aria-label={t.boatBlocked(boat.name)}>
            <li>
              {boat.name}:{' '}
              {open.bookedBy ? t.hasOthersLaunch(open.bookedBy.name, dayOf(open.slotStart, timeZone)) : t.hasOpenLaunch}
              {' · '}
              <Link className={reasonsCss.fixLink} to={paths.pedidosbajadas}>
                {t.seeLaunches}
              </Link>
            </li>
          </ul>
        ) : (
          <Blockers
            key={boat.id}
            name={boat.name}
            eligibility={boat.eligibility}
            note={suspensionNote(boat)}
            tone={tone}
          />
        );
      })}
    </>
  );
}
