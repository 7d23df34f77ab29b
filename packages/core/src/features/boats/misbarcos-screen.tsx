import { useQuery } from '@tanstack/react-query';
import { ButtonLink } from '../../components/button.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { Page } from '../../components/page.tsx';
import { LoadError, Loading, loadState } from '../../components/query-status.tsx';
import { StaleNotice } from '../../components/stale-notice.tsx';
import * as ui from '../../components/ui.css.ts';
import { Notice, useSentNotice } from '../../components/notice.tsx';
import type { Boat } from '../../domain/boats.ts';
import { href } from '../../lib/paths.ts';
import { useServices } from '../../lib/services.tsx';
import { boatsQuery } from './api/boats.ts';
import { AuthorisedNote, BoatHeading, EligibilityBadges } from './boat-summary.tsx';
import * as css from './boats.css.ts';
import { boatTexts as t } from './texts.ts';

function BoatItem({ boat }: { boat: Boat }) {
  const heading = `barco-${boat.id}`;
  // The one next action: to the water when it may go, else the reasons above say what fixes it.
  const mayLaunch = boat.eligibility.eligible && boat.state === 'in_rack';
  return (
    <li>
      <article className={css.boatCard} aria-labelledby={heading}>
        <BoatHeading boat={boat} id={heading} />
        <AuthorisedNote boat={boat} />
        {boat.eligibility.eligible ? null : <EligibilityBadges boat={boat} />}
        <div className={css.actions}>
          {mayLaunch ? (
            <ButtonLink to={href.altaPedidoBajadaBarco(boat.id)} fullWidth>
              {t.askLaunch}
              <span className={ui.visuallyHidden}> {boat.name}</span>
            </ButtonLink>
          ) : null}
          <ButtonLink to={href.barco(boat.id)} variant={mayLaunch ? 'quiet' : 'secondary'} fullWidth>
            {boat.role === 'authorised' ? t.seeAuthorisedBoat : t.seeBoat}
            <span className={ui.visuallyHidden}> {boat.name}</span>
          </ButtonLink>
        </div>
      </article>
    </li>
  );
}

/** The customer's boats: each with what keeps it from being used and the way to fix it. Readable offline. */
export default function MisbarcosScreen() {
  const { api } = useServices();
  const query = useQuery(boatsQuery(api));
  const [notice] = useSentNotice();
  const state = loadState(query);
  return (
    <Page title={t.title}>
      <div className={ui.stack}>
        <Notice text={notice} />
        {state === 'loading' ? <Loading label={t.loadingBoats} /> : null}
        {state === 'error' ? <LoadError error={query.error} retry={() => void query.refetch()} /> : null}
        <StaleNotice query={query} />
        {query.data ? (
          query.data.boats.length === 0 ? (
            <EmptyState title={t.noBoatsTitle}>{t.noBoats}</EmptyState>
          ) : (
            <ul className={css.list}>
              {query.data.boats.map((boat) => (
                <BoatItem key={boat.id} boat={boat} />
              ))}
            </ul>
          )
        ) : null}
        <ButtonLink to={href.altaContrato()} fullWidth>
          {t.requestContract}
        </ButtonLink>
      </div>
    </Page>
  );
}
