import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import * as yup from 'yup';
import { ButtonLink } from '../../components/button.tsx';
import { ApiForm } from '../../components/form/api-form.tsx';
import { TextField } from '../../components/form/fields.tsx';
import { Page } from '../../components/page.tsx';
import { LoadStatus } from '../../components/query-status.tsx';
import * as ui from '../../components/ui.css.ts';
import { suspensionSchema, type Authorisation, type SuspensionInput } from '../../domain/authorisations.ts';
import { paths } from '../../lib/paths.ts';
import { useServices } from '../../lib/services.tsx';
import { authorisationChanged, reactivateAuthorisation, suspendAuthorisation } from './api/authorisations.ts';
import { fullName, PersonSummary } from './authorisation-summary.tsx';
import * as css from './authorisations.css.ts';
import type { NoticeState } from '../../components/notice.tsx';
import { PersonMissing, usePerson } from './person-load.tsx';
import { authorisationTexts as t } from './texts.ts';

const nothing = yup.object({});

function useDone() {
  const client = useQueryClient();
  const navigate = useNavigate();
  return async (changed: Authorisation, notice: string) => {
    authorisationChanged(client, changed);
    const state: NoticeState = { notice };
    await navigate(paths.autorizados, { state, replace: true });
  };
}

/** Suspend an active person, with an optional reason they will read; their open launches go. */
function SuspendForm({ person }: { person: Authorisation }) {
  const { api } = useServices();
  const done = useDone();
  const name = fullName(person);
  return (
    <>
      <p className={css.intro}>{t.suspendExplain(name)}</p>
      <ApiForm<SuspensionInput>
        initialValues={{ reason: '' }}
        validationSchema={suspensionSchema}
        submitLabel={t.suspendSend}
        submitVariant="danger"
        onSubmit={async (values) =>
          done(await suspendAuthorisation(api, person.id, suspensionSchema.cast(values).reason), t.suspended(name))
        }
      >
        <TextField name="reason" label={t.reason} hint={t.reasonHint} autoComplete="off" maxLength={300} />
      </ApiForm>
    </>
  );
}

/** Let a suspended person use the boats again, inside their period. */
function ReactivateForm({ person }: { person: Authorisation }) {
  const { api } = useServices();
  const done = useDone();
  const name = fullName(person);
  return (
    <>
      <p className={css.intro}>{t.reactivateExplain(name)}</p>
      <ApiForm<Record<string, never>>
        initialValues={{}}
        validationSchema={nothing}
        submitLabel={t.reactivateSend}
        onSubmit={async () => done(await reactivateAuthorisation(api, person.id), t.reactivated(name))}
      >
        {null}
      </ApiForm>
    </>
  );
}

/** `suspender-autorizado?id=`: suspend an active person (docs/product.md §4.8), or reactivate a suspended one. */
export default function SuspenderAutorizadoScreen() {
  const { query, person, missing } = usePerson();
  const title = person?.state === 'suspended' ? t.reactivate : t.suspendTitle;
  return (
    <Page title={title}>
      <div className={ui.stack}>
        {missing ? <PersonMissing /> : <LoadStatus loads={[query]} ready={Boolean(person)} />}
        {person && !missing ? (
          <>
            <PersonSummary person={person} />
            {person.state === 'active' ? <SuspendForm person={person} /> : null}
            {person.state === 'suspended' ? <ReactivateForm person={person} /> : null}
            {person.state === 'pending' || person.state === 'expired' ? (
              <>
                <p>{t.cannotSuspend}</p>
                <ButtonLink to={paths.autorizados} fullWidth>
                  {t.backToList}
                </ButtonLink>
              </>
            ) : null}
          </>
        ) : null}
      </div>
    </Page>
  );
}
