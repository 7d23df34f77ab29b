import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useInPlace } from '../../components/actions.tsx';
import { Button } from '../../components/button.tsx';
import { ApiForm } from '../../components/form/api-form.tsx';
import { PasswordField } from '../../components/form/fields.tsx';
import { CheckboxField } from '../../components/form/checkbox-field.tsx';
import { Section } from '../../components/section.tsx';
import * as ui from '../../components/ui.css.ts';
import { clearPersonalData } from '../../lib/personal-data.ts';
import { browserPush } from '../../lib/push/browser-push.ts';
import { forgetThisDevice } from '../../lib/push/device-push.ts';
import { paths } from '../../lib/paths.ts';
import { useServices } from '../../lib/services.tsx';
import * as css from './account.css.ts';
import { deleteAccount, deleteAccountSchema, type DeleteAccountInput } from './api/profile.ts';
import { accountTexts as t } from './texts.ts';

/** What the person confirms, named before they type their password; the confirmation takes focus. */
function Confirmation({ onCancel }: { onCancel: () => void }) {
  const services = useServices();
  const navigate = useNavigate();
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => title.current?.focus(), []);
  return (
    <div className={ui.stack}>
      <h3 ref={title} tabIndex={-1} className={css.confirmTitle}>
        {t.deleteConfirmTitle}
      </h3>
      <div>
        <p className={css.confirmLead}>{t.deleteLoses}</p>
        <ul className={css.lostList}>
          {t.deleteLost.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </div>
      <p>{t.deleteKept}</p>
      <ApiForm<DeleteAccountInput>
        initialValues={{ password: '', confirm: false }}
        validationSchema={deleteAccountSchema}
        submitLabel={t.deleteSubmit}
        submitVariant="danger"
        codeFields={{ current_password_incorrect: 'password' }}
        onSubmit={async (values) => {
          await deleteAccount(services.api, values);
          // The server dropped the account's push subscriptions; this browser's goes too (decision 063).
          await forgetThisDevice(null, browserPush(services.config.production));
          await clearPersonalData(services);
          await navigate(paths.home, { replace: true, state: { notice: t.deleted } });
        }}
        footer={
          <Button variant="secondary" fullWidth onClick={onCancel}>
            {t.deleteCancel}
          </Button>
        }
      >
        <PasswordField name="password" label={t.deletePassword} autoComplete="current-password" />
        <CheckboxField name="confirm">{t.deleteConfirm}</CheckboxField>
      </ApiForm>
    </div>
  );
}

/** Deleting the account looks like what it is, and asks once more, naming what is lost. */
export function DeleteAccountSection() {
  // «Cancelar» goes back where the person was, not to the top of the page.
  const start = useRef<HTMLButtonElement>(null);
  const confirming = useInPlace(start);
  return (
    <Section id="cuenta-borrar" title={t.deleteTitle} className={css.danger} group="micuenta" icon="danger">
      {confirming.open ? (
        <Confirmation onCancel={confirming.back} />
      ) : (
        <div className={ui.stack}>
          <p className={css.flush}>{t.deleteLead}</p>
          <Button ref={start} variant="danger" fullWidth onClick={confirming.show}>
            {t.deleteStart}
          </Button>
        </div>
      )}
    </Section>
  );
}
