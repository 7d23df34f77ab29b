import { useInfiniteQuery } from '@tanstack/react-query';
import { ButtonLink } from '../../components/button.tsx';
import { LoadStatus } from '../../components/query-status.tsx';
import * as ui from '../../components/ui.css.ts';
import { isOpenLaunchStatus } from '../../domain/launches.ts';
import { useMarina } from '../../lib/marina.ts';
import { href, paths } from '../../lib/paths.ts';
import { useServices } from '../../lib/services.tsx';
import { joinLaunchPages, launchesQuery } from './api/launches.ts';
import { LaunchFacts } from './launch-summary.tsx';
import * as css from './launches.css.ts';
import { launchTexts as t } from './texts.ts';

/** `inicio`'s next launch and its state, from the same kept list as `pedidosbajadas`. */
export default function NextLaunchCard() {
  const { api } = useServices();
  const query = useInfiniteQuery({ ...launchesQuery(api), select: joinLaunchPages });
  const marina = useMarina();
  const next = query.data?.upcoming?.find((launch) => isOpenLaunchStatus(launch.status));
  return (
    <section className={ui.card} aria-labelledby="inicio-bajada">
      <h2 id="inicio-bajada">{t.dashboardTitle}</h2>
      <div className={ui.stack}>
        <LoadStatus loads={[query, marina]} ready={Boolean(query.data && marina.data)} label={t.loading} />
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
              <ButtonLink to={paths.altaPedidoBajada} fullWidth>
                {t.askLaunch}
              </ButtonLink>
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
