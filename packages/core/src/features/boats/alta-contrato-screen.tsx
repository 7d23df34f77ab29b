import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useFormikContext } from 'formik';
import { useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiForm } from '../../components/form/api-form.tsx';
import { CheckboxField } from '../../components/form/checkbox-field.tsx';
import { RadioGroupField } from '../../components/form/choice-fields.tsx';
import { TextField } from '../../components/form/fields.tsx';
import * as groupCss from '../../components/form/group.css.ts';
import * as formCss from '../../components/form/form.css.ts';
import { Page } from '../../components/page.tsx';
import { ReadMore } from '../../components/read-more.tsx';
import { StepHeading } from '../../components/steps.tsx';
import { LoadStatus } from '../../components/query-status.tsx';
import {
  CONTRACT_PLAN_LABELS,
  CONTRACT_PLANS,
  contractEndsOn,
  contractRequestSchema,
  type Boat,
  type BoatLimits,
  type Contract,
  type ContractPlan,
} from '../../domain/boats.ts';
import { isCalendarDate } from '../../domain/calendar.ts';
import { createKeyKeeper } from '../../lib/idempotency.ts';
import { marinaToday, useMarina } from '../../lib/marina.ts';
import { paths } from '../../lib/paths.ts';
import { boatsKey } from '../../lib/queries.ts';
import { useServices } from '../../lib/services.tsx';
import { boatsQuery, requestContract, uploadCertificate, type ContractRequestBody } from './api/boats.ts';
import { BoatDataFields } from './boat-fields.tsx';
import * as css from './boats.css.ts';
import { CertificateField } from './certificate-field.tsx';
import {
  boatBody,
  emptyBoat,
  emptyInsurance,
  formatMetres,
  formSchema,
  insuranceBody,
  type BoatFields,
  type CertificateChoice,
  type InsuranceFields,
} from './form-values.ts';
import type { NoticeState } from '../../components/notice.tsx';
import { boatTexts as t } from './texts.ts';

/** The choice of "a boat not listed yet". */
const NEW_BOAT = 'nuevo';

interface ContractValues {
  boatId: string;
  boat: BoatFields;
  insurance: InsuranceFields;
  plan: ContractPlan | '';
  startsOn: string;
  acceptConditions: boolean;
  certificate: CertificateChoice | null;
}

/**
 * A listed boat may ask for a contract unless one is open (active, or waiting for staff); only its owner asks,
 * never a person authorised on it (docs/product.md §4.8).
 */
const mayRequest = (boat: Boat) =>
  boat.role === 'owner' && (boat.contract === null || !['requested', 'active'].includes(boat.contract.status));

function toBody(values: Partial<ContractValues> | undefined): Record<string, unknown> {
  const common = {
    plan: values?.plan || undefined,
    startsOn: values?.startsOn || undefined,
    acceptConditions: values?.acceptConditions ?? false,
  };
  if (values?.boatId === NEW_BOAT)
    return { ...common, boat: boatBody(values.boat ?? {}), insurance: insuranceBody(values.insurance) };
  return { ...common, boatId: values?.boatId || undefined };
}

/** When the chosen plan would end, once the plan and a valid first day are chosen. */
function EndsOn() {
  const { values } = useFormikContext<ContractValues>();
  if (!values.plan || !isCalendarDate(values.startsOn)) return null;
  return <p className={formCss.hint}>{t.endsOn(contractEndsOn(values.plan, values.startsOn))}</p>;
}

/**
 * The plans as cards, each saying what it means from the first day chosen (today until one is): a season asked
 * for in November runs to the next October, and its card says so.
 */
function PlanChoices({ today }: { today: string }) {
  const { values } = useFormikContext<ContractValues>();
  const start = isCalendarDate(values.startsOn) ? values.startsOn : today;
  return (
    <RadioGroupField
      name="plan"
      legend={t.plan}
      choices={CONTRACT_PLANS.map((plan) => ({
        value: plan,
        label: CONTRACT_PLAN_LABELS[plan],
        description: t.planMeaning(plan, contractEndsOn(plan, start)),
      }))}
    />
  );
}

