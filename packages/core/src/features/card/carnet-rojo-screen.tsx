import { useQuery } from '@tanstack/react-query';
import { Navigate } from 'react-router';
import { Page } from '../../components/page.tsx';
import { LoadError, Loading, loadState } from '../../components/query-status.tsx';
import { StaleNotice } from '../../components/stale-notice.tsx';
import * as ui from '../../components/ui.css.ts';
import { paths } from '../../lib/paths.ts';
import { useServices } from '../../lib/services.tsx';
import { liveCardQuery } from './api/card.ts';
import { BoatVerdicts, CardFacts, PassFace, ReasonList } from './card-view.tsx';
import * as css from './card.css.ts';
import { cardTexts as t } from './texts.ts';

/**
 * The red card (docs/product.md §4.10): the same pass with «NO VÁLIDO» and no QR (the gate would read it as
 * not valid anyway), each reason in words with what fixes it, each boat with its verdict. Live like the green
 * one (decision 054): with a green verdict, fetched or asked again while it shows, it goes to `carnet-verde`.
 */
export default function CarnetRojoScreen() {
  const { api } = useServices();
  const query = useQuery(liveCardQuery(api));
  const card = query.data;
  if (card?.verdict.valid) return <Navigate to={paths.carnetVerde} replace />;
  const state = loadState(query);
  return (
    <Page title={t.redTitle} titleHidden={card !== undefined}>
      <div className={ui.stack}>
        {state === 'loading' ? <Loading label={t.loading} /> : null}
        {state === 'error' ? <LoadError error={query.error} retry={() => void query.refetch()} /> : null}
        {card && !card.verdict.valid ? (
          <article className={css.pass} aria-labelledby="carnet-veredicto">
            <PassFace card={card} fetchedAt={query.dataUpdatedAt} shown="invalid" />
            <div className={css.passBody}>
              <StaleNotice query={query} />
              <section className={ui.stack} aria-labelledby="carnet-motivos">
                <h2 id="carnet-motivos" className={css.sectionTitle}>
                  {t.reasonsTitle}
                </h2>
                <p>{t.reasonsLead}</p>
                <ReasonList reasons={card.verdict.reasons} />
              </section>
              <BoatVerdicts card={card} />
              <CardFacts card={card} fetchedAt={query.dataUpdatedAt} />
            </div>
          </article>
        ) : null}
      </div>
    </Page>
  );
}
