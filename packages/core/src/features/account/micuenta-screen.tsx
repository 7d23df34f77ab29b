import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../api/api-error.ts';
import { messageFor } from '../../api/error-catalogue.ts';
import { Button } from '../../components/button.tsx';
import { ApiForm } from '../../components/form/api-form.tsx';
import { PasswordField, TextField } from '../../components/form/fields.tsx';
import { CodeField } from '../../components/form/code-field.tsx';
import { NewPasswordField } from '../../components/form/new-password-field.tsx';
import { Page } from '../../components/page.tsx';
import { Facts } from '../../components/facts.tsx';
import { Section } from '../../components/section.tsx';
import * as ui from '../../components/ui.css.ts';
import { Notice } from '../../components/notice.tsx';
import { formatPhone } from '../../domain/format-phone.ts';
import { EMAIL_CONFIRMATION_PARAM, type ContactChangeStarted } from '../../domain/accounts.ts';
import { useServices } from '../../lib/services.tsx';
import { updateSession, useSignedIn } from '../../lib/signed-in.ts';
import {
  changePassword,
  changePasswordSchema,
  codeSchema,
  confirmContactChange,
  confirmEmail,
  profileSchema,
  sendEmailConfirmation,
  updateProfile,
  type ChangePasswordInput,
  type CodeInput,
  type ProfileInput,
} from './api/profile.ts';
import { DeleteAccountSection } from './delete-account-section.tsx';
import { AvisosSection } from './avisos-section.tsx';
import { usePendingChanges } from './pending-changes.ts';
import { accountTexts as t } from './texts.ts';
import { useSignOut } from './use-sign-out.ts';

function Alert({ text }: { text: string | undefined }) {
  return text ? (
    <p className={ui.alert} role="alert">
      {text}
    </p>
  ) : null;
}

/**
 * An e-mail nobody has confirmed yet (SMS marinas) recovers nothing: say so, offer the link again, and
 * apply the link when it brings the person here (`micuenta?confirmar-email=…`).
 */
function EmailConfirmation() {
  const { api } = useServices();
  const client = useQueryClient();
  const { account } = useSignedIn();
  const [search, setSearch] = useSearchParams();
  const token = search.get(EMAIL_CONFIRMATION_PARAM);
  const [notice, setNotice] = useState<string>();
  const [error, setError] = useState<string>();
  const [sending, setSending] = useState(false);
  const handled = useRef<string | null>(null);

  const markConfirmed = () => {
    updateSession(client, (info) => ({ ...info, account: { ...info.account, emailVerified: true } }));
    setNotice(t.emailConfirmed);
  };

  useEffect(() => {
    // Once per token, even when effects run twice.
    if (!token || handled.current === token) return;
    handled.current = token;
    const alreadyConfirmed = account.emailVerified;
    (alreadyConfirmed ? Promise.resolve(null) : confirmEmail(api, token))
      .then(
        (updated) => {
          if (updated) updateSession(client, (info) => ({ ...info, account: updated }));
          setNotice(t.emailConfirmed);
        },
        (caught: unknown) =>
          setError(
            caught instanceof ApiError && caught.code === 'token_invalid' ? t.confirmLinkInvalid : messageFor(caught),
          ),
      )
      .finally(() => {
        // The token has done its job: out of the address bar and the history.
        setSearch(
          (current) => {
            const next = new URLSearchParams(current);
            next.delete(EMAIL_CONFIRMATION_PARAM);
            return next;
          },
          { replace: true },
        );
      });
  }, [token, api, client, account.emailVerified, setSearch]);

  const resend = async () => {
    setSending(true);
    setNotice(undefined);
    setError(undefined);
    try {
      setNotice(t.linkSent((await sendEmailConfirmation(api)).destination));
    } catch (caught) {
      if (caught instanceof ApiError && caught.code === 'email_already_confirmed') markConfirmed();
      else setError(messageFor(caught));
    } finally {
      setSending(false);
    }
  };

  if (account.emailVerified) {
    return notice || error ? (
      <div className={ui.stack}>
        <Notice text={notice} />
        <Alert text={error} />
      </div>
    ) : null;
  }
  return (
    <Section id="cuenta-correo" title={t.emailUnconfirmedTitle}>
      <div className={ui.stack}>
        <Notice text={notice} />
        <Alert text={error} />
        <p>{t.emailUnconfirmed(account.email)}</p>
        <Button variant="secondary" fullWidth disabled={sending} onClick={() => void resend()}>
          {t.resendLink}
        </Button>
      </div>
    </Section>
  );
}

