import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { ButtonLink } from '../../components/button.tsx';
import { LoadMore } from '../../components/load-more.tsx';
import { Page } from '../../components/page.tsx';
import { LoadStatus } from '../../components/query-status.tsx';
import { StaleNotice } from '../../components/stale-notice.tsx';
import * as ui from '../../components/ui.css.ts';
import type { Marina } from '../../domain/marina.ts';
import type { Outing } from '../../domain/outings.ts';
import { useMarina } from '../../lib/marina.ts';
import { paths } from '../../lib/paths.ts';
import { useServices } from '../../lib/services.tsx';
import { joinOutingPages, outingsQuery } from './api/outings.ts';
import { momentOf } from './format.ts';
import { FocusedNotice, OutingActions } from './outing-actions.tsx';
import { OutingFacts } from './outing-facts.tsx';
import * as css from './outings.css.ts';
import { outingTexts as t } from './texts.ts';

/** What a screen that sent the person here says (an outing just logged). */
export interface SalidasState {
  notice?: string;
}

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
  return (
    <li>
      <article
        className={[ui.card, outing.state === 'overdue' ? css.overdueCard : css.atSea].join(' ')}
        aria-labelledby={heading}
      >
        <h3 id={heading} className={css.name}>
          {outing.boatName}
        </h3>
        <OutingFacts outing={outing} timeZone={marina.timeZone} />
        <OutingActions outing={outing} marina={marina} focusReturn={focusReturn} onNotice={onNotice} />
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
        <section key={boatId} aria-labelledby={`historial-${boatId}`} className={ui.stack}>
          <h3 id={`historial-${boatId}`} className={css.boatTitle}>
            {boat.name}
          </h3>
          <ul className={css.list}>
            {boat.outings.map((outing) => (
              <li key={outing.id}>
                <article
                  className={ui.card}
                  aria-label={`${boat.name}, ${momentOf(outing.departure, marina.timeZone)}`}
                >
                  <OutingFacts outing={outing} timeZone={marina.timeZone} />
                </article>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </section>
  );
}

/**
 * The person's outings (`salidas`): those at sea first, each with a large «He vuelto» and «Ampliar hora de
 * regreso», overdue said in words; then the history, per boat. Readable offline. `?volver=<id>` (the overdue
 * notice's link) puts focus on that outing's «He vuelto».
 */
export default function SalidasScreen() {
  const { api } = useServices();
  const query = useInfiniteQuery({ ...outingsQuery(api), select: joinOutingPages });
  const marina = useMarina();
  const sent = (useLocation().state as SalidasState | null)?.notice;
  const [search] = useSearchParams();
  const returning = search.get('volver');
  const [notice, setNotice] = useState<string>();
  const data = query.data;
  return (
    <Page title={t.title}>
      <div className={ui.stack}>
        <FocusedNotice text={notice ?? sent} />
        <LoadStatus loads={[query, marina]} ready={Boolean(query.data && marina.data)} label={t.loading} />
        <StaleNotice query={query} />
        {data && marina.data ? (
          <>
            <section aria-labelledby="salidas-en-el-mar" className={ui.stack}>
              <h2 id="salidas-en-el-mar" className={css.sectionTitle}>
                {t.atSea}
              </h2>
              {data.atSea.length === 0 ? (
                <p>{data.history.length === 0 ? t.none : t.noneAtSea}</p>
              ) : (
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
              )}
              <ButtonLink to={paths.altaSalida} variant={data.atSea.length === 0 ? 'primary' : 'secondary'} fullWidth>
                {t.logOuting}
              </ButtonLink>
            </section>
            {data.history.length > 0 ? <History outings={data.history} marina={marina.data} /> : null}
            <LoadMore query={query} label={t.moreHistory} />
          </>
        ) : null}
      </div>
    </Page>
  );
}
