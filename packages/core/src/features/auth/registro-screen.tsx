import { useRef } from 'react';
import { useNavigate } from 'react-router';
import { Link } from '../../components/link.tsx';
import { ApiForm } from '../../components/form/api-form.tsx';
import { TextField } from '../../components/form/fields.tsx';
import { CheckboxField } from '../../components/form/checkbox-field.tsx';
import * as groupCss from '../../components/form/group.css.ts';
import { Page } from '../../components/page.tsx';
import { ReadMore } from '../../components/read-more.tsx';
import { Steps } from '../../components/steps.tsx';
import { createKeyKeeper } from '../../lib/idempotency.ts';
import { paths } from '../../lib/paths.ts';
import { useServices } from '../../lib/services.tsx';
import { useLeaveWhenSignedIn } from '../../lib/use-session.ts';
import { register, registrationSchema, type RegistrationInput } from './api/register.ts';
import * as authCss from './auth.css.ts';
import { rememberCodeSent } from './code-sent.ts';
import * as css from './registration.css.ts';
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
      <div className={`${css.intro} ${css.introAbove}`}>
        <Steps current={1} names={t.registerSteps} />
        <p className={css.lead}>{t.registerLead}</p>
      </div>
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
          <div className={authCss.links}>
            <Link className={authCss.link} to={paths.login}>
              {t.haveAccount}
            </Link>
          </div>
        }
      >
        <fieldset className={groupCss.group}>
          <legend>{t.aboutYou}</legend>
          <TextField name="firstName" label={t.firstName} autoComplete="given-name" />
          <TextField name="surnames" label={t.surnames} autoComplete="family-name" />
          <TextField
            name="document"
            label={t.document}
            hint={t.documentHint}
            autoCapitalize="characters"
            spellCheck={false}
          />
        </fieldset>
        <fieldset className={groupCss.group}>
          <legend>{t.howToReachYou}</legend>
          <TextField
            name="email"
            label={t.email}
            type="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
          />
          <TextField name="phone" label={t.phone} hint={t.phoneHint} type="tel" autoComplete="tel" inputMode="tel" />
        </fieldset>
        <div className={css.acceptance}>
          <CheckboxField name="acceptPrivacy">{t.privacy}</CheckboxField>
          <ReadMore summary={t.privacySummary} paragraphs={t.privacyText} />
        </div>
      </ApiForm>
    </Page>
  );
}
