import { type Fact, Facts } from '../../components/facts.tsx';
import { LAUNCH_STATUS_LABELS, type Launch } from '../../domain/launches.ts';
import { slotText, timeOf } from './format.ts';
import { HaulOutPlace } from './haul-out-place.tsx';
import * as css from './launches.css.ts';
import { launchTexts as t } from './texts.ts';

/**
 * The launch's state in words, its slot and return in the marina's time, its place in the waiting list or in the
 * queue to lift; who asked for it when someone the owner authorised did (decision 033).
 */
export function LaunchFacts({ launch, timeZone, full = false }: { launch: Launch; timeZone: string; full?: boolean }) {
  const rows: Fact[] = [
    ...(launch.bookedBy ? ([[t.bookedBy, launch.bookedBy.name]] satisfies Fact[]) : []),
    [t.state, LAUNCH_STATUS_LABELS[launch.status]],
    [t.slot, slotText(launch, timeZone)],
    [t.expectedReturn, timeOf(launch.expectedReturn, timeZone)],
    ...(full
      ? (
          [
            [t.people, String(launch.people)],
            [t.notes, launch.notes],
          ] satisfies Fact[]
        ).filter(([, value]) => value !== '')
      : []),
  ];
  return (
    <>
      <Facts rows={rows} />
      {launch.status === 'waitlisted' && launch.waitlistPosition !== null ? (
        <p className={css.status}>{t.waitlistPlace(launch.waitlistPosition)}</p>
      ) : null}
      <HaulOutPlace launch={launch} />
      {launch.cancellationReason ? <p>{t.reason(launch.cancellationReason)}</p> : null}
    </>
  );
}
