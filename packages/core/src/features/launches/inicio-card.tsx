import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { ButtonLink } from '../../components/button.tsx';
import { StatusPill } from '../../components/status-pill.tsx';
import { LoadStatus } from '../../components/query-status.tsx';
import * as ui from '../../components/ui.css.ts';
import { describeSlot } from '../../domain/format-dates.ts';
import { isOpenLaunchStatus, type Launch } from '../../domain/launches.ts';
import { useMarina } from '../../lib/marina.ts';
import { href, paths } from '../../lib/paths.ts';
import { useServices } from '../../lib/services.tsx';
import { boatsForLaunchQuery, joinLaunchPages, launchesQuery } from './api/launches.ts';
import { LaunchFacts } from './launch-summary.tsx';
import * as css from './launches.css.ts';
import { launchTexts as t } from './texts.ts';

/**
 * A launch the marina called off (staff, or the platform: a closure, a waiting list that ran out) for a slot
 * still to come or under way: the person hears it on `inicio`, with the marina's words, before they go to the
 * dock for it. The latest one; their own cancellations are not news to them.
 */
export function cancelledByMarina(past: readonly Launch[], now = Date.now()): Launch | undefined {
  return past.find(
    (launch) =>
      launch.status === 'cancelled' && Date.parse(launch.slotEnd) > now && launch.history.at(-1)?.by !== 'customer',
  );
}

/** `inicio`'s next launch and its state, from the same kept list as `pedidosbajadas`. */
export default function NextLaunchCard() {
  const { api } = useServices();
  const query = useInfiniteQuery({ ...launchesQuery(api), select: joinLaunchPages });
  const boats = useQuery(boatsForLaunchQuery(api));
  const marina = useMarina();
  // Offered only when a boat may go: a suspended authorised person, or an owner whose boats all wait on
  // something, is told where to look instead.
  const mayBook = boats.data?.boats.some((boat) => boat.eligibility.eligible && boat.state === 'in_rack');
  const next = query.data?.upcoming?.find((launch) => isOpenLaunchStatus(launch.status));
  const cancelled = query.data ? cancelledByMarina(query.data.past) : undefined;
  return (
    <section className={ui.card} aria-labelledby="inicio-bajada">
      <h2 id="inicio-bajada">{t.dashboardTitle}</h2>
      <div className={ui.stack}>
        <LoadStatus loads={[query, marina]} ready={Boolean(query.data && marina.data)} label={t.loading} />
        {cancelled && marina.data ? (
          <div className={css.cancelled}>
            <StatusPill tone="danger" icon="refused">
              {t.cancelledByMarina}
            </StatusPill>
            <p className={css.cancelledText}>
              {t.cancelledWhat(cancelled.boatName, describeSlot(new Date(cancelled.slotStart), marina.data.timeZone))}
              {cancelled.cancellationReason ? ` ${t.cancelledWhy(cancelled.cancellationReason)}` : null}
            </p>
          </div>
        ) : null}
        {query.data && marina.data ? (
          next ? (
            <div>
              <h3 className={css.name}>{next.boatName}</h3>
              <LaunchFacts launch={next} timeZone={marina.data.timeZone} />
              <ButtonLink to={href.bajada(next.id)} variant="secondary" fullWidth>
                {t.seeDetail}
              </ButtonLink>
            </div>
          ) : (
            <>
              <p>{t.noNext}</p>
              {mayBook ? (
                <ButtonLink to={paths.altaPedidoBajada} fullWidth>
                  {t.askLaunch}
                </ButtonLink>
              ) : boats.data && boats.data.boats.length > 0 ? (
                <p className={ui.muted}>{t.noBoatMayGo}</p>
              ) : null}
            </>
          )
        ) : null}
        {next ? (
          <ButtonLink to={paths.pedidosbajadas} variant="quiet" fullWidth>
            {t.seeAll}
          </ButtonLink>
        ) : null}
      </div>
    </section>
  );
}
