import type { ReactNode } from 'react';
import { Icon, type IconName } from './icons.tsx';
import { Link } from './link.tsx';
import * as css from './list-row.css.ts';

/** Rows on one card, for a menu or a list of things (boats, people, notifications). */
export function ListRows({ label, children }: { label?: string; children: ReactNode }) {
  return (
    <ul className={css.rows} aria-label={label}>
      {children}
    </ul>
  );
}

/**
 * One row: an icon on a tinted tile, a title, a secondary line, and what trails it (a pill, a count); with `to`
 * the whole row is one link with a chevron, a 60 px target.
 */
export function ListRow({
  icon,
  title,
  secondary,
  trailing,
  to,
}: {
  icon: IconName;
  title: ReactNode;
  secondary?: ReactNode;
  trailing?: ReactNode;
  to?: string;
}) {
  const content = (
    <>
      <span className={css.tile}>
        <Icon name={icon} className={css.tileIcon} />
      </span>
      <span className={css.body}>
        <span className={css.title}>{title}</span>
        {secondary ? <span className={css.secondary}>{secondary}</span> : null}
      </span>
      {trailing || to ? (
        <span className={css.trailing}>
          {trailing}
          {to ? <Icon name="chevron" className={css.chevron} /> : null}
        </span>
      ) : null}
    </>
  );
  return (
    <li className={css.item}>
      {to ? (
        <Link to={to} className={css.row}>
          {content}
        </Link>
      ) : (
        <div className={css.row}>{content}</div>
      )}
    </li>
  );
}
