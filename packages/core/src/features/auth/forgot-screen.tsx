import { useRef, useState } from 'react';
import { useServices } from '../../lib/services.tsx';
import { ApiForm } from '../../components/form/api-form.tsx';
import { TextField } from '../../components/form/fields.tsx';
import { CodeField } from '../../components/form/code-field.tsx';
import { NewPasswordField } from '../../components/form/new-password-field.tsx';
import * as formCss from '../../components/form/form.css.ts';
import { ButtonLink } from '../../components/button.tsx';
import { Page } from '../../components/page.tsx';
import { ResendCode } from '../../components/resend-code.tsx';
import { Icon } from '../../components/icons.tsx';
import { Steps } from '../../components/steps.tsx';
import * as ui from '../../components/ui.css.ts';
import type { ResetStarted } from '../../domain/accounts.ts';
import { createKeyKeeper } from '../../lib/idempotency.ts';
import { paths } from '../../lib/paths.ts';
import {
  completeReset,
  requestReset,
  resendResetCode,
  resetCompleteSchema,
  resetRequestSchema,
  type ResetCompleteInput,
  type ResetRequestInput,
} from './api/reset-password.ts';
import * as css from './registration.css.ts';
import { authTexts as t } from './texts.ts';

export default function ForgotScreen() {
  const { api } = useServices();
  const keys = useRef(createKeyKeeper()).current;
  const [started, setStarted] = useState<ResetStarted>();
  const [done, setDone] = useState(false);

  if (done) {
    return (
      <Page title={t.forgotTitle}>
        <div className={ui.stack}>
          <p className={formCss.success} role="status">
            {t.resetDone}
          </p>
          <ButtonLink to={paths.login} fullWidth>
            {t.goToLogin}
          </ButtonLink>
        </div>
      </Page>
    );
  }

  if (!started) {
    return (
      <Page title={t.forgotTitle}>
        <div className={`${css.intro} ${css.introAbove}`}>
          <Steps current={1} names={t.resetSteps} />
          <p className={css.lead}>{t.forgotLead}</p>
        </div>
        <ApiForm<ResetRequestInput>
          initialValues={{ identifier: '' }}
          validationSchema={resetRequestSchema}
          submitLabel={t.sendCode}
          onSubmit={async (values) => {
            setStarted(await requestReset(api, values, keys.keyFor(values)));
            keys.done();
          }}
        >
          <TextField
            name="identifier"
            label={t.identifier}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
          />
        </ApiForm>
      </Page>
    );
  }

  return (
    <Page title={t.forgotTitle}>
      <div className={ui.stack}>
        <div className={css.intro}>
          <Steps current={2} names={t.resetSteps} />
          <div className={css.sentTo}>
            <span className={css.tile}>
              <Icon name={started.channel === 'sms' ? 'phone' : 'mail'} className={css.tileIcon} />
            </span>
            <p className={css.sentToText} role="status">
              {t.resetSent(started.channel)} {t.codeExpiry}
            </p>
          </div>
        </div>
        <ApiForm<ResetCompleteInput>
          initialValues={{ code: '', password: '' }}
          validationSchema={resetCompleteSchema}
          submitLabel={t.changePassword}
          codeFields={{
            code_invalid: 'code',
            code_expired: 'code',
            code_attempts_exceeded: 'code',
            password_too_common: 'password',
          }}
          onSubmit={async (values) => {
            await completeReset(api, started.resetId, values);
            setDone(true);
          }}
        >
          <CodeField name="code" label={t.code} />
          <NewPasswordField name="password" label={t.newPassword} />
        </ApiForm>
        <ResendCode
          availableAt={started.resendAvailableAt}
          resend={() => resendResetCode(api, started.resetId)}
          onSent={(sent) => setStarted({ ...started, ...sent })}
        />
      </div>
    </Page>
  );
}
