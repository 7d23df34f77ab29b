import { Fragment } from 'react';
import * as css from './facts.css.ts';

/** A fact about a record, as its name and its value ("Matrícula", "7ª-BA-1-23-21"). */
export type Fact = readonly [term: string, value: string];

/** The facts of a boat, a launch or a person, as a list of terms and values in two columns. */
export function Facts({ rows }: { rows: readonly Fact[] }) {
  return (
    <dl className={css.facts}>
      {rows.map(([term, value]) => (
        <Fragment key={term}>
          <dt className={css.term}>{term}</dt>
          <dd className={css.detail}>{value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}
