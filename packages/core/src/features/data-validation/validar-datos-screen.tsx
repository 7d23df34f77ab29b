import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useFormikContext } from 'formik';
import { Fragment, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { Link } from '../../components/link.tsx';
import { ApiForm } from '../../components/form/api-form.tsx';
import { bodyRule, written } from '../../components/form/body-rule.ts';
import { CheckboxField } from '../../components/form/checkbox-field.tsx';
import { SelectField } from '../../components/form/choice-fields.tsx';
import { TextField } from '../../components/form/fields.tsx';
import { Page } from '../../components/page.tsx';
import { LoadStatus } from '../../components/query-status.tsx';
import { Facts } from '../../components/facts.tsx';
import * as ui from '../../components/ui.css.ts';
import {
  dataValidationSchema,
  LICENCE_TYPE_LABELS,
  LICENCE_TYPES,
  type DataValidationInput,
  type DataValidationStatus,
  type LicenceType,
} from '../../domain/data-validation.ts';
import { marinaToday, useMarina } from '../../lib/marina.ts';
import { paths } from '../../lib/paths.ts';
import { boatsKey, sessionKey } from '../../lib/queries.ts';
import { useServices } from '../../lib/services.tsx';
import { formatPhone } from '../../domain/format-phone.ts';
import { confirmData, dataValidationKey, dataValidationQuery } from './api/data-validation.ts';
import * as css from './data-validation.css.ts';
import { dataValidationTexts as t } from './texts.ts';

interface BoatInsuranceFields {
  boatId: string;
  insurer: string;
  policyNumber: string;
  expiresOn: string;
}

interface ValidationValues {
  firstName: string;
  surnames: string;
  documentExpiresOn: string;
  noLicence: boolean;
  licence: { type: LicenceType | ''; number: string; expiresOn: string };
  boats: BoatInsuranceFields[];
  confirm: boolean;
}

/** What the form holds, as the body the domain's rule checks (and so with the server's field names). */
function toBody(values: Partial<ValidationValues> | undefined): Record<string, unknown> {
  const licence = values?.licence;
  return {
    firstName: values?.firstName,
    surnames: values?.surnames,
    documentExpiresOn: written(values?.documentExpiresOn),
    licence: values?.noLicence
      ? null
      : { type: written(licence?.type), number: written(licence?.number), expiresOn: written(licence?.expiresOn) },
    boats: (values?.boats ?? []).map((boat) => ({
      boatId: boat.boatId,
      insurer: written(boat.insurer),
      policyNumber: written(boat.policyNumber),
      expiresOn: written(boat.expiresOn),
    })),
    confirm: values?.confirm ?? false,
  };
}

function initialValues(status: DataValidationStatus): ValidationValues {
  const { data } = status;
  return {
    firstName: data.firstName,
    surnames: data.surnames,
    documentExpiresOn: data.documentExpiresOn ?? '',
    // Someone who confirmed before without a licence still has none, until they say otherwise.
    noLicence: data.licence === null && status.validatedAt !== null,
    licence: data.licence ? { ...data.licence } : { type: '', number: '', expiresOn: '' },
    boats: data.boats.map((boat) => ({
      boatId: boat.id,
      insurer: boat.insurance?.insurer ?? '',
      policyNumber: boat.insurance?.policyNumber ?? '',
      expiresOn: boat.insurance?.expiresOn ?? '',
    })),
    confirm: false,
  };
}

function LicenceFields({ today }: { today: string }) {
  const { values } = useFormikContext<ValidationValues>();
  return (
    <fieldset className={css.group}>
      <legend className={css.groupTitle}>{t.licenceTitle}</legend>
      <CheckboxField name="noLicence">{t.noLicence}</CheckboxField>
      {values.noLicence ? null : (
        <>
          <SelectField
            name="licence.type"
            label={t.licenceType}
            placeholder={t.licenceTypePlaceholder}
            choices={LICENCE_TYPES.map((type) => ({ value: type, label: LICENCE_TYPE_LABELS[type] }))}
          />
          <TextField name="licence.number" label={t.licenceNumber} autoComplete="off" spellCheck={false} />
          <TextField name="licence.expiresOn" label={t.licenceExpiresOn} type="date" min={today} />
        </>
      )}
    </fieldset>
  );
}

function ValidationForm({ status, today }: { status: DataValidationStatus; today: string }) {
  const { api } = useServices();
  const client = useQueryClient();
  const navigate = useNavigate();
  const rule = useMemo(() => dataValidationSchema(today), [today]);
  const schema = useMemo(() => bodyRule<ValidationValues>(rule, toBody), [rule]);
  const { data } = status;
  return (
    <ApiForm<ValidationValues>
      initialValues={initialValues(status)}
      validationSchema={schema}
      submitLabel={t.send}
      onSubmit={async (values) => {
        await confirmData(api, rule.cast(toBody(values)) as DataValidationInput);
        // `inicio` reads whether data are due from the session: ask again before going there, so its card goes.
        await Promise.all([
          client.invalidateQueries({ queryKey: sessionKey }),
          client.invalidateQueries({ queryKey: dataValidationKey }),
          client.invalidateQueries({ queryKey: boatsKey }),
        ]);
        await navigate(paths.inicio);
      }}
    >
      <fieldset className={css.group}>
        <legend className={css.groupTitle}>{t.personalTitle}</legend>
        <TextField name="firstName" label={t.firstName} autoComplete="given-name" />
        <TextField name="surnames" label={t.surnames} autoComplete="family-name" />
        <Facts
          stacked
          rows={[
            [t.email, data.email],
            [t.phone, formatPhone(data.phone, { unbreakable: true })],
            [t.document, data.document],
          ]}
        />
        <p className={ui.muted}>
          {t.contactHint}{' '}
          <Link className={css.link} to={paths.micuenta}>
            {t.changeContact}
          </Link>
        </p>
        <TextField name="documentExpiresOn" label={t.documentExpiresOn} type="date" min={today} />
      </fieldset>
      <LicenceFields today={today} />
      <fieldset className={css.group}>
        <legend className={css.groupTitle}>{t.boatsTitle}</legend>
        {data.boats.length === 0 ? <p>{t.noBoats}</p> : null}
        {data.boats.map((boat, index) => (
          <Fragment key={boat.id}>
            <h3 className={css.boatTitle}>
              {boat.name} ({boat.registration})
            </h3>
            <TextField name={`boats.${index}.insurer`} label={t.insurerOf(boat.name)} autoComplete="off" />
            <TextField
              name={`boats.${index}.policyNumber`}
              label={t.policyNumberOf(boat.name)}
              autoComplete="off"
              spellCheck={false}
            />
            <TextField
              name={`boats.${index}.expiresOn`}
              label={t.insuranceExpiresOnOf(boat.name)}
              type="date"
              min={today}
            />
          </Fragment>
        ))}
      </fieldset>
      <CheckboxField name="confirm">{t.confirm}</CheckboxField>
    </ApiForm>
  );
}

/** Review and confirm one's data, licence and insurance (docs/product.md §4.4). */
export default function ValidarDatosScreen() {
  const { api } = useServices();
  const query = useQuery(dataValidationQuery(api));
  const marina = useMarina();
  const status = query.data;
  return (
    <Page title={t.title}>
      <div className={ui.stack}>
        <LoadStatus loads={[query, marina]} ready={Boolean(status && marina.data)} />
        {status && marina.data ? (
          <>
            {status.due ? (
              <div className={ui.alert}>
                <p className={css.flush}>{t.dueBecause}</p>
                <ul className={css.reasons}>
                  {status.reasons.map((reason) => (
                    <li key={reason.code}>{reason.text}</li>
                  ))}
                </ul>
              </div>
            ) : status.nextDueOn ? (
              <p role="status">{t.validUntil(status.nextDueOn)}</p>
            ) : null}
            <ValidationForm status={status} today={marinaToday(marina.data)} />
          </>
        ) : null}
      </div>
    </Page>
  );
}
