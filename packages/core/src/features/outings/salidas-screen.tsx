import { useInfiniteQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { ButtonLink } from '../../components/button.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { Icon } from '../../components/icons.tsx';
import { LoadMore } from '../../components/load-more.tsx';
import { StatusPill } from '../../components/status-pill.tsx';
import { Page } from '../../components/page.tsx';
import { LoadStatus } from '../../components/query-status.tsx';
import { StaleNotice } from '../../components/stale-notice.tsx';
import { useSentNotice } from '../../components/notice.tsx';
import * as ui from '../../components/ui.css.ts';
import type { Marina } from '../../domain/marina.ts';
import type { Outing } from '../../domain/outings.ts';
import { useMarina } from '../../lib/marina.ts';
import { paths } from '../../lib/paths.ts';
import { useServices } from '../../lib/services.tsx';
import { joinOutingPages, outingsQuery } from './api/outings.ts';
import { dayOf, momentOf, spanOf } from './format.ts';
import { FocusedNotice, OutingActions } from './outing-actions.tsx';
import { fullName, OutingDetails, OutingTimes, OverdueNotice } from './outing-facts.tsx';
import * as css from './outings.css.ts';
import { outingTexts as t } from './texts.ts';

function AtSeaItem({
  outing,
  marina,
  focusReturn,
  onNotice,
}: {
  outing: Outing;
  marina: Marina;
  focusReturn: boolean;
  onNotice: (notice: string) => void;
}) {
  const heading = `salida-${outing.id}`;
  const overdue = outing.state === 'overdue';
  return (
    <li>
      <article className={overdue ? `${css.atSea} ${css.overdueCard}` : css.atSea} aria-labelledby={heading}>
        <div className={css.head}>
          <span className={overdue ? css.dangerTile : css.tile}>
            <Icon name="boat" className={css.tileIcon} />
          </span>
          <div className={css.headText}>
            <h3 id={heading} className={css.name}>
              {outing.boatName}
            </h3>
            <p className={css.headLine}>{outing.destination}</p>
            {outing.loggedBy.self ? null : <p className={css.headLine}>{t.loggedByOther(fullName(outing.loggedBy))}</p>}
          </div>
          {overdue ? <StatusPill tone="danger">{t.overduePill}</StatusPill> : null}
        </div>
        <OverdueNotice outing={outing} timeZone={marina.timeZone} />
        <OutingTimes outing={outing} timeZone={marina.timeZone} />
        <OutingActions outing={outing} marina={marina} focusReturn={focusReturn} onNotice={onNotice} />
        <details className={css.fold}>
          <summary className={css.foldSummary}>
            {t.details}
            <Icon name="chevron" className={css.foldChevron} />
          </summary>
          <OutingDetails outing={outing} />
        </details>
      </article>
    </li>
  );
}

/** One outing of the history in a row: its day, destination and times; the rest folded under it. */
function HistoryRow({ outing, boatName, timeZone }: { outing: Outing; boatName: string; timeZone: string }) {
  return (
    <li className={css.row}>
      <article aria-label={`${boatName}, ${momentOf(outing.departure, timeZone)}`}>
        <details>
          <summary className={css.rowSummary}>
            <span className={css.rowBody}>
              <span className={css.rowTitle}>{dayOf(outing.departure, timeZone)}</span>
              <span className={css.rowSecondary}>
                <span className={css.rowSpan}>{spanOf(outing, timeZone)}</span>
                {outing.destination ? ` · ${outing.destination}` : null}
              </span>
              {outing.returnedBy === 'staff' ? (
                <span className={css.pills}>
                  <StatusPill tone="info">{t.byMarina}</StatusPill>
                </span>
              ) : null}
            </span>
            <Icon name="chevron" className={css.foldChevron} />
          </summary>
          <div className={css.rowDetails}>
            <OutingDetails outing={outing} />
          </div>
        </details>
      </article>
    </li>
  );
}

/** The history, one list per boat (the boats in the order of their latest outing). */
function History({ outings, marina }: { outings: Outing[]; marina: Marina }) {
  const boats = new Map<string, { name: string; outings: Outing[] }>();
  for (const outing of outings) {
    const boat = boats.get(outing.boatId) ?? { name: outing.boatName, outings: [] };
    boat.outings.push(outing);
    boats.set(outing.boatId, boat);
  }
  return (
    <section aria-labelledby="salidas-historial" className={ui.stack}>
      <h2 id="salidas-historial" className={css.sectionTitle}>
        {t.history}
      </h2>
      {[...boats].map(([boatId, boat]) => (
        <section key={boatId} aria-labelledby={`historial-${boatId}`} className={css.boatGroup}>
          <h3 id={`historial-${boatId}`} className={css.boatTitle}>
            {boat.name}
          </h3>
          <ul className={css.rows}>
            {boat.outings.map((outing) => (
              <HistoryRow key={outing.id} outing={outing} boatName={boat.name} timeZone={marina.timeZone} />
            ))}
          </ul>
        </section>
      ))}
    </section>
  );
}

/**
 * The person's outings (`salidas`): those at sea first, each a card with its times, a large «He vuelto» and
 * «Ampliar hora de regreso», overdue said in words; then the history, per boat, one row per outing whose
 * skipper, people and phone fold under it. Nothing ever logged: an empty state that leads to logging one. Readable offline. `?volver=<id>` (the overdue
 * notice's link) puts focus on that outing's «He vuelto».
 */
export default function SalidasScreen() {
  const { api } = useServices();
  const query = useInfiniteQuery({ ...outingsQuery(api), select: joinOutingPages });
  const marina = useMarina();
  const [search] = useSearchParams();
  const returning = search.get('volver');
  const [notice, setNotice] = useSentNotice();
  const data = query.data;
  return (
    <Page title={t.title}>
      <div className={ui.stack}>
        <FocusedNotice text={notice} />
        <LoadStatus loads={[query, marina]} ready={Boolean(query.data && marina.data)} label={t.loading} />
        <StaleNotice query={query} />
        {data && marina.data ? (
          data.atSea.length === 0 && data.history.length === 0 ? (
            <EmptyState
              title={t.noneTitle}
              action={
                <ButtonLink to={paths.altaSalida} fullWidth>
                  {t.logOuting}
                </ButtonLink>
              }
            >
              {t.none}
            </EmptyState>
          ) : (
            <>
              <section aria-labelledby="salidas-en-el-mar" className={ui.stack}>
                <h2 id="salidas-en-el-mar" className={css.sectionTitle}>
                  {t.atSea}
                </h2>
                {data.atSea.length === 0 ? (
                  <div className={css.calm}>
                    <p className={css.calmLine}>
                      <span className={css.tile}>
                        <Icon name="anchor" className={css.tileIcon} />
                      </span>
                      <span>{t.noneAtSea}</span>
                    </p>
                    <ButtonLink to={paths.altaSalida} fullWidth>
                      {t.logOuting}
                    </ButtonLink>
                  </div>
                ) : (
                  <>
                    <ul className={css.list}>
                      {data.atSea.map((outing) => (
                        <AtSeaItem
                          key={outing.id}
                          outing={outing}
                          marina={marina.data}
                          focusReturn={outing.id === returning}
                          onNotice={setNotice}
                        />
                      ))}
                    </ul>
                    <ButtonLink to={paths.altaSalida} variant="quiet" fullWidth>
                      {t.logOuting}
                    </ButtonLink>
                  </>
                )}
              </section>
              {data.history.length > 0 ? <History outings={data.history} marina={marina.data} /> : null}
              <LoadMore query={query} label={t.moreHistory} />
            </>
          )
        ) : null}
      </div>
    </Page>
  );
}
