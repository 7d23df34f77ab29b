import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiForm } from '../../components/form/api-form.tsx';
import { CodeField } from '../../components/form/code-field.tsx';
import { Page } from '../../components/page.tsx';
import { ResendCode } from '../../components/resend-code.tsx';
import { ButtonLink } from '../../components/button.tsx';
import { Icon } from '../../components/icons.tsx';
import { Steps } from '../../components/steps.tsx';
import * as ui from '../../components/ui.css.ts';
import { sendsSms } from '../../config/app-config.ts';
import { codeChannelFor } from '../../domain/platform.ts';
import { paths } from '../../lib/paths.ts';
import { useServices } from '../../lib/services.tsx';
import {
  codeSchema,
  resendRegistrationCode,
  validateRegistration,
  type CodeInput,
} from './api/validate-registration.ts';
import { recallCodeSent, rememberCodeSent } from './code-sent.ts';
import * as css from './registration.css.ts';
import { authTexts as t } from './texts.ts';

export default function ValidarRegistroScreen() {
  const { api, config } = useServices();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const id = search.get('id') ?? '';
  const [sent, setSent] = useState(() => recallCodeSent(id));
  const channel = sent?.channel ?? codeChannelFor(sendsSms(config));

  if (!id) {
    return (
      <Page title={t.validateTitle}>
        <div className={ui.stack}>
          <p className={ui.alert} role="alert">
            Falta el registro que validar. Empieza el registro para recibir un código.
          </p>
          <ButtonLink to={paths.registro} fullWidth>
            {t.restartRegistration}
          </ButtonLink>
        </div>
      </Page>
    );
  }

  return (
    <Page title={t.validateTitle}>
      <div className={ui.stack}>
        <div className={css.intro}>
          <Steps current={2} names={t.registerSteps} />
          <div className={css.sentTo}>
            <span className={css.tile}>
              <Icon name={channel === 'sms' ? 'phone' : 'mail'} className={css.tileIcon} />
            </span>
            <p className={css.sentToText}>
              {t.codeSentVia(channel, sent?.destination)}
              {sent?.destination ? (
                <>
                  {' '}
                  <span className={css.address}>{sent.destination}</span>.
                </>
              ) : null}{' '}
              {t.codeExpiry}
            </p>
          </div>
        </div>
        <ApiForm<CodeInput>
          initialValues={{ code: '' }}
          validationSchema={codeSchema}
          submitLabel={t.validate}
          codeFields={{ code_invalid: 'code', code_expired: 'code', code_attempts_exceeded: 'code' }}
          onSubmit={async (values) => {
            const { activationToken } = await validateRegistration(api, id, values);
            await navigate(`${paths.activar}?token=${encodeURIComponent(activationToken)}`, { replace: true });
          }}
        >
          <CodeField name="code" label={t.code} />
        </ApiForm>
        <ResendCode
          availableAt={sent?.resendAvailableAt ?? new Date().toISOString()}
          resend={() => resendRegistrationCode(api, id)}
          onSent={(next) => {
            rememberCodeSent(id, next);
            setSent(next);
          }}
        />
        <ButtonLink to={paths.registro} variant="quiet" fullWidth>
          {t.restartRegistration}
        </ButtonLink>
      </div>
    </Page>
  );
}
