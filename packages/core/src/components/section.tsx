import type { ReactNode } from 'react';
import { Icon, type IconName } from './icons.tsx';
import * as css from './section.css.ts';
import * as ui from './ui.css.ts';

/**
 * One part of a screen on a card of its own, named by its title (`id`, unique on the screen), so a screen
 * reader lists it as a region under that name. `className` adds to the card's look (the danger zone).
 *
 * With `group`, it folds: its title is the button that opens it, and the sections of one group open one at a
 * time (the `name` of `<details>`), so a screen of several forms shows one form, not all of them at once.
 * `open` is how it starts.
 */
export function Section({
  id,
  title,
  className,
  group,
  open = false,
  icon,
  children,
}: {
  id: string;
  title: ReactNode;
  className?: string;
  group?: string;
  open?: boolean;
  icon?: IconName;
  children: ReactNode;
}) {
  const cardClass = className ? `${ui.card} ${className}` : ui.card;
  if (!group) {
    return (
      <section className={cardClass} aria-labelledby={id}>
        <h2 id={id} className={css.title}>
          {title}
        </h2>
        {children}
      </section>
    );
  }
  return (
    <section className={`${cardClass} ${css.folding}`} aria-labelledby={id}>
      <details name={group} open={open}>
        <summary className={css.summary}>
          {icon ? (
            <span className={css.tile}>
              <Icon name={icon} className={css.tileIcon} />
            </span>
          ) : null}
          <h2 id={id} className={css.summaryTitle}>
            {title}
          </h2>
          <Icon name="chevron" className={css.chevron} />
        </summary>
        <div className={css.content}>{children}</div>
      </details>
    </section>
  );
}
