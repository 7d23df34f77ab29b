import { ButtonLink } from '../../components/button.tsx';
import * as ui from '../../components/ui.css.ts';
import { paths } from '../../lib/paths.ts';
import { useSignedIn } from '../../lib/signed-in.ts';
import { notificationTexts as t } from './texts.ts';

/** `inicio`'s card for what is new: the unread count and the way to the list. */
export default function NotificationsCard() {
  const { unreadNotifications } = useSignedIn();
  return (
    <section className={ui.card} aria-labelledby="inicio-avisos">
      <h2 id="inicio-avisos">{t.title}</h2>
      <p>{t.unread(unreadNotifications)}</p>
      <ButtonLink to={paths.notificaciones} variant="secondary" fullWidth>
        {t.seeAll}
      </ButtonLink>
    </section>
  );
}
