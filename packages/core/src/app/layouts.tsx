import type { MouseEvent } from 'react';
import { Outlet, useLocation, useMatches, useNavigate } from 'react-router';
import { Link } from '../components/link.tsx';
import * as layout from '../components/layout.css.ts';
import { useConfig } from '../lib/services.tsx';
import { useSession } from '../lib/use-session.ts';
import { formatVersion } from '../lib/version.ts';
import type { ScreenHandle } from './screen-handle.ts';
import { UpdatePrompt } from './update-prompt.tsx';

/**
 * "Volver" in the header of every screen that is not a tab: to the previous screen when the app has
 * one in its history (as the phone's back button would), else to the screen above (a link opened
 * from a message has no previous screen).
 */
function BackLink() {
  const matches = useMatches();
  const { key } = useLocation();
  const navigate = useNavigate();
  const signedIn = useSession() !== null;
  const up = matches.map((match) => (match.handle as ScreenHandle | undefined)?.up).findLast(Boolean);
  if (!up) return null;
  const onClick = (event: MouseEvent) => {
    // `default` is the key of the first screen of this visit: nothing of the app to go back to.
    if (key === 'default') return;
    event.preventDefault();
    void navigate(-1);
  };
  return (
    <Link className={layout.backLink} to={up(signedIn)} onClick={onClick}>
      <BackIcon />
      Volver
    </Link>
  );
}

/**
 * Lucide's `chevron-left`, drawn here rather than through `components/icons.tsx`: the header is in the sign-in
 * screen's first load, which stays without the icon library's runtime (110 KB budget, decision 017).
 */
function BackIcon() {
  return (
    <svg
      className={layout.backIcon}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="m15 18-6-6 6-6" />
    </svg>
  );
}

/** The marina's header. The last-resort error screen leaves out "Volver": its way on is to try again. */
export function BrandHeader({ back = true }: { back?: boolean }) {
  const { clientLogo, clientTitulo } = useConfig();
  return (
    <header className={layout.header}>
      {back ? <BackLink /> : null}
      <img className={layout.headerLogo} src={clientLogo} alt="" width={36} height={36} />
      <p className={layout.headerTitle}>{clientTitulo}</p>
    </header>
  );
}

export function PlatformFooter() {
  const { MboLogo, version } = useConfig();
  return (
    <footer className={layout.footer}>
      <img className={layout.platformLogo} src={MboLogo} alt="Plataforma MBO" width={60} height={20} /> ·{' '}
      {formatVersion(version)}
    </footer>
  );
}

/** Everything every screen shares: the skip link and the new-version prompt. */
export function RootLayout() {
  return (
    <>
      <a className={layout.skipLink} href="#contenido">
        Saltar al contenido
      </a>
      <UpdatePrompt />
      <Outlet />
    </>
  );
}

export function PublicLayout() {
  return (
    <div className={layout.shell}>
      <BrandHeader />
      <main id="contenido" className={layout.main}>
        <Outlet />
      </main>
      <PlatformFooter />
    </div>
  );
}
