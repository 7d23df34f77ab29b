import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/api-error.ts';
import { messageFor } from '../../api/error-catalogue.ts';
import { ButtonLink } from '../../components/button.tsx';
import { ApiForm } from '../../components/form/api-form.tsx';
import { CheckboxField } from '../../components/form/checkbox-field.tsx';
import { NewPasswordField } from '../../components/form/new-password-field.tsx';
import { Page } from '../../components/page.tsx';
import { LoadError, Loading, loadState } from '../../components/query-status.tsx';
import { ReadMore } from '../../components/read-more.tsx';
import { Steps } from '../../components/steps.tsx';
import * as ui from '../../components/ui.css.ts';
import { createKeyKeeper } from '../../lib/idempotency.ts';
import { paths } from '../../lib/paths.ts';
import { useServices } from '../../lib/services.tsx';
import { activate, activationSchema, getActivation, type ActivationInput } from './api/activate.ts';
import * as css from './registration.css.ts';
import { authTexts as t } from './texts.ts';

/** Reached after validating the code, or from the e-mailed link `activar?token=…`. */
export default function ActivarScreen() {
  const { api, session, config } = useServices();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const keys = useRef(createKeyKeeper()).current;
  const activation = useQuery({
    queryKey: ['activation', token],
    queryFn: () => (token ? getActivation(api, token) : Promise.reject(new ApiError('token_invalid', { status: 410 }))),
  });
  const state = loadState(activation);

  return (
    <Page title={t.activateTitle}>
      {state === 'loading' ? <Loading /> : null}
      {state === 'error' ? (
        <div className={ui.stack}>
          <LoadError
            error={activation.error}
            {...(activation.error instanceof ApiError && activation.error.code === 'token_invalid'
              ? {}
              : { retry: () => void activation.refetch() })}
          />
          <ButtonLink to={paths.registro} variant="secondary" fullWidth>
            {t.restartRegistration}
          </ButtonLink>
        </div>
      ) : null}
      {activation.data ? (
        <div className={ui.stack}>
          <div className={css.intro}>
            <Steps current={3} names={t.registerSteps} />
            <p className={css.sentToText}>{t.activateGreeting(activation.data.firstName)}</p>
          </div>
          <ApiForm<ActivationInput>
            initialValues={{ token, password: '', acceptTerms: false }}
            validationSchema={activationSchema}
            submitLabel={t.activate}
            codeFields={{ password_too_common: 'password' }}
            onSubmit={async (values) => {
              try {
                session.set(await activate(api, values, keys.keyFor(values)));
              } catch (error) {
                // A retry whose first attempt activated the account (its answer, with the session, was
                // lost): nobody is signed in, so the way on is signing in with the password just chosen.
                if (!(error instanceof ApiError && error.code === 'account_already_active')) throw error;
                keys.done();
                await navigate(paths.login, { replace: true, state: { notice: messageFor(error) } });
                return;
              }
              keys.done();
              await navigate(paths.inicio, { replace: true });
            }}
          >
            <NewPasswordField name="password" label={t.newPassword} />
            <div className={css.acceptance}>
              <CheckboxField name="acceptTerms">{t.terms}</CheckboxField>
              <ReadMore summary={t.termsSummary} paragraphs={t.termsText(config.clientTitulo)} />
            </div>
          </ApiForm>
        </div>
      ) : null}
    </Page>
  );
}
