import { useQuery } from '@tanstack/react-query';
import { ButtonLink } from '../../components/button.tsx';
import { LoadError, Loading, loadState } from '../../components/query-status.tsx';
import * as ui from '../../components/ui.css.ts';
import { isOpenLaunchStatus } from '../../domain/launches.ts';
import { useMarina } from '../../lib/marina.ts';
import { href, paths } from '../../lib/paths.ts';
import { useServices } from '../../lib/services.tsx';
import { launchesQuery } from './api/launches.ts';
import { LaunchFacts } from './launch-summary.tsx';
import * as css from './launches.css.ts';
import { launchTexts as t } from './texts.ts';

/** `inicio`'s next launch and its state, from the same kept list as `pedidosbajadas`. */
export default function NextLaunchCard() {
  const { api } = useServices();
  const query = useQuery(launchesQuery(api));
  const marina = useMarina();
  const state = loadState({ ...query, data: query.data && marina.data ? query.data : undefined, isError: query.isError || marina.isError, isFetching: query.isFetching || marina.isFetching });
  const next = query.data?.upcoming?.find((launch) => isOpenLaunchStatus(launch.status));
  return (
    <section className={ui.card} aria-labelledby="inicio-bajada">
      <h2 id="inicio-bajada">{t.dashboardTitle}</h2>
      <div className={ui.stack}>
        {state === 'loading' ? <Loading label={t.loading} /> : null}
        {state === 'error' ? <LoadError error={query.error ?? marina.error} retry={() => void query.refetch()} /> : null}
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
