import { ButtonLink } from '../../components/button.tsx';
import * as ui from '../../components/ui.css.ts';
import { paths } from '../../lib/paths.ts';
import { useSignedIn } from '../../lib/signed-in.ts';
import { dataValidationTexts as t } from './texts.ts';

/** `inicio`'s first card while the data are due: nothing else works until they are confirmed (docs/product.md §4.4). */
export default function DataValidationCard() {
  const { account } = useSignedIn();
  if (!account.dataValidationDue) return null;
  return (
    <section className={ui.card} aria-labelledby="inicio-pendiente">
      <h2 id="inicio-pendiente">{t.dueTitle}</h2>
      <p>{t.dueLead}</p>
      <ButtonLink to={paths.validarDatos} fullWidth>
        {t.review}
      </ButtonLink>
    </section>
  );
}
