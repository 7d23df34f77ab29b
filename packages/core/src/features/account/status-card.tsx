import { ButtonLink } from '../../components/button.tsx';
import * as ui from '../../components/ui.css.ts';
import { paths } from '../../lib/paths.ts';
import { useSignedIn } from '../../lib/signed-in.ts';
import { accountTexts as t } from './texts.ts';

/** `inicio`'s first card: what the account still needs, or that nothing is due. */
export default function AccountStatusCard() {
  const { account } = useSignedIn();
  return account.dataValidationDue ? (
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
  );
}
