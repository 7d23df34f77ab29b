import { AUTHORISATION_STATE_LABELS, LICENCE_TYPE_LABELS, type Authorisation } from '../../domain/authorisations.ts';
import * as css from './authorisations.css.ts';
import { authorisationTexts as t } from './texts.ts';
import { type Fact, Facts } from '../../components/facts.tsx';

export const fullName = (person: Pick<Authorisation, 'firstName' | 'surnames'>) =>
  `${person.firstName} ${person.surnames}`;

export const periodText = (person: Pick<Authorisation, 'validFrom' | 'validTo'>) =>
  t.periodText(person.validFrom, person.validTo);

/** The state in words, with its colour; a suspension's reason under it. */
export function AuthorisationState({ authorisation }: { authorisation: Authorisation }) {
  return (
    <>
      <span className={css.state[authorisation.state]}>{AUTHORISATION_STATE_LABELS[authorisation.state]}</span>
      {authorisation.state === 'suspended' && authorisation.suspensionReason ? (
        <>
          <br />
          {t.suspendedBecause(authorisation.suspensionReason)}
        </>
      ) : null}
    </>
  );
}

/**
 * Whose account holds it (decision 038): its holder's name once attached; before, how it will be; after that
 * account's deletion, that it is over. Nothing while pending.
 */
function accountText(authorisation: Pick<Authorisation, 'state' | 'account'>): string | null {
  if (authorisation.account) return fullName(authorisation.account);
  if (authorisation.state === 'ended') return t.accountDeleted;
  return authorisation.state === 'pending' ? null : t.accountNone;
}

/** What an owner checks about a person: the state, the account that holds it, the licence, the boats and the period. */
export function AuthorisationFacts({ authorisation }: { authorisation: Authorisation }) {
  const { licence } = authorisation;
  const account = accountText(authorisation);
  const rows: Fact[] = [
    [t.state, <AuthorisationState authorisation={authorisation} />],
    ...(account === null ? [] : ([[t.account, account]] as Fact[])),
    [t.licence, t.licenceSummary(LICENCE_TYPE_LABELS[licence.type], licence.number, licence.expiresOn)],
    [t.boats, authorisation.boats.map((boat) => boat.name).join(', ')],
    [t.period, periodText(authorisation)],
  ];
  return <Facts rows={rows} />;
}

/**
 * What the owner may do with a person in each state (docs/product.md §4.8): type the code of a pending one or
 * withdraw its invitation, suspend an active one, reactivate a suspended one, and change anyone's period (an
 * expired one comes back with a later end) but an ended one's: it is over for good (decision 038).
 */
export function actionsOf(authorisation: Pick<Authorisation, 'state'>) {
  const { state } = authorisation;
  return {
    validate: state === 'pending',
    withdraw: state === 'pending',
    suspend: state === 'active',
    reactivate: state === 'suspended',
    reschedule: state !== 'ended',
  };
}
