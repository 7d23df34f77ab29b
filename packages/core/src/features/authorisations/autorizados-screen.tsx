import { useQuery } from '@tanstack/react-query';
import { useId, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { ButtonLink } from '../../components/button.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { Page } from '../../components/page.tsx';
import { LoadStatus } from '../../components/query-status.tsx';
import { StaleNotice } from '../../components/stale-notice.tsx';
import * as ui from '../../components/ui.css.ts';
import { Notice, useSentNotice } from '../../components/notice.tsx';
import type { Authorisation } from '../../domain/authorisations.ts';
import { href, paths } from '../../lib/paths.ts';
import { useServices } from '../../lib/services.tsx';
import { authorisationsQuery, ownBoatsQuery } from './api/authorisations.ts';
import { actionsOf, fullName, PersonHeading, PersonLines } from './authorisation-summary.tsx';
import * as css from './authorisations.css.ts';
import { authorisationTexts as t } from './texts.ts';
import { WithdrawInvitation } from './withdraw-invitation.tsx';

/**
 * What the owner may do with a person now, as the server says: the next step, when there is one (an invitation
 * waiting for its code), leads, full width; the rest share a row, quieter. Each leads to its screen, but for
 * withdrawing a pending invitation, asked and done in place.
 */
function Actions({ authorisation, onNotice }: { authorisation: Authorisation; onNotice: (notice: string) => void }) {
  const actions = actionsOf(authorisation);
  const named = (
    <>
      {' '}
      <span className={ui.visuallyHidden}>{fullName(authorisation)}</span>
    </>
  );
  const others = actions.reschedule || actions.reactivate || actions.suspend || actions.withdraw;
  if (!actions.validate && !others) return null;
  return (
    <div className={css.actions}>
      {actions.validate ? (
        <ButtonLink to={href.validarAutorizado(authorisation.id)} fullWidth>
          {t.validate}
          {named}
        </ButtonLink>
      ) : null}
      {others ? (
        <div className={css.actionRow}>
          {actions.reactivate ? (
            <ButtonLink to={href.suspenderAutorizado(authorisation.id)} variant="secondary" className={css.rowAction}>
              {t.reactivate}
              {named}
            </ButtonLink>
          ) : null}
          {actions.reschedule ? (
            <ButtonLink to={href.reprogramarAutorizado(authorisation.id)} variant="secondary" className={css.rowAction}>
              {t.reschedule}
              {named}
            </ButtonLink>
          ) : null}
          {actions.suspend ? (
            <ButtonLink to={href.suspenderAutorizado(authorisation.id)} variant="secondary" className={css.rowAction}>
              {t.suspend}
              {named}
            </ButtonLink>
          ) : null}
          {actions.withdraw ? (
            <WithdrawInvitation person={authorisation} heading="h3" label={named} compact onDone={onNotice} />
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

function PersonItem({ authorisation, onNotice }: { authorisation: Authorisation; onNotice: (notice: string) => void }) {
  const heading = `autorizado-${authorisation.id}`;
  return (
    <li>
      <article className={css.personCard} aria-labelledby={heading}>
        <PersonHeading person={authorisation} id={heading} />
        <PersonLines person={authorisation} />
        <Actions authorisation={authorisation} onNotice={onNotice} />
      </article>
    </li>
  );
}

/**
 * The boat filter: a chip per boat, a plain choice in the address (`?barco=`), so a boat's screen can link
 * to its own list.
 */
function BoatFilter({
  boats,
  value,
  onChange,
}: {
  boats: ReadonlyArray<{ id: string; name: string }>;
  value: string;
  onChange: (id: string) => void;
}) {
  const name = useId();
  return (
    <fieldset className={css.chips}>
      <legend className={ui.visuallyHidden}>{t.filter}</legend>
      {[{ id: '', name: t.allBoats }, ...boats].map((boat) => (
        <label key={boat.id} className={css.chip}>
          <input
            type="radio"
            name={name}
            className={css.chipInput}
            value={boat.id}
            checked={value === boat.id}
            onChange={() => onChange(boat.id)}
          />
          {boat.name}
        </label>
      ))}
    </fieldset>
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
  // A change made here (an invitation withdrawn): said where the list starts, which takes focus, since the
  // person's entry, and the button pressed, are gone.
  const [notice, setNotice] = useSentNotice();
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
          <Notice text={notice} />
        </div>
        <LoadStatus loads={[query, boats]} ready={Boolean(query.data && boats.data)} label={t.loading} />
        <StaleNotice query={query} />
        {query.data && boats.data ? (
          query.data.authorisations.length === 0 ? (
            <EmptyState
              title={t.noneTitle}
              scene="share"
              action={
                ownBoats.length === 0 ? undefined : (
                  <ButtonLink to={paths.altaAutorizado} fullWidth>
                    {t.add}
                  </ButtonLink>
                )
              }
            >
              {ownBoats.length === 0 ? t.noOwnBoats : t.none}
            </EmptyState>
          ) : (
            <>
              <p className={css.intro}>{t.intro}</p>
              {ownBoats.length > 1 ? (
                <BoatFilter
                  boats={ownBoats}
                  value={filter}
                  onChange={(id) => setSearch(id ? { barco: id } : {}, { replace: true, preventScrollReset: true })}
                />
              ) : null}
              {people.length === 0 ? (
                <p>{t.noneForBoat(filterName ?? '')}</p>
              ) : (
                <ul className={css.list}>
                  {people.map((authorisation) => (
                    <PersonItem key={authorisation.id} authorisation={authorisation} onNotice={said} />
                  ))}
                </ul>
              )}
              {ownBoats.length === 0 ? (
                <p className={css.intro}>{t.noOwnBoats}</p>
              ) : (
                <ButtonLink to={paths.altaAutorizado} variant="secondary" fullWidth>
                  {t.add}
                </ButtonLink>
              )}
            </>
          )
        ) : null}
      </div>
    </Page>
  );
}
