import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import * as yup from 'yup';
import { useParams } from 'react-router';
import { ActionError, useAction } from '../../components/actions.tsx';
import { Button, ButtonLink } from '../../components/button.tsx';
import { ApiForm } from '../../components/form/api-form.tsx';
import { TextField } from '../../components/form/fields.tsx';
import { isNotFound, NotThere } from '../../components/not-found.tsx';
import { Page } from '../../components/page.tsx';
import { Section } from '../../components/section.tsx';
import { LoadStatus } from '../../components/query-status.tsx';
import { StaleNotice } from '../../components/stale-notice.tsx';
import * as ui from '../../components/ui.css.ts';
import { Notice } from '../../components/notice.tsx';
import { boatPatchSchema, insuranceSchema, type Boat } from '../../domain/boats.ts';
import type { Marina } from '../../domain/marina.ts';
import { marinaToday, useMarina } from '../../lib/marina.ts';
import { href, paths } from '../../lib/paths.ts';
import { useConfig, useServices } from '../../lib/services.tsx';
import { formatDayOf } from '../../domain/format-dates.ts';
import { boatChanged, boatQuery, downloadCertificate, patchBoat, uploadCertificate } from './api/boats.ts';
import { AuthorisedNote, BoatFacts, contractText, EligibilityBadges } from './boat-summary.tsx';
import { BoatDataFields } from './boat-fields.tsx';
import * as css from './boats.css.ts';
import { CertificateField } from './certificate-field.tsx';
import {
  boatBody,
  boatFieldsOf,
  formSchema,
  insuranceBody,
  insuranceFieldsOf,
  type BoatFields,
  type CertificateChoice,
  type InsuranceFields,
} from './form-values.ts';
import { boatTexts as t } from './texts.ts';

const EXTENSIONS: Readonly<Record<string, string>> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
};

/** Downloads the certificate on file through the API client (the call names the marina) and hands it to the browser. */
function CertificateDownload({ boat }: { boat: Boat }) {
  const { api } = useServices();
  const { timeZone } = useConfig();
  const { busy, error, run } = useAction();
  const download = () =>
    run(async () => {
      const file = await downloadCertificate(api, boat.id);
      const url = URL.createObjectURL(file);
      const link = document.createElement('a');
      link.href = url;
      link.download = `seguro-${boat.registration}.${EXTENSIONS[file.type] ?? 'pdf'}`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    });
  const certificate = boat.insurance?.certificate;
  if (!certificate) return <p>{t.noCertificate}</p>;
  return (
    <div className={ui.stack}>
      <p>{t.certificateOnFile(formatDayOf(new Date(certificate.uploadedAt), timeZone))}</p>
      <ActionError error={error} />
      <Button variant="secondary" fullWidth disabled={busy} aria-busy={busy} onClick={() => void download()}>
        {t.downloadCertificate}
      </Button>
    </div>
  );
}

interface InsuranceValues {
  insurance: InsuranceFields;
  certificate: CertificateChoice | null;
}

/** The policy on file, its certificate, and a new policy (with its certificate) to renew it. */
function InsuranceSection({ boat, today }: { boat: Boat; today: string }) {
  const { api } = useServices();
  const client = useQueryClient();
  const [notice, setNotice] = useState<string>();
  const [generation, setGeneration] = useState(0);
  const policy = useMemo(() => insuranceSchema(today), [today]);
  // Under the name the body (and so the server's field errors) give the policy: `insurance.expiresOn`.
  const schema = useMemo(
    () =>
      formSchema<InsuranceValues>(yup.object({ insurance: policy }), (values) => ({
        insurance: insuranceBody(values?.insurance),
      })),
    [policy],
  );
  return (
    // Folded, but open when the insurance is what keeps the boat from going out: that is why they came.
    <Section
      id="barco-seguro"
      title={t.insuranceTitle}
      group="barco"
      icon="safety"
      open={
        !boat.eligibility.eligible &&
        boat.eligibility.reasons.some(
          (reason) => reason.code === 'insurance_missing' || reason.code === 'insurance_expired',
        )
      }
    >
      <div className={ui.stack}>
        <p>
          {boat.insurance
            ? t.policyOnFile(boat.insurance.insurer, boat.insurance.policyNumber, boat.insurance.expiresOn)
            : t.noInsurance}
        </p>
        <CertificateDownload boat={boat} />
        <h3 className={css.fieldsetTitle}>{t.renewInsurance}</h3>
        <Notice text={notice} />
        <ApiForm<InsuranceValues>
          key={generation}
          initialValues={{ insurance: insuranceFieldsOf(boat.insurance), certificate: null }}
          validationSchema={schema}
          submitLabel={t.saveInsurance}
          codeFields={{ certificate_too_large: 'certificate', certificate_type_not_allowed: 'certificate' }}
          onSubmit={async (values) => {
            setNotice(undefined);
            const saved = await patchBoat(api, boat.id, { insurance: policy.cast(insuranceBody(values.insurance)) });
            if (values.certificate?.file)
              await uploadCertificate(api, boat.id, values.certificate.file, values.certificate.type);
            boatChanged(client, saved);
            setNotice(t.insuranceSaved);
            setGeneration((n) => n + 1);
          }}
        >
          <TextField name="insurance.insurer" label={t.insurer} autoComplete="off" />
          <TextField name="insurance.policyNumber" label={t.policyNumber} autoComplete="off" spellCheck={false} />
          <TextField name="insurance.expiresOn" label={t.expiresOn} hint={t.expiresOnHint} type="date" min={today} />
          <CertificateField />
        </ApiForm>
      </div>
    </Section>
  );
}

