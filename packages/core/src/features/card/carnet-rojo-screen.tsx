import { useQuery } from '@tanstack/react-query';
import { Navigate } from 'react-router';
import { Page } from '../../components/page.tsx';
import { LoadError, Loading, loadState } from '../../components/query-status.tsx';
import { StaleNotice } from '../../components/stale-notice.tsx';
import * as ui from '../../components/ui.css.ts';
import { paths } from '../../lib/paths.ts';
import { useServices } from '../../lib/services.tsx';
import { cardQuery } from './api/card.ts';
import { CardFacts, HolderName, ReasonList } from './card-view.tsx';
import * as css from './card.css.ts';
import { cardTexts as t } from './texts.ts';

/**
 * The red card (docs/product.md §4.10): each reason in words with what fixes it. With a green verdict it
 * goes to `carnet-verde`. No QR: the gate would read it as not valid anyway.
 */
export default function CarnetRojoScreen() {
  const { api } = useServices();
  const query = useQuery(cardQuery(api));
  const card = query.data;
  if (card?.verdict.valid) return <Navigate to={paths.carnetVerde} replace />;
  const state = loadState(query);
  return (
    <Page title={t.redTitle}>
      <div className={ui.stack}>
        {state === 'loading' ? <Loading label={t.loading} /> : null}
        {state === 'error' ? <LoadError error={query.error} retry={() => void query.refetch()} /> : null}
        <StaleNotice query={query} />
        {card && !card.verdict.valid ? (
          <article className={css.card} aria-labelledby="carnet-veredicto">
            <p id="carnet-veredicto" className={css.verdict.invalid}>
              {t.invalid}
            </p>
            <HolderName card={card} />
            <h2 className={css.confirmTitle}>{t.reasonsTitle}</h2>
            <p>{t.reasonsLead}</p>
            <ReasonList reasons={card.verdict.reasons} />
            <CardFacts card={card} fetchedAt={query.dataUpdatedAt} />
          </article>
        ) : null}
      </div>
    </Page>
  );
}
