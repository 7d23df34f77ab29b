import { Link } from '../../components/link.tsx';
import { paths } from '../../lib/paths.ts';
import { useConfig } from '../../lib/services.tsx';
import { useLeaveWhenSignedIn } from '../../lib/use-session.ts';
import { ButtonLink } from '../../components/button.tsx';
import { MarinaScene } from '../../components/illustration.tsx';
import { useSentNotice } from '../../components/notice.tsx';
import { Page } from '../../components/page.tsx';
import { welcomeTexts as t } from './texts.ts';
import * as css from './welcome.css.ts';

export default function HomeScreen() {
  const { clientTitulo, clientLogo } = useConfig();
  const [notice] = useSentNotice();
  useLeaveWhenSignedIn(paths.inicio);
  return (
    <Page title={t.homeTitle(clientTitulo)}>
      {notice ? <p role="status">{notice}</p> : null}
      <div className={css.hero}>
        <img className={css.heroLogo} src={clientLogo} alt={clientTitulo} width={160} height={160} />
        <MarinaScene className={css.scene} />
        <p className={css.lead}>{t.homeLead}</p>
        <div className={css.actions}>
          <ButtonLink to={paths.login} fullWidth>
            {t.signIn}
          </ButtonLink>
          <ButtonLink to={paths.registro} variant="secondary" fullWidth>
            {t.register}
          </ButtonLink>
        </div>
        <Link className={css.helpLink} to={paths.ayuda}>
          {t.help}
        </Link>
      </div>
    </Page>
  );
}
