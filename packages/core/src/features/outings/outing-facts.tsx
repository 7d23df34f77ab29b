import { OUTING_STATE_LABELS, type Outing } from '../../domain/outings.ts';
import { momentOf, timeFrom, timeOf } from './format.ts';
import { formatPhone } from '../../domain/format-phone.ts';
import * as css from './outings.css.ts';
import { outingTexts as t } from './texts.ts';
import { type Fact, Facts } from '../../components/facts.tsx';
import * as ui from '../../components/ui.css.ts';
import { CallTheMarina } from '../../components/actions.tsx';

const fullName = (person: { firstName: string; surnames: string }) => `${person.firstName} ${person.surnames}`;

/**
 * An outing's state in words, its times in the marina's zone, who skippers it and where it goes. `brief`
 * (inicio) keeps to the state and the times. Overdue comes first, in words, with the marina's phone to call.
 */
export function OutingFacts({
  outing,
  timeZone,
  brief = false,
}: {
  outing: Outing;
  timeZone: string;
  brief?: boolean;
}) {
  const rows: Fact[] = [
    [t.state, OUTING_STATE_LABELS[outing.state]],
    [t.departure, momentOf(outing.departure, timeZone)],
    outing.returnedAt
      ? [t.returnedAt, timeFrom(outing.returnedAt, outing.departure, timeZone)]
      : [t.expectedReturn, timeFrom(outing.expectedReturn, outing.departure, timeZone)],
    ...(brief
      ? []
      : ([
          [t.destination, outing.destination],
          [t.skipper, fullName(outing.skipper)],
          [t.people, String(outing.people)],
          [t.phone, formatPhone(outing.contactPhone, { unbreakable: true })],
          ...(outing.loggedBy.self ? [] : [[t.loggedBy, fullName(outing.loggedBy)] as const]),
        ] satisfies Fact[])),
  ];
  return (
    <>
      {outing.state === 'overdue' ? (
        // Said in words first, then the marina's phone: the person may need help, or the owner news of the boat.
        <div className={[css.overdue, ui.stack].join(' ')}>
          <p>{(outing.actions.return ? t.overdue : t.overdueOther)(timeOf(outing.expectedReturn, timeZone))}</p>
          <CallTheMarina>{outing.actions.return ? t.overdueHelp : t.overdueOtherHelp}</CallTheMarina>
        </div>
      ) : null}
      <Facts rows={rows} />
    </>
  );
}
