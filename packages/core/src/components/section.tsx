import type { ReactNode } from 'react';
import * as css from './section.css.ts';
import * as ui from './ui.css.ts';

/**
 * One part of a screen on a card of its own, named by its title (`id`, unique on the screen), so a screen
 * reader lists it as a region under that name. `className` adds to the card's look (the danger zone).
 */
export function Section({
  id,
  title,
  className,
  children,
}: {
  id: string;
  title: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section className={className ? `${ui.card} ${className}` : ui.card} aria-labelledby={id}>
      <h2 id={id} className={css.title}>
        {title}
      </h2>
      {children}
    </section>
  );
}