/** The new boat's data and policy, only when "Un barco nuevo" is chosen. */
function NewBoatFields({ limits }: { limits: BoatLimits }) {
  const { values } = useFormikContext<ContractValues>();
  if (values.boatId !== NEW_BOAT) return null;
  return (
    <>
      <fieldset className={groupCss.group}>
        <legend>{t.newBoatTitle}</legend>
        <BoatDataFields limits={limits} prefix="boat." />
      </fieldset>
      <fieldset className={groupCss.group}>
        <legend>{t.newInsuranceTitle}</legend>
        <TextField name="insurance.insurer" label={t.insurer} autoComplete="off" />
        <TextField name="insurance.policyNumber" label={t.policyNumber} autoComplete="off" spellCheck={false} />
        <TextField name="insurance.expiresOn" label={t.expiresOn} hint={t.expiresOnHint} type="date" />
        <CertificateField label={t.certificateOptional} />
      </fieldset>
    </>
  );
}

function ContractForm({ boats, limits, today }: { boats: Boat[]; limits: BoatLimits; today: string }) {
  const { api } = useServices();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const keys = useRef(createKeyKeeper()).current;
  // A request already created whose certificate did not go up: sending again only uploads it.
  const created = useRef<Contract | null>(null);
  const [certificatePending, setCertificatePending] = useState(false);
  const rule = useMemo(() => contractRequestSchema(limits, today), [limits, today]);
  const schema = useMemo(() => formSchema<ContractValues>(rule, toBody), [rule]);
  const choosable = boats.filter(mayRequest);
  const preselected = choosable.find((boat) => boat.id === search.get('barco'))?.id;
  const initialValues: ContractValues = {
    boatId: preselected ?? (choosable.length === 0 ? NEW_BOAT : ''),
    boat: emptyBoat,
    insurance: emptyInsurance,
    plan: '',
    startsOn: today,
    acceptConditions: false,
    certificate: null,
  };

  const done = async () => {
    keys.done();
    await client.invalidateQueries({ queryKey: boatsKey });
    const state: NoticeState = { notice: t.requested };
    await navigate(paths.misbarcos, { state });
  };

  return (
    <ApiForm<ContractValues>
      initialValues={initialValues}
      validationSchema={schema}
      submitLabel={t.sendRequest}
      codeFields={{
        contract_already_open: 'boatId',
        registration_taken: 'boat.registration',
        certificate_too_large: 'certificate',
        certificate_type_not_allowed: 'certificate',
      }}
      onSubmit={async (values) => {
        if (!created.current) {
          const body = rule.cast(toBody(values)) as ContractRequestBody;
          created.current = await requestContract(api, body, keys.keyFor(body));
        }
        if (values.boatId === NEW_BOAT && values.certificate?.file) {
          try {
            await uploadCertificate(api, created.current.boatId, values.certificate.file, values.certificate.type);
          } catch (error) {
            setCertificatePending(true);
            throw error;
          }
        }
        await done();
      }}
    >
      <p>{t.portLimits(formatMetres(limits.maxLengthM), formatMetres(limits.maxBeamM))}</p>
      {certificatePending ? (
        <p className={formCss.success} role="status">
          {t.certificatePending}
        </p>
      ) : null}
      <StepHeading number={1}>{t.stepBoat}</StepHeading>
      {choosable.length > 0 ? (
        <RadioGroupField
          name="boatId"
          legend={t.whichBoat}
          hint={choosable.length < boats.length ? t.someBoatsHaveContract : undefined}
          choices={[
            ...choosable.map((boat) => ({ value: boat.id, label: `${boat.name} (${boat.registration})` })),
            { value: NEW_BOAT, label: t.newBoat },
          ]}
        />
      ) : boats.length > 0 ? (
        <p>{t.allBoatsHaveContract}</p>
      ) : null}
      <NewBoatFields limits={limits} />
      <StepHeading number={2}>{t.stepPlan}</StepHeading>
      <PlanChoices today={today} />
      <TextField name="startsOn" label={t.startsOn} hint={t.startsOnHint(today)} type="date" min={today} />
      <EndsOn />
      <StepHeading number={3}>{t.stepConfirm}</StepHeading>
      <div className={css.acceptance}>
        <CheckboxField name="acceptConditions">{t.acceptConditions}</CheckboxField>
        <ReadMore summary={t.conditionsSummary} paragraphs={t.conditions} list />
      </div>
    </ApiForm>
  );
}

/** Ask for a storage contract: for a listed boat without one open, or for a new boat with its policy. */
export default function AltaContratoScreen() {
  const { api } = useServices();
  const boats = useQuery(boatsQuery(api));
  const marina = useMarina();
  return (
    <Page title={t.contractFormTitle}>
      <LoadStatus loads={[boats, marina]} ready={Boolean(boats.data && marina.data)} />
      {boats.data && marina.data ? (
        <ContractForm boats={boats.data.boats} limits={marina.data.settings} today={marinaToday(marina.data)} />
      ) : null}
    </Page>
  );
}
