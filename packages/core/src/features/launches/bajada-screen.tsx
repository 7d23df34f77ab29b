import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { Page } from '../../components/page.tsx';
import { LoadStatus } from '../../components/query-status.tsx';
import { StaleNotice } from '../../components/stale-notice.tsx';
import * as ui from '../../components/ui.css.ts';
import { Notice, useSentNotice, type NoticeState } from '../../components/notice.tsx';
import { isNotFound, NotThere } from '../../components/not-found.tsx';
import type { Launch } from '../../domain/launches.ts';
import { useMarina } from '../../lib/marina.ts';
import { PushOffer } from '../../components/push-offer.tsx';
import { paths } from '../../lib/paths.ts';
import { useServices } from '../../lib/services.tsx';
import { launchQuery } from './api/launches.ts';
import { momentOf, slotText } from './format.ts';
import { LaunchActions } from './launch-actions.tsx';
import { LaunchFacts } from './launch-summary.tsx';
import * as css from './launches.css.ts';
import { launchTexts as t } from './texts.ts';

/** Every change, oldest first: who (by name when not the reader), when, from → to; a move names the new slot; staff's reason when given. */
function History({ launch, timeZone }: { launch: Launch; timeZone: string }) {
  return (
    <ol className={css.history}>
      {launch.history.map((entry, index) => {
        const before = launch.history[index - 1];
        // In sentences: the reader's own changes said to them («Cancelaste la bajada»); the other customer's by name
        // when the owner and the person who asked read each other's.
        const what = t.historyLine(
          entry.by === 'customer'
            ? entry.byName
              ? { by: 'person', name: entry.byName }
              : { by: 'you' }
            : { by: entry.by },
          entry.from,
          entry.to,
        );
        const moved = before !== undefined && Date.parse(before.slotStart) !== Date.parse(entry.slotStart);
        const end = new Date(
          Date.parse(entry.slotStart) + Date.parse(launch.slotEnd) - Date.parse(launch.slotStart),
        ).toISOString();
        return (
          <li key={`${entry.at}-${index}`}>
            <span className={ui.muted}>{momentOf(entry.at, timeZone)}</span> · {what}
            {entry.from === null || moved ? (
              <> · {t.historyMoved(slotText({ slotStart: entry.slotStart, slotEnd: end }, timeZone))}</>
            ) : null}
            {entry.reason ? <> · {t.reason(entry.reason)}</> : null}
          </li>
        );
      })}
    </ol>
  );
}

function NotFound() {
  return (
    <Page title={t.notFoundTitle}>
      <NotThere text={t.notFound} backTo={paths.pedidosbajadas} backLabel={t.backToLaunches} />
    </Page>
  );
}

/** One launch: its state, slot and data, what may be done with it, and its history. */
export default function BajadaScreen() {
  const { id = '' } = useParams();
  const { api } = useServices();
  const client = useQueryClient();
  const query = useQuery(launchQuery(api, client, id));
  const marina = useMarina();
  // Read before `useSentNotice` takes the state off the history entry: only the landing after booking offers push.
  const location = useLocation();
  const [offerPush] = useState(() => (location.state as NoticeState | null)?.offerPush === true);
  const [notice, setNotice] = useSentNotice();
  const launch = query.data;
  if (isNotFound(query)) return <NotFound />;
  return (
    <Page title={launch ? `${t.detailTitle}: ${launch.boatName}` : t.detailTitle}>
      <div className={ui.stack}>
        <Notice text={notice} />
        <LoadStatus loads={[query, marina]} ready={Boolean(launch && marina.data)} />
        <StaleNotice query={query} />
        {launch && marina.data ? (
          <>
            <section className={ui.card} aria-labelledby="bajada-resumen">
              <h2 id="bajada-resumen" className={css.sectionTitle}>
                {launch.boatName}
              </h2>
              <LaunchFacts launch={launch} timeZone={marina.data.timeZone} full />
              <LaunchActions
                launch={launch}
                timeZone={marina.data.timeZone}
                cutoffMinutes={marina.data.settings.changeCutoffMinutes}
                onNotice={setNotice}
              />
            </section>
            {offerPush ? <PushOffer /> : null}
            <section className={ui.card} aria-labelledby="bajada-historial">
              <h2 id="bajada-historial" className={css.sectionTitle}>
                {t.history}
              </h2>
              <History launch={launch} timeZone={marina.data.timeZone} />
            </section>
          </>
        ) : null}
      </div>
    </Page>
  );
}
