import { useState } from 'react';
import { Link } from '../../components/link.tsx';
import { messageFor } from '../../api/error-catalogue.ts';
import { Button } from '../../components/button.tsx';
import { Page } from '../../components/page.tsx';
import * as ui from '../../components/ui.css.ts';
import { byOrder, type MoreEntry } from '../../lib/contributions.ts';
import { useServices } from '../../lib/services.tsx';
import { useSignedIn } from '../../lib/signed-in.ts';
import { formatVersion } from '../../lib/version.ts';
import * as css from './account.css.ts';
import { accountTexts as t } from './texts.ts';
import { useSignOut } from './use-sign-out.ts';

/** The menu to every other screen. Each feature adds its entry in `app/more-menu.ts`. */
export default function MasScreen({ entries }: { entries: readonly MoreEntry[] }) {
  const { config } = useServices();
  const session = useSignedIn();
  const signOut = useSignOut();
  const [error, setError] = useState<string>();
  return (
    <Page title={t.moreTitle}>
      <div className={ui.stack}>
        <nav aria-label="Más opciones">
          <ul className={css.menu}>
            {byOrder(entries).map((entry) => {
              const badge = entry.badge?.(session) ?? 0;
              return (
                <li key={entry.to} className={css.menuItem}>
                  <Link className={css.menuLink} to={entry.to}>
                    {entry.label}
                    {badge > 0 ? (
                      <span className={css.badge}>
                        {badge}
                        <span className={ui.visuallyHidden}> sin leer</span>
                      </span>
                    ) : null}
                  </Link>
                </li>
              );
            })}
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
