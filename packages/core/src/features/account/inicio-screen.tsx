import { ButtonLink } from '../../components/button.tsx';
import { Page } from '../../components/page.tsx';
import * as ui from '../../components/ui.css.ts';
import { paths } from '../../lib/paths.ts';
import { useSignedIn } from '../../lib/use-session.ts';
import { accountTexts as t } from './texts.ts';

/** The dashboard: who, what is due, what is new. Each feature adds its card here. */
export default function InicioScreen() {
  const { account, unreadNotifications } = useSignedIn();
  return (
    <Page title={t.greeting(account.firstName)}>
      <div className={ui.stack}>
        {account.dataValidationDue ? (
          <section className={ui.card} aria-labelledby="inicio-pendiente">
            <h2 id="inicio-pendiente">{t.dueTitle}</h2>
            <p>{t.dataDue}</p>
            <ButtonLink to={paths.validarDatos} fullWidth>
              {t.reviewData}
            </ButtonLink>
          </section>
        ) : (
          <section className={ui.card} aria-label="Estado de la cuenta">
            <p>
              {t.accountActive} {t.nothingDue}
            </p>
          </section>
        )}
        <section className={ui.card} aria-labelledby="inicio-avisos">
          <h2 id="inicio-avisos">{t.notifications}</h2>
          <p>{t.unread(unreadNotifications)}</p>
          <ButtonLink to={paths.notificaciones} variant="secondary" fullWidth>
            {t.seeNotifications}
          </ButtonLink>
        </section>
      </div>
    </Page>
  );
}
