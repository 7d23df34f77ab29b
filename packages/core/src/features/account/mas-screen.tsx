import { useState } from 'react';
import { ListRow, ListRows } from '../../components/list-row.tsx';
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
          <ListRows>
            {byOrder(entries).map((entry) => {
              const badge = entry.badge?.(session) ?? 0;
              return (
                <ListRow
                  key={entry.to}
                  to={entry.to}
                  icon={entry.icon}
                  title={entry.label}
                  secondary={entry.description}
                  trailing={
                    badge > 0 ? (
                      <span className={css.badge}>
                        {badge}
                        <span className={ui.visuallyHidden}> sin leer</span>
                      </span>
                    ) : undefined
                  }
                />
              );
            })}
          </ListRows>
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
        <p className={css.version}>{formatVersion(config.version)}</p>
      </div>
    </Page>
  );
}
