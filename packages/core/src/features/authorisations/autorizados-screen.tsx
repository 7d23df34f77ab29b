import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { ButtonLink } from '../../components/button.tsx';
import * as formCss from '../../components/form/form.css.ts';
import { Page } from '../../components/page.tsx';
import { LoadStatus } from '../../components/query-status.tsx';
import { StaleNotice } from '../../components/stale-notice.tsx';
import * as ui from '../../components/ui.css.ts';
import { Notice } from '../../components/notice.tsx';
import type { Authorisation } from '../../domain/authorisations.ts';
import { href, paths } from '../../lib/paths.ts';
import { useServices } from '../../lib/services.tsx';
import { authorisationsQuery, ownBoatsQuery } from './api/authorisations.ts';
import { actionsOf, AuthorisationFacts, fullName } from './authorisation-summary.tsx';
import * as css from './authorisations.css.ts';
import { authorisationTexts as t } from './texts.ts';
import { WithdrawInvitation } from './withdraw-invitation.tsx';

/** What a screen that sent the person here says (a person just validated, suspended…). */
export interface AutorizadosState {
  notice?: string;
}

/**
 * What the owner may do with a person now, as the server says; each leads to its screen, but for withdrawing a
 * pending invitation, asked and done in place.
 */
function Actions({ authorisation, onNotice }: { authorisation: Authorisation; onNotice: (notice: string) => void }) {
  const actions = actionsOf(authorisation);
  const named = (
    <>
      {' '}
      <span className={ui.visuallyHidden}>{fullName(authorisation)}</span>
    </>
  );
  return (
    <div className={css.actions}>
      {actions.validate ? (
        <ButtonLink to={href.validarAutorizado(authorisation.id)} fullWidth>
          {t.validate}
          {named}
        </ButtonLink>
      ) : null}
      {actions.withdraw ? (
        <WithdrawInvitation person={authorisation} heading="h3" label={named} onDone={onNotice} />
      ) : null}
      {actions.reschedule ? (
        <ButtonLink to={href.reprogramarAutorizado(authorisation.id)} variant="secondary" fullWidth>
          {t.reschedule}
          {named}
        </ButtonLink>
      ) : null}
      {actions.reactivate ? (
        <ButtonLink to={href.suspenderAutorizado(authorisation.id)} variant="secondary" fullWidth>
          {t.reactivate}
          {named}
        </ButtonLink>
      ) : null}
      {actions.suspend ? (
        <ButtonLink to={href.suspenderAutorizado(authorisation.id)} variant="secondary" fullWidth>
          {t.suspend}
          {named}
        </ButtonLink>
      ) : null}
    </div>
  );
}

function PersonItem({ authorisation, onNotice }: { authorisation: Authorisation; onNotice: (notice: string) => void }) {
  const heading = `autorizado-${authorisation.id}`;
  return (
    <li>
      <article className={ui.card} aria-labelledby={heading}>
        <h2 id={heading} className={css.name}>
          {fullName(authorisation)}
        </h2>
        <AuthorisationFacts authorisation={authorisation} />
        <Actions authorisation={authorisation} onNotice={onNotice} />
      </article>
    </li>
  );
}

/** The boat filter: a plain choice in the address (`?barco=`), so a boat's screen can link to its own list. */
function BoatFilter({
  boats,
  value,
  onChange,
}: {
  boats: ReadonlyArray<{ id: string; name: string }>;
  value: string;
  onChange: (id: string) => void;
}) {
  const id = useId();
  return (
    <div className={formCss.field}>
      <label className={formCss.label} htmlFor={id}>
        {t.filter}
      </label>
      <select id={id} className={formCss.input} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{t.allBoats}</option>
        {boats.map((boat) => (
          <option key={boat.id} value={boat.id}>
            {boat.name}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The people the owner lets use their boats (docs/product.md §4.8): each with the state in words, the
 * licence, the boats and the period, and what may be done; filtered by boat. Readable offline.
 */
export default function AutorizadosScreen() {
  const { api } = useServices();
  const query = useQuery(authorisationsQuery(api));
  const boats = useQuery(ownBoatsQuery(api));
  const [search, setSearch] = useSearchParams();
  const sent = (useLocation().state as AutorizadosState | null)?.notice;
  // A change made here (an invitation withdrawn): said where the list starts, which takes focus, since the
  // person's entry, and the button pressed, are gone.
  const [notice, setNotice] = useState<string>();
  const noticeRef = useRef<HTMLDivElement>(null);
  const said = (text: string) => {
    setNotice(text);
    requestAnimationFrame(() => noticeRef.current?.focus());
  };
  const ownBoats = (boats.data?.boats ?? []).filter((boat) => boat.role === 'owner');
  const wanted = search.get('barco') ?? '';
  const filter = ownBoats.some((boat) => boat.id === wanted) ? wanted : '';
  const people = (query.data?.authorisations ?? []).filter(
    (item) => !filter || item.boats.some((boat) => boat.id === filter),
  );
  const filterName = ownBoats.find((boat) => boat.id === filter)?.name;
  return (
    <Page title={t.title}>
      <div className={ui.stack}>
        <div ref={noticeRef} tabIndex={-1}>
          <Notice text={notice ?? sent} />
        </div>
        <p>{t.intro}</p>
        <LoadStatus loads={[query, boats]} ready={Boolean(query.data && boats.data)} label={t.loading} />
        <StaleNotice query={query} />
        {query.data && boats.data ? (
          <>
            {ownBoats.length === 0 ? (
              <p>{t.noOwnBoats}</p>
            ) : (
              <ButtonLink to={paths.altaAutorizado} fullWidth>
                {t.add}
              </ButtonLink>
            )}
            {ownBoats.length > 1 ? (
              <BoatFilter
                boats={ownBoats}
                value={filter}
                onChange={(id) => setSearch(id ? { barco: id } : {}, { replace: true, preventScrollReset: true })}
              />
            ) : null}
            {people.length === 0 ? (
              <p>{filterName ? t.noneForBoat(filterName) : t.none}</p>
            ) : (
              <ul className={css.list}>
                {people.map((authorisation) => (
                  <PersonItem key={authorisation.id} authorisation={authorisation} onNotice={said} />
                ))}
              </ul>
            )}
          </>
        ) : null}
      </div>
    </Page>
  );
}
