import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ButtonLink } from '../../components/button.tsx';
import { ApiForm } from '../../components/form/api-form.tsx';
import { bodyRule, written } from '../../components/form/body-rule.ts';
import { CheckboxGroupField, SelectField } from '../../components/form/choice-fields.tsx';
import { TextField } from '../../components/form/fields.tsx';
import { Page } from '../../components/page.tsx';
import { LoadStatus } from '../../components/query-status.tsx';
import * as ui from '../../components/ui.css.ts';
import {
  authorisationSchema,
  LICENCE_TYPE_LABELS,
  LICENCE_TYPES,
  type AuthorisationInput,
  type LicenceType,
} from '../../domain/authorisations.ts';
import type { Boat } from '../../domain/boats.ts';
import { createKeyKeeper } from '../../lib/idempotency.ts';
import { marinaToday, useMarina } from '../../lib/marina.ts';
import { href, paths } from '../../lib/paths.ts';
import { useServices } from '../../lib/services.tsx';
import { authorisationChanged, createAuthorisation, ownBoatsQuery } from './api/authorisations.ts';
import * as css from './authorisations.css.ts';
import { authorisationTexts as t } from './texts.ts';

interface PersonValues {
  firstName: string;
  surnames: string;
  document: string;
  phone: string;
  email: string;
  licence: { type: LicenceType | ''; number: string; expiresOn: string };
  boatIds: string[];
  validFrom: string;
  validTo: string;
}

/** The server's refusals by code, under the field they concern. */
const CODE_FIELDS = {
  authorisation_limit_reached: 'boatIds',
  authorisation_duplicate: 'boatIds',
  authorising_self: 'document',
  licence_expires_in_period: 'licence.expiresOn',
} as const;

/** The body the values become: names as the API's, empty inputs not given, no end day as `null`. */
function toBody(values: Partial<PersonValues> | undefined): Record<string, unknown> {
  const licence = values?.licence;
  return {
    firstName: values?.firstName ?? '',
    surnames: values?.surnames ?? '',
    document: written(values?.document),
    phone: written(values?.phone),
    email: written(values?.email),
    licence: { type: written(licence?.type), number: written(licence?.number), expiresOn: written(licence?.expiresOn) },
    boatIds: values?.boatIds ?? [],
    validFrom: written(values?.validFrom),
    validTo: written(values?.validTo) ?? null,
  };
}

function PersonForm({ boats, today }: { boats: Boat[]; today: string }) {
  const { api } = useServices();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const keys = useRef(createKeyKeeper()).current;
  const rule = useMemo(() => authorisationSchema(today), [today]);
  const schema = useMemo(() => bodyRule<PersonValues>(rule, toBody), [rule]);
  const wanted = search.get('barco');
  const initialValues: PersonValues = {
    firstName: '',
    surnames: '',
    document: '',
    phone: '',
    email: '',
    licence: { type: '', number: '', expiresOn: '' },
    // One boat, or the one the owner came from, is ticked already.
    boatIds: boats.length === 1 ? [boats[0]!.id] : boats.some((boat) => boat.id === wanted) ? [wanted!] : [],
    validFrom: today,
    validTo: '',
  };
  return (
    <ApiForm<PersonValues>
      initialValues={initialValues}
      validationSchema={schema}
      submitLabel={t.send}
      codeFields={CODE_FIELDS}
      onSubmit={async (values) => {
        const body = rule.cast(toBody(values)) as AuthorisationInput;
        const created = await createAuthorisation(api, body, keys.keyFor(body));
        keys.done();
        authorisationChanged(client, created);
        await navigate(href.validarAutorizado(created.id));
      }}
    >
      <fieldset className={css.formGroup}>
        <legend className={css.legend}>{t.personTitle}</legend>
        <TextField name="firstName" label={t.firstName} autoComplete="off" />
        <TextField name="surnames" label={t.surnames} autoComplete="off" />
        <TextField
          name="document"
          label={t.document}
          hint={t.documentHint}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
        />
        <TextField name="phone" label={t.phone} hint={t.phoneHint} type="tel" inputMode="tel" autoComplete="off" />
        <TextField
          name="email"
          label={t.email}
          type="email"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
        />
      </fieldset>
      <fieldset className={css.formGroup}>
        <legend className={css.legend}>{t.licenceTitle}</legend>
        <SelectField
          name="licence.type"
          label={t.licenceType}
          placeholder={t.chooseLicence}
          choices={LICENCE_TYPES.map((type) => ({ value: type, label: LICENCE_TYPE_LABELS[type] }))}
        />
        <TextField name="licence.number" label={t.licenceNumber} autoComplete="off" spellCheck={false} />
        <TextField
          name="licence.expiresOn"
          label={t.licenceExpiresOn}
          hint={t.licenceExpiresOnHint}
          type="date"
          min={today}
        />
      </fieldset>
      <div className={css.formGroup}>
        <CheckboxGroupField
          name="boatIds"
          legend={t.boatsLegend}
          hint={t.boatsHint}
          choices={boats.map((boat) => ({ value: boat.id, label: `${boat.name} (${boat.registration})` }))}
        />
      </div>
      <fieldset className={css.formGroup}>
        <legend className={css.legend}>{t.periodTitle}</legend>
        <div className={css.pair}>
          <TextField name="validFrom" label={t.validFrom} hint={t.validFromHint(today)} type="date" min={today} />
          <TextField name="validTo" label={t.validTo} hint={t.validToHint} type="date" min={today} />
        </div>
      </fieldset>
    </ApiForm>
  );
}

/**
 * Authorise a person on some of the owner's boats (`alta-autorizado`, `?barco=<id>` ticks one): who they
 * are, their licence, the boats and the period. The code then goes to them (`validar-autorizado`).
 */
export default function AltaAutorizadoScreen() {
  const { api } = useServices();
  const boats = useQuery({ ...ownBoatsQuery(api), refetchOnMount: 'always' });
  const marina = useMarina();
  const own = (boats.data?.boats ?? []).filter((boat) => boat.role === 'owner');
  // The boats are asked for again each time the form opens, and it waits for the answer: its boxes are ticked
  // as it opens, and a kept list that changed meanwhile (a first boat approved) would tick the wrong ones.
  // Offline, the kept list.
  const settled = boats.isFetchedAfterMount || boats.isError;
  return (
    <Page title={t.addTitle}>
      <LoadStatus loads={[boats, marina]} ready={Boolean(settled && boats.data && marina.data)} />
      {settled && boats.data && marina.data ? (
        own.length === 0 ? (
          <div className={ui.stack}>
            <p>{t.noOwnBoats}</p>
            <ButtonLink to={paths.autorizados} fullWidth>
              {t.backToList}
            </ButtonLink>
          </div>
        ) : (
          <div className={ui.stack}>
            <p className={css.intro}>{t.addIntro}</p>
            <PersonForm boats={own} today={marinaToday(marina.data)} />
          </div>
        )
      ) : null}
    </Page>
  );
}