/** The boat's own data, against the marina's limits, which the form states. */
function DataSection({ boat, marina }: { boat: Boat; marina: Marina }) {
  const { api } = useServices();
  const client = useQueryClient();
  const [notice, setNotice] = useState<string>();
  const rule = useMemo(() => boatPatchSchema(marina.settings), [marina.settings]);
  const schema = useMemo(() => formSchema<BoatFields>(rule, (values) => boatBody(values ?? {})), [rule]);
  return (
    <Section id="barco-datos" title={t.dataTitle} group="barco" icon="boat">
      <div className={ui.stack}>
        <Notice text={notice} />
        <ApiForm<BoatFields>
          initialValues={boatFieldsOf(boat)}
          validationSchema={schema}
          submitLabel={t.saveData}
          codeFields={{ registration_taken: 'registration' }}
          onSubmit={async (values) => {
            setNotice(undefined);
            boatChanged(client, await patchBoat(api, boat.id, rule.cast(boatBody(values))));
            setNotice(t.dataSaved);
          }}
        >
          <BoatDataFields limits={marina.settings} />
        </ApiForm>
      </div>
    </Section>
  );
}

function ContractSection({ boat }: { boat: Boat }) {
  const open = boat.contract && (boat.contract.status === 'requested' || boat.contract.status === 'active');
  return (
    <Section id="barco-contrato" title={t.contractTitle}>
      <div className={ui.stack}>
        <p>{contractText(boat)}</p>
        {boat.contract?.rejectionReason ? <p>{t.rejectedBecause(boat.contract.rejectionReason)}</p> : null}
        {open ? null : (
          <ButtonLink to={href.altaContrato(boat.id)} variant="secondary" fullWidth>
            {t.requestContract}
          </ButtonLink>
        )}
      </div>
    </Section>
  );
}

/** Who else the owner lets use this boat, and the way to add someone (docs/product.md §4.8). */
function AuthorisedSection({ boat }: { boat: Boat }) {
  return (
    <Section id="barco-autorizados" title={t.authorised}>
      <ButtonLink to={href.autorizados(boat.id)} variant="secondary" fullWidth>
        {t.seeAuthorised}
      </ButtonLink>
    </Section>
  );
}

function NotFound() {
  return (
    <Page title={t.boatNotFoundTitle}>
      <NotThere text={t.boatNotFound} backTo={paths.misbarcos} backLabel={t.backToBoats} />
    </Page>
  );
}

/**
 * One boat: everything about it, its data to correct, its insurance to renew, and the way to launch it. On a
 * boat someone else owns, only what the person may do: see it and launch it.
 */
export default function BarcoScreen() {
  const { id = '' } = useParams();
  const { api } = useServices();
  const client = useQueryClient();
  const query = useQuery(boatQuery(api, client, id));
  const marina = useMarina();
  const boat = query.data;
  if (isNotFound(query)) return <NotFound />;
  return (
    <Page title={boat?.name ?? t.boatTitle}>
      <div className={ui.stack}>
        <LoadStatus loads={[query, marina]} ready={Boolean(boat && marina.data)} />
        <StaleNotice query={query} />
        {boat && marina.data ? (
          <>
            <Section id="barco-resumen" title={t.summaryTitle}>
              <AuthorisedNote boat={boat} />
              <BoatFacts boat={boat} full />
              <EligibilityBadges boat={boat} here={href.barco(boat.id)} />
              <div className={css.actions}>
                <ButtonLink to={href.altaPedidoBajadaBarco(boat.id)} fullWidth>
                  {t.askLaunch}
                </ButtonLink>
              </div>
            </Section>
            {/* The owner's business: someone authorised on the boat uses it, nothing more. */}
            {boat.role === 'owner' ? (
              <>
                <ContractSection boat={boat} />
                <AuthorisedSection boat={boat} />
                <InsuranceSection boat={boat} today={marinaToday(marina.data)} />
                <DataSection boat={boat} marina={marina.data} />
              </>
            ) : (
              <p className={ui.muted}>{t.authorisedHint}</p>
            )}
          </>
        ) : null}
      </div>
    </Page>
  );
}
