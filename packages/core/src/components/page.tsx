import { useEffect, useRef, type ReactNode } from 'react';
import { useConfig } from '../lib/services.tsx';
import * as layout from './layout.css.ts';

/**
 * A screen's title and content. The title takes focus when the screen opens, so a screen reader
 * announces the new screen the way a page load would.
 */
export function Page({ title, children }: { title: string; children: ReactNode }) {
  const { clientTitulo } = useConfig();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${title} · ${clientTitulo}`;
    heading.current?.focus({ preventScroll: true });
  }, [title, clientTitulo]);
  return (
    <>
      <h1 ref={heading} tabIndex={-1} className={layout.pageTitle}>
        {title}
      </h1>
      {children}
    </>
  );
}
