import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { ApiForm } from '../../components/form/api-form.tsx';
import { bodyRule, written } from '../../components/form/body-rule.ts';
import { TextField } from '../../components/form/fields.tsx';
import { Page } from '../../components/page.tsx';
import { LoadStatus } from '../../components/query-status.tsx';
import * as ui from '../../components/ui.css.ts';
import { rescheduleSchema, type Authorisation, type RescheduleInput } from '../../domain/authorisations.ts';
import { marinaToday, useMarina } from '../../lib/marina.ts';
import { paths } from '../../lib/paths.ts';
import { useServices } from '../../lib/services.tsx';
import { authorisationChanged, rescheduleAuthorisation } from './api/authorisations.ts';
import { fullName, PersonSummary } from './authorisation-summary.tsx';
import * as css from './authorisations.css.ts';
import type { NoticeState } from '../../components/notice.tsx';
import { PersonMissing, usePerson } from './person-load.tsx';
import { authorisationTexts as t } from './texts.ts';

interface PeriodValues {
  validFrom: string;
  validTo: string;
}

const toBody = (values: Partial<PeriodValues> | undefined) => ({
  validFrom: written(values?.validFrom),
  validTo: written(values?.validTo) ?? null,
});

function PeriodForm({ person, today }: { person: Authorisation; today: string }) {
  const { api } = useServices();
  const client = useQueryClient();
  const navigate = useNavigate();
  const rule = useMemo(() => rescheduleSchema(today), [today]);
  const schema = useMemo(() => bodyRule<PeriodValues>(rule, toBody), [rule]);
  const name = fullName(person);
  return (
    <ApiForm<PeriodValues>
      initialValues={{ validFrom: person.validFrom, validTo: person.validTo ?? '' }}
      validationSchema={schema}
      submitLabel={t.rescheduleSend}
      codeFields={{ licence_expires_in_period: 'validTo' }}
      onSubmit={async (values) => {
        authorisationChanged(
          client,
          await rescheduleAuthorisation(api, person.id, rule.cast(toBody(values)) as RescheduleInput),
        );
        const state: NoticeState = { notice: t.rescheduled(name) };
        await navigate(paths.autorizados, { state, replace: true });
      }}
    >
      <fieldset className={css.formGroup}>
        <legend className={css.legend}>{t.periodTitle}</legend>
        <div className={css.pair}>
          <TextField name="validFrom" label={t.validFrom} type="date" />
          <TextField name="validTo" label={t.validTo} hint={t.validToHint} type="date" min={today} />
        </div>
      </fieldset>
    </ApiForm>
  );
}

/** `reprogramar-autorizado?id=`: a new period for a person, checked as when they were added. */
export default function ReprogramarAutorizadoScreen() {
  const { query, person, missing } = usePerson();
  const marina = useMarina();
  return (
    <Page title={t.rescheduleTitle}>
      <div className={ui.stack}>
        {missing ? <PersonMissing /> : <LoadStatus loads={[query, marina]} ready={Boolean(person && marina.data)} />}
        {person && marina.data && !missing ? (
          <>
            <PersonSummary person={person} />
            <p className={css.intro}>{t.rescheduleIntro}</p>
            <PeriodForm person={person} today={marinaToday(marina.data)} />
          </>
        ) : null}
      </div>
    </Page>
  );
}
