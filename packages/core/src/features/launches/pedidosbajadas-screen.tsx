import { useInfiniteQuery } from '@tanstack/react-query';
import { ButtonLink } from '../../components/button.tsx';
import { LoadMore } from '../../components/load-more.tsx';
import { Page } from '../../components/page.tsx';
import { LoadStatus } from '../../components/query-status.tsx';
import { StaleNotice } from '../../components/stale-notice.tsx';
import * as ui from '../../components/ui.css.ts';
import { Notice, useSentNotice } from '../../components/notice.tsx';
import type { Launch } from '../../domain/launches.ts';
import type { Marina } from '../../domain/marina.ts';
import { useMarina } from '../../lib/marina.ts';
import { href, paths } from '../../lib/paths.ts';
import { useServices } from '../../lib/services.tsx';
import { joinLaunchPages, launchesQuery } from './api/launches.ts';
import { LaunchActions } from './launch-actions.tsx';
import { LaunchFacts } from './launch-summary.tsx';
import * as css from './launches.css.ts';
import { launchTexts as t } from './texts.ts';

function LaunchItem({
  launch,
  marina,
  onNotice,
}: {
  launch: Launch;
  marina: Marina;
  onNotice: (notice: string) => void;
}) {
  const heading = `bajada-${launch.id}`;
  return (
    <li>
      <article className={ui.card} aria-labelledby={heading}>
        <h3 id={heading} className={css.name}>
          {launch.boatName}
        </h3>
        <LaunchFacts launch={launch} timeZone={marina.timeZone} />
        <LaunchActions
          launch={launch}
          timeZone={marina.timeZone}
          cutoffMinutes={marina.settings.changeCutoffMinutes}
          onNotice={onNotice}
        />
        <ButtonLink to={href.bajada(launch.id)} variant="quiet" fullWidth>
          {t.seeDetail} <span className={ui.visuallyHidden}>{launch.boatName}</span>
        </ButtonLink>
      </article>
    </li>
  );
}

function Section({
  id,
  title,
  launches,
  empty,
  marina,
  onNotice,
}: {
  id: string;
  title: string;
  launches: Launch[];
  empty?: string;
  marina: Marina;
  onNotice: (notice: string) => void;
}) {
  if (launches.length === 0 && !empty) return null;
  return (
    <section aria-labelledby={id} className={ui.stack}>
      <h2 id={id} className={css.sectionTitle}>
        {title}
      </h2>
      {launches.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <ul className={css.list}>
          {launches.map((launch) => (
            <LaunchItem key={launch.id} launch={launch} marina={marina} onNotice={onNotice} />
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * The customer's launches: upcoming first, then past, a page at a time («Cargar más», or on scroll); each with
 * its state and what may be done. Readable offline (the pages loaded, as kept on the phone).
 */
export default function PedidosBajadasScreen() {
  const { api } = useServices();
  const query = useInfiniteQuery({ ...launchesQuery(api), select: joinLaunchPages });
  const marina = useMarina();
  const [notice, setNotice] = useSentNotice();
  const data = query.data;
  return (
    <Page title={t.title}>
      <div className={ui.stack}>
        <Notice text={notice} />
        <ButtonLink to={paths.altaPedidoBajada} fullWidth>
          {t.askLaunch}
        </ButtonLink>
        <LoadStatus loads={[query, marina]} ready={Boolean(query.data && marina.data)} label={t.loading} />
        <StaleNotice query={query} />
        {data && marina.data ? (
          data.upcoming.length === 0 && data.past.length === 0 ? (
            <p>{t.none}</p>
          ) : (
            <>
              <Section
                id="bajadas-proximas"
                title={t.upcoming}
                launches={data.upcoming}
                empty={t.noneUpcoming}
                marina={marina.data}
                onNotice={setNotice}
              />
              <Section
                id="bajadas-anteriores"
                title={t.past}
                launches={data.past}
                marina={marina.data}
                onNotice={setNotice}
              />
              <LoadMore query={query} label={t.morePast} />
            </>
          )
        ) : null}
      </div>
    </Page>
  );
}
