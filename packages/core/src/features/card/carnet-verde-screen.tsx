import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate } from 'react-router';
import { Page } from '../../components/page.tsx';
import { LoadError, Loading, loadState } from '../../components/query-status.tsx';
import { StaleNotice } from '../../components/stale-notice.tsx';
import * as ui from '../../components/ui.css.ts';
import { Notice } from '../../components/notice.tsx';
import { paths } from '../../lib/paths.ts';
import { useServices } from '../../lib/services.tsx';
import { liveCardQuery } from './api/card.ts';
import { useWakeLock } from './card-hooks.ts';
import { shownVerdict } from './card-state.ts';
import { BoatVerdicts, CardFacts, PassFace, Reissue } from './card-view.tsx';
import * as css from './card.css.ts';
import { cardTexts as t } from './texts.ts';

/**
 * The green card (docs/product.md §4.10) as a pass: the marina's logo and the verdict, the holder, the QR the
 * gate scans and its number, all above the fold; then each boat with its verdict, valid-until and the rest.
 * Never for a red verdict: that goes to `carnet-rojo`, also when the verdict turns red while the card shows
 * (it is asked again every 30 s and on coming back into view: decision 054). A green verdict fetched more
 * than 24 hours ago shows as «Sin comprobar», not green. Opens offline from the copy kept on the phone, the
 * offline line under the face so the QR stays in view; the screen is kept awake while it shows.
 */
export default function CarnetVerdeScreen() {
  const { api } = useServices();
  const query = useQuery(liveCardQuery(api));
  const [notice, setNotice] = useState<string>();
  const card = query.data;
  useWakeLock(card !== undefined && card.verdict.valid);
  if (card && !card.verdict.valid) return <Navigate to={paths.carnetRojo} replace />;
  const state = loadState(query);
  const shown = card ? shownVerdict(card, query.dataUpdatedAt) : undefined;
  return (
    <Page title={t.title} titleHidden={card !== undefined}>
      <div className={ui.stack}>
        {state === 'loading' ? <Loading label={t.loading} /> : null}
        {state === 'error' ? <LoadError error={query.error} retry={() => void query.refetch()} /> : null}
        {card && shown ? (
          <article className={css.pass} aria-labelledby="carnet-veredicto">
            <PassFace card={card} fetchedAt={query.dataUpdatedAt} shown={shown} />
            <div className={css.passBody}>
              <StaleNotice query={query} />
              {shown === 'unchecked' ? <p>{t.uncheckedLead}</p> : null}
              <p className={ui.muted}>{t.showAtGate}</p>
              <BoatVerdicts card={card} />
              <CardFacts card={card} fetchedAt={query.dataUpdatedAt} />
            </div>
          </article>
        ) : null}
        <Notice text={notice} />
        {card ? <Reissue onDone={setNotice} /> : null}
      </div>
    </Page>
  );
}