function ConfirmChange({ change, onDone }: { change: ContactChangeStarted; onDone: () => void }) {
  const { api } = useServices();
  const client = useQueryClient();
  return (
    <div className={ui.stack}>
      <p>{t.confirmChange(change.field, change.destination)}</p>
      <ApiForm<CodeInput>
        initialValues={{ code: '' }}
        validationSchema={codeSchema}
        submitLabel={t.confirm}
        codeFields={{ code_invalid: 'code', code_expired: 'code', code_attempts_exceeded: 'code' }}
        onSubmit={async (values) => {
          const account = await confirmContactChange(api, change.changeId, values);
          updateSession(client, (info) => ({ ...info, account }));
          onDone();
        }}
      >
        <CodeField
          name="code"
          label={change.field === 'email' ? 'Código enviado a tu nuevo correo' : 'Código enviado a tu nuevo móvil'}
        />
      </ApiForm>
    </div>
  );
}

function ProfileSection() {
  const { api } = useServices();
  const client = useQueryClient();
  const { account } = useSignedIn();
  const [pending, setPending] = usePendingChanges();
  const [notice, setNotice] = useState<string>();
  return (
    <Section id="cuenta-datos" title={t.profileTitle} group="micuenta" open icon="account">
      <Facts rows={[[t.document, account.document]]} />
      <div className={ui.stack}>
        <Notice text={notice} />
        <ApiForm<ProfileInput>
          initialValues={{
            firstName: account.firstName,
            surnames: account.surnames,
            email: account.email,
            // As people write it (+34 600 000 902); the rule reads it back to E.164 before it is sent.
            phone: formatPhone(account.phone),
          }}
          validationSchema={profileSchema}
          submitLabel={t.saveProfile}
          onSubmit={async (values) => {
            setNotice(undefined);
            const updated = await updateProfile(api, values);
            updateSession(client, (info) => ({ ...info, account: updated.account }));
            setPending(() => updated.pendingChanges);
            if (updated.pendingChanges.length === 0) setNotice(t.profileSaved);
          }}
        >
          <TextField name="firstName" label="Nombre" autoComplete="given-name" />
          <TextField name="surnames" label="Apellidos" autoComplete="family-name" />
          <TextField name="email" label="Correo electrónico" type="email" autoComplete="email" autoCapitalize="none" />
          <TextField name="phone" label="Teléfono móvil" type="tel" autoComplete="tel" inputMode="tel" />
        </ApiForm>
        {pending.map((change) => (
          <ConfirmChange
            key={change.changeId}
            change={change}
            onDone={() => {
              setPending((current) => current.filter((item) => item.changeId !== change.changeId));
              setNotice(t.changeConfirmed(change.field));
            }}
          />
        ))}
      </div>
    </Section>
  );
}

function PasswordSection() {
  const { api } = useServices();
  const [notice, setNotice] = useState<string>();
  const [generation, setGeneration] = useState(0);
  return (
    <Section id="cuenta-contrasena" title={t.passwordTitle} group="micuenta" icon="validate">
      <div className={ui.stack}>
        <Notice text={notice} />
        <ApiForm<ChangePasswordInput>
          key={generation}
          initialValues={{ currentPassword: '', newPassword: '' }}
          validationSchema={changePasswordSchema}
          submitLabel={t.savePassword}
          codeFields={{ current_password_incorrect: 'currentPassword', password_too_common: 'newPassword' }}
          onSubmit={async (values) => {
            setNotice(undefined);
            await changePassword(api, values);
            setNotice(t.passwordSaved);
            setGeneration((n) => n + 1);
          }}
        >
          <PasswordField name="currentPassword" label={t.currentPassword} autoComplete="current-password" />
          <NewPasswordField name="newPassword" label={t.newPassword} />
        </ApiForm>
      </div>
    </Section>
  );
}

function SessionsSection() {
  const signOut = useSignOut();
  const [error, setError] = useState<string>();
  const run = (everywhere: boolean) => signOut(everywhere).catch((caught: unknown) => setError(messageFor(caught)));
  return (
    <Section id="cuenta-sesiones" title={t.sessionsTitle} group="micuenta" icon="signOut">
      <div className={ui.stack}>
        <Alert text={error} />
        <Button variant="secondary" fullWidth onClick={() => run(false)}>
          {t.signOut}
        </Button>
        <Button variant="secondary" fullWidth onClick={() => run(true)}>
          {t.signOutEverywhere}
        </Button>
      </div>
    </Section>
  );
}

export default function MicuentaScreen() {
  return (
    <Page title={t.accountTitle}>
      <div className={ui.stack}>
        <EmailConfirmation />
        <ProfileSection />
        <PasswordSection />
        <AvisosSection />
        <SessionsSection />
        <DeleteAccountSection />
      </div>
    </Page>
  );
}
