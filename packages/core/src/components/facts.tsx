import { Fragment, type ReactNode } from 'react';
import * as css from './facts.css.ts';

/** A fact about a record, as its name and its value ("Matrícula", "7ª-BA-1-23-21"). */
export type Fact = readonly [term: string, value: ReactNode];

/**
 * The facts of a boat, a launch, a person, a card or an outing, as a list of terms and values in two columns;
 * `stacked`, each term above its value, for values that are long single words (an e-mail address) where a
 * column would break them.
 */
export function Facts({ rows, stacked = false }: { rows: readonly Fact[]; stacked?: boolean }) {
  return (
    <dl className={stacked ? css.stacked : css.facts}>
      {rows.map(([term, value]) => (
        <Fragment key={term}>
          <dt className={css.term}>{term}</dt>
          <dd className={css.detail}>{value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}
