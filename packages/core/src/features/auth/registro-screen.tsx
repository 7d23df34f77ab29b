import { useRef } from 'react';
import { useNavigate } from 'react-router';
import { Link } from '../../components/link.tsx';
import { ApiForm } from '../../components/form/api-form.tsx';
import { TextField } from '../../components/form/fields.tsx';
import { CheckboxField } from '../../components/form/checkbox-field.tsx';
import { Page } from '../../components/page.tsx';
import { createKeyKeeper } from '../../lib/idempotency.ts';
import { paths } from '../../lib/paths.ts';
import { useServices } from '../../lib/services.tsx';
import { useLeaveWhenSignedIn } from '../../lib/use-session.ts';
import { register, registrationSchema, type RegistrationInput } from './api/register.ts';
import * as css from './auth.css.ts';
import { rememberCodeSent } from './code-sent.ts';
import { authTexts as t } from './texts.ts';

const empty: RegistrationInput = {
  firstName: '',
  surnames: '',
  document: '',
  email: '',
  phone: '',
  acceptPrivacy: false,
};

export default function RegistroScreen() {
  const { api } = useServices();
  const navigate = useNavigate();
  const keys = useRef(createKeyKeeper()).current;
  useLeaveWhenSignedIn(paths.inicio);

  return (
    <Page title={t.registerTitle}>
      <ApiForm<RegistrationInput>
        initialValues={empty}
        validationSchema={registrationSchema}
        submitLabel={t.createAccount}
        onSubmit={async (values) => {
          const started = await register(api, values, keys.keyFor(values));
          keys.done();
          rememberCodeSent(started.registrationId, started);
          await navigate(`${paths.validarRegistro}?id=${encodeURIComponent(started.registrationId)}`);
        }}
        footer={
          <div className={css.links}>
            <Link className={css.link} to={paths.login}>
              {t.haveAccount}
            </Link>
          </div>
        }
      >
        <TextField name="firstName" label={t.firstName} autoComplete="given-name" />
        <TextField name="surnames" label={t.surnames} autoComplete="family-name" />
        <TextField
          name="document"
          label={t.document}
          hint={t.documentHint}
          autoCapitalize="characters"
          spellCheck={false}
        />
        <TextField
          name="email"
          label={t.email}
          type="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
        />
        <TextField name="phone" label={t.phone} hint={t.phoneHint} type="tel" autoComplete="tel" inputMode="tel" />
        <details className={css.privacy}>
          <summary className={css.link}>{t.privacySummary}</summary>
          <p>{t.privacyText}</p>
        </details>
        <CheckboxField name="acceptPrivacy">{t.privacy}</CheckboxField>
      </ApiForm>
    </Page>
  );
}
