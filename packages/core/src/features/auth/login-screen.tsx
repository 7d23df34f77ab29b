import { useNavigate, useSearchParams } from 'react-router';
import { ButtonLink } from '../../components/button.tsx';
import { Link } from '../../components/link.tsx';
import { ApiForm } from '../../components/form/api-form.tsx';
import { PasswordField, TextField } from '../../components/form/fields.tsx';
import { Notice, useSentNotice } from '../../components/notice.tsx';
import { Page } from '../../components/page.tsx';
import { paths, safeNext } from '../../lib/paths.ts';
import { useServices } from '../../lib/services.tsx';
import { useLeaveWhenSignedIn } from '../../lib/use-session.ts';
import { loadSignInSchema, signIn, type SignInInput } from './api/sign-in.ts';
import * as css from './auth.css.ts';
import { loginTexts as t } from './login-texts.ts';

export default function LoginScreen() {
  const { api, session } = useServices();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const next = safeNext(search.get('next'));
  useLeaveWhenSignedIn(next);
  // What sent the person here, such as an activation that had already gone through.
  const [notice] = useSentNotice();

  return (
    <Page title={t.loginTitle}>
      <Notice text={notice} />
      <ApiForm<SignInInput>
        initialValues={{ identifier: '', password: '' }}
        validationSchema={loadSignInSchema}
        submitLabel={t.signIn}
        codeFields={{ invalid_credentials: 'password' }}
        onSubmit={async (values) => {
          session.set(await signIn(api, values));
          await navigate(next, { replace: true });
        }}
        footer={
          <div className={css.newcomer}>
            <p className={css.newcomerText}>{t.noAccount}</p>
            <ButtonLink to={paths.registro} variant="secondary" fullWidth>
              {t.createAccount}
            </ButtonLink>
            <Link className={css.link} to={paths.ayuda}>
              {t.help}
            </Link>
          </div>
        }
      >
        <TextField
          name="identifier"
          label={t.identifier}
          hint={t.identifierHint}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
        />
        <div className={css.password}>
          <PasswordField name="password" label={t.password} autoComplete="current-password" />
          <Link className={`${css.link} ${css.forgot}`} to={paths.forgot}>
            {t.forgot}
          </Link>
        </div>
      </ApiForm>
    </Page>
  );
}
