import type { ReactNode } from 'react';
import { Icon, type IconName } from '../../components/icons.tsx';
import { StatusPill, type Tone } from '../../components/status-pill.tsx';
import {
  AUTHORISATION_STATE_LABELS,
  type Authorisation,
  type AuthorisationState,
} from '../../domain/authorisations.ts';
import * as css from './authorisations.css.ts';
import { authorisationTexts as t } from './texts.ts';

export const fullName = (person: Pick<Authorisation, 'firstName' | 'surnames'>) =>
  `${person.firstName} ${person.surnames}`;

export const periodText = (person: Pick<Authorisation, 'validFrom' | 'validTo'>) =>
  t.periodText(person.validFrom, person.validTo);

/**
 * Each state's colour and icon (docs/design/README.md): an invitation waiting for its code is pending, never
 * danger; a suspension is the owner's own pause, and an expired or ended one is over: neither is an error.
 */
const STATE_PILLS: Readonly<Record<AuthorisationState, { tone: Tone; icon?: IconName }>> = {
  pending: { tone: 'warning' },
  active: { tone: 'success' },
  suspended: { tone: 'neutral', icon: 'paused' },
  expired: { tone: 'neutral', icon: 'time' },
  ended: { tone: 'neutral', icon: 'refused' },
};

export function AuthorisationPill({ state }: { state: AuthorisationState }) {
  const { tone, icon } = STATE_PILLS[state];
  return (
    <StatusPill tone={tone} icon={icon}>
      {AUTHORISATION_STATE_LABELS[state]}
    </StatusPill>
  );
}

/** «MV» for Marta Vidal Roig: the first letter of the name and of the surnames. */
const initials = (person: Pick<Authorisation, 'firstName' | 'surnames'>) =>
  [person.firstName, person.surnames]
    .map((part) => Array.from(part.trim())[0] ?? '')
    .join('')
    .toLocaleUpperCase('es');

/**
 * A person's card heading: their initials, their name (the card's title) and, under it, the state in a pill, so a
 * long name keeps the card's width.
 */
export function PersonHeading({ person, id }: { person: Authorisation; id: string }) {
  return (
    <div className={css.personHead}>
      <span className={css.avatar} aria-hidden="true">
        {initials(person)}
      </span>
      <div className={css.personTitle}>
        <h2 id={id} className={css.name}>
          {fullName(person)}
        </h2>
        <AuthorisationPill state={person.state} />
      </div>
    </div>
  );
}

/**
 * Whose account holds it (decision 038): its holder's name once attached; before, how it will be; after that
 * account's deletion, that it is over. Nothing while pending.
 */
function accountText(authorisation: Pick<Authorisation, 'state' | 'account'>): string | null {
  if (authorisation.account) return t.account(fullName(authorisation.account));
  if (authorisation.state === 'ended') return t.accountDeleted;
  return authorisation.state === 'pending' ? null : t.accountNone;
}

function Line({ icon, children }: { icon: IconName; children: ReactNode }) {
  return (
    <li className={css.line}>
      <Icon name={icon} className={css.lineIcon} />
      <span>{children}</span>
    </li>
  );
}

/**
 * What an owner checks about a person, a line each: the boats and the period; the licence, in short; the
 * account that holds it; a suspension's reason. `brief` leaves out the licence and the account (a screen
 * about one step: the code, the period).
 */
export function PersonLines({ person, brief = false }: { person: Authorisation; brief?: boolean }) {
  const account = brief ? null : accountText(person);
  return (
    <ul className={css.lines}>
      <Line icon="boat">
        {t.boatsAndPeriod(
          person.boats.map((boat) => boat.name),
          periodText(person),
        )}
      </Line>
      {brief ? null : <Line icon="card">{t.licenceLine(person.licence.type, person.licence.expiresOn)}</Line>}
      {account === null ? null : <Line icon="account">{account}</Line>}
      {person.state === 'suspended' && person.suspensionReason ? (
        <Line icon="info">{t.suspendedBecause(person.suspensionReason)}</Line>
      ) : null}
    </ul>
  );
}

/** The person a form is about, at its top: the same card as on the list, without its actions. */
export function PersonSummary({ person, brief }: { person: Authorisation; brief?: boolean }) {
  const heading = `persona-${person.id}`;
  return (
    <section className={css.personCard} aria-labelledby={heading}>
      <PersonHeading person={person} id={heading} />
      <PersonLines person={person} brief={brief} />
    </section>
  );
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
