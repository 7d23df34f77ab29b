import { useState } from 'react';
import { Link } from 'react-router';
import { messageFor } from '../../api/error-catalogue.ts';
import { Button } from '../../components/button.tsx';
import { Page } from '../../components/page.tsx';
import * as ui from '../../components/ui.css.ts';
import { paths } from '../../lib/paths.ts';
import { useServices } from '../../lib/services.tsx';
import { useSignedIn } from '../../lib/use-session.ts';
import { formatVersion } from '../../lib/version.ts';
import * as css from './account.css.ts';
import { accountTexts as t } from './texts.ts';
import { useSignOut } from './use-sign-out.ts';

/** The menu to every other screen. Features add their entries to `entries` as they land. */
export default function MasScreen() {
  const { config } = useServices();
  const { unreadNotifications } = useSignedIn();
  const signOut = useSignOut();
  const [error, setError] = useState<string>();
  const entries = [
    { to: paths.micuenta, label: t.myAccount },
    { to: paths.notificaciones, label: t.notifications, badge: unreadNotifications },
    { to: paths.ayuda, label: t.help },
  ];
  return (
    <Page title={t.moreTitle}>
      <div className={ui.stack}>
        <nav aria-label="Más opciones">
          <ul className={css.menu}>
            {entries.map((entry) => (
              <li key={entry.to} className={css.menuItem}>
                <Link className={css.menuLink} to={entry.to}>
                  {entry.label}
                  {entry.badge ? (
                    <span className={css.badge}>
                      {entry.badge}
                      <span className={ui.visuallyHidden}> sin leer</span>
                    </span>
                  ) : null}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {error ? (
          <p className={ui.alert} role="alert">
            {error}
          </p>
        ) : null}
        <Button
          variant="secondary"
          fullWidth
          onClick={() => signOut().catch((caught: unknown) => setError(messageFor(caught)))}
        >
          {t.signOut}
        </Button>
        <p className={ui.muted}>{formatVersion(config.version)}</p>
      </div>
    </Page>
  );
}
