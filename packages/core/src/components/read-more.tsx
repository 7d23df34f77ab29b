import { Icon } from './icons.tsx';
import * as css from './read-more.css.ts';

/**
 * A text a form asks the person to accept (the privacy policy, the conditions of service), one tap away and
 * read where they accept it: a disclosure, so opening it never leaves the form nor loses what was typed.
 */
export function ReadMore({
  summary,
  paragraphs,
  list = false,
}: {
  summary: string;
  paragraphs: readonly string[];
  /** Each paragraph a point of a list (a contract's conditions), rather than running text. */
  list?: boolean;
}) {
  return (
    <details className={css.readMore}>
      <summary className={css.summary}>
        <Icon name="chevron" className={css.chevron} />
        {summary}
      </summary>
      {list ? (
        <ul className={`${css.text} ${css.list}`}>
          {paragraphs.map((point) => (
            <li key={point}>{point}</li>
          ))}
        </ul>
      ) : (
        <div className={css.text}>
          {paragraphs.map((paragraph) => (
            <p key={paragraph} className={css.paragraph}>
              {paragraph}
            </p>
          ))}
        </div>
      )}
    </details>
  );
}
