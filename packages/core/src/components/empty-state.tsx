import type { ReactNode } from 'react';
import * as css from './empty-state.css.ts';
import { MarinaScene, type Scene } from './illustration.tsx';

/**
 * Nothing to list yet, said as a next step: a scene of the marina, what is missing, and the one action that
 * fills it (docs/design/README.md). `scene` draws what the screen is about (the marina's by default).
 */
export function EmptyState({
  title,
  children,
  action,
  headingLevel = 2,
  scene,
}: {
  title: string;
  children?: ReactNode;
  action?: ReactNode;
  headingLevel?: 2 | 3;
  scene?: Scene;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className={css.empty}>
      <MarinaScene className={css.scene} scene={scene} />
      <Heading className={css.title}>{title}</Heading>
      {children ? <p className={css.text}>{children}</p> : null}
      {action ? <div className={css.action}>{action}</div> : null}
    </div>
  );
}
