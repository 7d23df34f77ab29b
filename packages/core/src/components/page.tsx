import { useEffect, useRef, type ReactNode } from 'react';
import { useConfig } from '../lib/services.tsx';
import * as layout from './layout.css.ts';
import * as ui from './ui.css.ts';

/**
 * A screen's title and content. The title takes focus when the screen opens, so a screen reader
 * announces the new screen the way a page load would; unless the person is already in the screen, which
 * happens only on a screen drawn before the app ran (the sign-in form, typed into before the app took it
 * over): focus stays where they put it. `titleHidden`: a screen whose first lines already say what it is
 * (the card, a pass with the marina's logo) keeps the title for screen readers only.
 */
export function Page({
  title,
  titleHidden = false,
  children,
}: {
  title: string;
  titleHidden?: boolean;
  children: ReactNode;
}) {
  const { clientTitulo } = useConfig();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${title} · ${clientTitulo}`;
    const focused = document.activeElement;
    const screen = heading.current?.parentElement;
    if (focused && focused !== document.body && focused !== heading.current && screen?.contains(focused)) return;
    heading.current?.focus({ preventScroll: true });
  }, [title, clientTitulo]);
  return (
    <>
      <h1 ref={heading} tabIndex={-1} className={titleHidden ? ui.visuallyHidden : layout.pageTitle}>
        {title}
      </h1>
      {children}
    </>
  );
}
