import type { Outing } from '../../domain/outings.ts';
import { momentOf, timeFrom, timeOf } from './format.ts';
import { formatPhone } from '../../domain/format-phone.ts';
import * as css from './outings.css.ts';
import { outingTexts as t } from './texts.ts';
import { type Fact, Facts } from '../../components/facts.tsx';
import { CallTheMarina } from '../../components/actions.tsx';
import { Icon } from '../../components/icons.tsx';

export const fullName = (person: { firstName: string; surnames: string }) => `${person.firstName} ${person.surnames}`;

/**
 * Overdue, said in words first, then the marina's phone: the person may need help, or the owner news of the
 * boat. Nothing while the outing is on time.
 */
export function OverdueNotice({ outing, timeZone }: { outing: Outing; timeZone: string }) {
  if (outing.state !== 'overdue') return null;
  return (
    <div className={css.overdue}>
      <p className={`${css.overdueBox} ${css.overdueWords}`}>
        <Icon name="danger" className={css.overdueIcon} />
        <span>{(outing.actions.return ? t.overdue : t.overdueOther)(timeOf(outing.expectedReturn, timeZone))}</span>
      </p>
      <CallTheMarina>{outing.actions.return ? t.overdueHelp : t.overdueOtherHelp}</CallTheMarina>
    </div>
  );
}

/** When it left and when it is back (or expected), side by side, in the marina's zone. */
export function OutingTimes({ outing, timeZone }: { outing: Outing; timeZone: string }) {
  const rows: Fact[] = [
    [t.departure, momentOf(outing.departure, timeZone)],
    outing.returnedAt
      ? [t.returnedAt, timeFrom(outing.returnedAt, outing.departure, timeZone)]
      : [t.expectedReturn, timeFrom(outing.expectedReturn, outing.departure, timeZone)],
  ];
  return (
    <dl className={css.times}>
      {rows.map(([term, value]) => (
        <div key={term} className={css.time} data-late={outing.state === 'overdue' && term === t.expectedReturn}>
          <dt className={css.timeTerm}>{term}</dt>
          <dd className={css.timeValue}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Who is on board and how to reach them: the facts a row or a card keeps folded. */
export function OutingDetails({ outing, destination = false }: { outing: Outing; destination?: boolean }) {
  const rows: Fact[] = [
    ...(destination ? ([[t.destination, outing.destination]] satisfies Fact[]) : []),
    [t.skipper, fullName(outing.skipper)],
    [t.people, String(outing.people)],
    [t.phone, formatPhone(outing.contactPhone, { unbreakable: true })],
    ...(outing.loggedBy.self ? [] : ([[t.loggedBy, fullName(outing.loggedBy)]] satisfies Fact[])),
  ];
  return <Facts rows={rows} />;
}

/**
 * An outing at sea in brief (inicio): overdue first, in words with the marina's phone, then its times in the
 * marina's zone.
 */
export function OutingFacts({ outing, timeZone }: { outing: Outing; timeZone: string }) {
  return (
    <>
      <OverdueNotice outing={outing} timeZone={timeZone} />
      <OutingTimes outing={outing} timeZone={timeZone} />
    </>
  );
}
