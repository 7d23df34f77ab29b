import { useInfiniteQuery } from '@tanstack/react-query';
import { ButtonLink } from '../../components/button.tsx';
import { Icon } from '../../components/icons.tsx';
import { Link } from '../../components/link.tsx';
import * as listCss from '../../components/list-row.css.ts';
import { StatusPill, type Tone } from '../../components/status-pill.tsx';
import { LoadMore } from '../../components/load-more.tsx';
import { Page } from '../../components/page.tsx';
import { LoadStatus } from '../../components/query-status.tsx';
import { StaleNotice } from '../../components/stale-notice.tsx';
import * as ui from '../../components/ui.css.ts';
import { Notice, useSentNotice } from '../../components/notice.tsx';
import { LAUNCH_STATUS_LABELS, type Launch } from '../../domain/launches.ts';
import type { Marina } from '../../domain/marina.ts';
import { marinaToday, useMarina } from '../../lib/marina.ts';
import { href, paths } from '../../lib/paths.ts';
import { useServices } from '../../lib/services.tsx';
import { joinLaunchPages, launchesQuery } from './api/launches.ts';
import { HaulOutPlace } from './haul-out-place.tsx';
import { ReadyToStow } from './launch-actions.tsx';
import { shortDayOf, timeOf } from './format.ts';
import * as css from './launches.css.ts';
import { launchTexts as t } from './texts.ts';

/** A launch's state as a pill: the words carry it, the tone lets the eye find it. */
function launchTone(launch: Launch): Tone {
  switch (launch.status) {
    case 'confirmed':
      return 'success';
    case 'pending':
      return 'warning';
    case 'waitlisted':
    case 'in_water':
    case 'ready_to_stow':
      return 'info';
    case 'completed':
      return 'neutral';
    case 'cancelled':
      // Called off by the marina is news; called off by the person is not.
      return launch.history.at(-1)?.by === 'customer' ? 'neutral' : 'danger';
  }
}

/**
 * One launch, compact: the boat, its slot and return, its state as a pill, the whole row leading to the launch
 * (where it is moved, cancelled, added to a calendar or shared); a line for the waiting list's place or the
 * marina's reason; and «Listo para subir» when that is what the person has to do now.
 */
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
  const { timeZone } = marina;
  const when = t.listWhen(
    shortDayOf(launch.slotStart, timeZone, marinaToday(marina)),
    timeOf(launch.slotStart, timeZone),
    timeOf(launch.expectedReturn, timeZone),
  );
  return (
    <li>
      <article className={css.launchCard} aria-labelledby={heading}>
        <Link to={href.bajada(launch.id)} className={listCss.row}>
          <span className={listCss.tile}>
            <Icon name="launch" className={listCss.tileIcon} />
          </span>
          <span className={listCss.body}>
            <span className={css.launchHead}>
              <h3 id={heading} className={css.launchTitle}>
                {launch.boatName}
              </h3>
              <StatusPill tone={launchTone(launch)}>{LAUNCH_STATUS_LABELS[launch.status]}</StatusPill>
            </span>
            <span className={listCss.secondary}>{when}</span>
            {launch.bookedBy ? (
              <span className={listCss.secondary}>{t.bookedByShort(launch.bookedBy.name)}</span>
            ) : null}
          </span>
          <Icon name="chevron" className={listCss.chevron} />
        </Link>
        {launch.status === 'waitlisted' && launch.waitlistPosition !== null ? (
          <p className={css.launchNote}>{t.waitlistPlace(launch.waitlistPosition)}</p>
        ) : null}
        {launch.cancellationReason ? <p className={css.launchNote}>{t.reason(launch.cancellationReason)}</p> : null}
        {launch.status === 'ready_to_stow' ? (
          <div className={css.launchAction}>
            <HaulOutPlace launch={launch} />
          </div>
        ) : null}
        {launch.actions.readyToStow ? (
          <div className={css.launchAction}>
            <ReadyToStow launch={launch} onNotice={onNotice} />
          </div>
        ) : null}
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
