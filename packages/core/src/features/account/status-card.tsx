import * as ui from '../../components/ui.css.ts';
import { useSignedIn } from '../../lib/signed-in.ts';
import { accountTexts as t } from './texts.ts';

/**
 * `inicio`: the account is in order. While its data are due, the data validation's card (first of all)
 * says what is pending instead; what blocks a boat, the boats' card.
 */
export default function AccountStatusCard() {
  const { account } = useSignedIn();
  if (account.dataValidationDue) return null;
  return (
    <section className={ui.card} aria-label="Estado de la cuenta">
      <p>
        {t.accountActive} {t.dataUpToDate}
      </p>
    </section>
  );
}
