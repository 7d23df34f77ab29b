import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ButtonLink } from '../../components/button.tsx';
import { ApiForm } from '../../components/form/api-form.tsx';
import { CodeField } from '../../components/form/code-field.tsx';
import { Page } from '../../components/page.tsx';
import { LoadStatus } from '../../components/query-status.tsx';
import { ResendCode } from '../../components/resend-code.tsx';
import * as ui from '../../components/ui.css.ts';
import {
  authorisationCodeSchema,
  type Authorisation,
  type AuthorisationCodeInput,
} from '../../domain/authorisations.ts';
import { paths } from '../../lib/paths.ts';
import { useServices } from '../../lib/services.tsx';
import {
  authorisationChanged,
  authorisationKey,
  resendAuthorisationCode,
  validateAuthorisation,
} from './api/authorisations.ts';
import { fullName, PersonSummary } from './authorisation-summary.tsx';
import * as css from './authorisations.css.ts';
import type { NoticeState } from '../../components/notice.tsx';
import { PersonMissing, usePerson } from './person-load.tsx';
import { authorisationTexts as t } from './texts.ts';
import { WithdrawInvitation } from './withdraw-invitation.tsx';

function CodeForm({ person }: { person: Authorisation }) {
  const { api } = useServices();
  const client = useQueryClient();
  const navigate = useNavigate();
  const name = fullName(person);
  const sent = person.code;
  return (
    <div className={ui.stack}>
      <div className={css.introBlock}>
        {sent ? <p>{t.codeSentTo(name, sent.channel, sent.destination ?? '')}</p> : null}
        <p>{t.askForCode}</p>
      </div>
      <ApiForm<AuthorisationCodeInput>
        initialValues={{ code: '' }}
        validationSchema={authorisationCodeSchema}
        submitLabel={t.validateSend}
        codeFields={{ code_invalid: 'code', code_expired: 'code', code_attempts_exceeded: 'code' }}
        onSubmit={async (values) => {
          const validated = await validateAuthorisation(api, person.id, authorisationCodeSchema.cast(values).code);
          authorisationChanged(client, validated);
          const state: NoticeState = {
            notice: t.validated(name, validated.account && fullName(validated.account)),
          };
          await navigate(paths.autorizados, { state, replace: true });
        }}
      >
        <CodeField name="code" label={t.code} />
      </ApiForm>
      <ResendCode
        availableAt={sent?.resendAvailableAt ?? new Date().toISOString()}
        resend={async () => {
          const next = await resendAuthorisationCode(api, person.id);
          client.setQueryData<Authorisation>(authorisationKey(person.id), next);
          // Only a pending authorisation is sent another code (else 409), and a pending one has its code.
          if (next.code === null) throw new Error('A pending authorisation without its code');
          return next.code;
        }}
        onSent={() => undefined}
      />
    </div>
  );
}

/** For a contact typed wrong: the invitation is withdrawn, and the list says so. */
function Withdraw({ person }: { person: Authorisation }) {
  const navigate = useNavigate();
  return (
    <section className={css.quietSection} aria-labelledby="retirar-invitacion">
      <h2 id="retirar-invitacion" className={css.sectionTitle}>
        {t.withdraw}
      </h2>
      <p className={css.intro}>{t.withdrawHint}</p>
      <WithdrawInvitation
        person={person}
        heading="h3"
        onDone={(notice) => {
          const state: NoticeState = { notice };
          void navigate(paths.autorizados, { state, replace: true });
        }}
      />
    </section>
  );
}

/**
 * The code the person received, typed by the owner (`validar-autorizado?id=`): the authorisation becomes
 * active. Another code can be sent once the server allows it.
 */
export default function ValidarAutorizadoScreen() {
  const { query, person, missing } = usePerson();
  return (
    <Page title={t.validateTitle}>
      <div className={ui.stack}>
        {missing ? <PersonMissing /> : <LoadStatus loads={[query]} ready={Boolean(person)} />}
        {person && !missing ? (
          person.state === 'pending' ? (
            <>
              <PersonSummary person={person} brief />
              <CodeForm person={person} />
              <Withdraw person={person} />
            </>
          ) : (
            <>
              <p>{t.alreadyActive}</p>
              <ButtonLink to={paths.autorizados} fullWidth>
                {t.backToList}
              </ButtonLink>
            </>
          )
        ) : null}
      </div>
    </Page>
  );
}
