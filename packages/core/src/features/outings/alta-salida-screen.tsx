import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useFormikContext } from 'formik';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/api-error.ts';
import { ButtonLink } from '../../components/button.tsx';
import { ApiForm } from '../../components/form/api-form.tsx';
import { bodyRule, written } from '../../components/form/body-rule.ts';
import { RadioGroupField, SelectField } from '../../components/form/choice-fields.tsx';
import { TextField } from '../../components/form/fields.tsx';
import { Link } from '../../components/link.tsx';
import * as ui from '../../components/ui.css.ts';
import { Page } from '../../components/page.tsx';
import { LoadStatus } from '../../components/query-status.tsx';
import * as reasonsCss from '../../components/reasons.css.ts';
import {
  OUTING_MAX_PEOPLE,
  outingSchema,
  type OutingBoatOption,
  type OutingInput,
  type OutingOptions,
} from '../../domain/outings.ts';
import { localTimeIn } from '../../domain/zone-time.ts';
import { createKeyKeeper } from '../../lib/idempotency.ts';
import { href, paths } from '../../lib/paths.ts';
import { useServices } from '../../lib/services.tsx';
import { logOuting, outingOptionsQuery, outingsKey } from './api/outings.ts';
import { departureChoices, returnChoices } from './format.ts';
import type { SalidasState } from './salidas-screen.tsx';
import { outingTexts as t } from './texts.ts';

interface OutingValues {
  boatId: string;
  /** '' is «Ahora»: the server takes its own now. */
  departure: string;
  expectedReturn: string;
  people: string;
  skipper: string;
  destination: string;
  contactPhone: string;
}

/** The errors the server names by code, on the field they concern. */
const CODE_FIELDS = {
  boat_not_in_water: 'boatId',
  boat_already_at_sea: 'boatId',
  not_eligible: 'boatId',
  skipper_not_allowed: 'skipper',
  departure_invalid: 'departure',
  return_in_past: 'expectedReturn',
  return_after_closing: 'expectedReturn',
  outing_too_long: 'expectedReturn',
} as const;

function toBody(values: Partial<OutingValues> | undefined): Record<string, unknown> {
  const people = values?.people?.trim();
  return {
    boatId: written(values?.boatId),
    departure: written(values?.departure),
    expectedReturn: written(values?.expectedReturn),
    people: people ? Number(people) : undefined,
    skipper: written(values?.skipper),
    destination: values?.destination ?? '',
    contactPhone: values?.contactPhone ?? '',
  };
}

const fullName = (person: { firstName: string; surnames: string }) => `${person.firstName} ${person.surnames}`;

/** The skipper a boat starts with: the only one who may, else the owner when the person is the owner and may. */
function defaultSkipper(boat: OutingBoatOption | undefined): string {
  const available = boat?.skippers.filter((skipper) => skipper.available) ?? [];
  if (available.length === 1) return available[0]!.skipper;
  return boat?.role === 'owner' ? (available.find((skipper) => skipper.skipper === 'owner')?.skipper ?? '') : '';
}

/** Why a boat cannot go out now, each reason with the way to fix it. */
function Refusals({ boat }: { boat: OutingBoatOption }) {
  return (
    <ul className={reasonsCss.blocked.muted} aria-label={boat.boatName}>
      {boat.refusals.map((refusal) => (
        <li key={refusal.code}>
          {boat.boatName}: {refusal.text}
          {refusal.code === 'boat_not_in_water' || refusal.code === 'boat_already_at_sea' ? (
            <>
              {' · '}
              <Link
                className={reasonsCss.fixLink}
                to={refusal.code === 'boat_not_in_water' ? href.altaPedidoBajadaBarco(boat.boatId) : paths.salidas}
              >
                {refusal.code === 'boat_not_in_water' ? t.bookLaunch : t.seeOutings}
                {refusal.code === 'boat_not_in_water' ? (
                  <>
                    {' '}
                    <span className={ui.visuallyHidden}>{boat.boatName}</span>
                  </>
                ) : null}
              </Link>
            </>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** The chosen boat's skippers: those who may today to choose, the others with why not. Changing boat resets it. */
function SkipperField({ boats }: { boats: readonly OutingBoatOption[] }) {
  const { values, setFieldValue } = useFormikContext<OutingValues>();
  const boat = boats.find((candidate) => candidate.boatId === values.boatId);
  const last = useRef(values.boatId);
  useEffect(() => {
    if (last.current === values.boatId) return;
    last.current = values.boatId;
    void setFieldValue('skipper', defaultSkipper(boat), false);
  }, [values.boatId, boat, setFieldValue]);
  if (!boat) return null;
  const available = boat.skippers.filter((skipper) => skipper.available);
  const others = boat.skippers.filter((skipper) => !skipper.available);
  return (
    <>
      <RadioGroupField
        name="skipper"
        legend={t.skipper}
        hint={t.skipperHint}
        choices={available.map((skipper) => ({
          value: skipper.skipper,
          label: skipper.skipper === 'owner' && boat.role === 'owner' ? `${fullName(skipper)} (tú)` : fullName(skipper),
        }))}
      />
      {others.length > 0 ? (
        <ul className={reasonsCss.blocked.muted} aria-label={t.skippersNot}>
          {others.map((skipper) => (
            <li key={skipper.skipper}>
              {fullName(skipper)}: {skipper.reason}
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

/** Return times after the departure chosen, up to today's closing (or the overnight limit). */
function ReturnField({ options, now }: { options: OutingOptions; now: number }) {
  const { values, setFieldValue } = useFormikContext<OutingValues>();
  const departure = values.departure ? Date.parse(values.departure) : now;
  const choices = useMemo(
    () =>
      returnChoices({
        departure,
        now,
        timeZone: options.timeZone,
        closesAt: options.closesAt,
        allowOvernight: options.allowOvernight,
      }),
    [departure, now, options],
  );
  // A return no longer after the departure goes.
  useEffect(() => {
    if (values.expectedReturn && !choices.some((choice) => choice.value === values.expectedReturn))
      void setFieldValue('expectedReturn', '', false);
  }, [choices, values.expectedReturn, setFieldValue]);
  const close = options.closesAt ? localTimeIn(new Date(options.closesAt), options.timeZone) : null;
  return (
    <SelectField
      name="expectedReturn"
      label={t.expectedReturn}
      hint={t.returnHint(options.allowOvernight ? null : close)}
      placeholder={choices.length === 0 ? t.noReturnLeft : t.chooseReturn}
      choices={choices}
    />
  );
}

function OutingForm({ options }: { options: OutingOptions }) {
  const { api } = useServices();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const keys = useRef(createKeyKeeper()).current;
  const [now] = useState(() => Date.now());
  const choosable = options.boats.filter((boat) => boat.canLog);
  const others = options.boats.filter((boat) => !boat.canLog);
  const wanted = search.get('barco');
  const boatId =
    choosable.find((boat) => boat.boatId === wanted)?.boatId ?? (choosable.length === 1 ? choosable[0]!.boatId : '');
  const initialValues: OutingValues = {
    boatId,
    departure: '',
    expectedReturn: '',
    people: '',
    skipper: defaultSkipper(choosable.find((boat) => boat.boatId === boatId)),
    destination: '',
    contactPhone: options.contactPhone,
  };
  const departures = useMemo(() => departureChoices(now, options.timeZone), [now, options.timeZone]);
  const schema = useMemo(() => bodyRule<OutingValues>(outingSchema, toBody), []);
  const refused = others.length > 0 ? others.map((boat) => <Refusals key={boat.boatId} boat={boat} />) : null;
  if (choosable.length === 0) {
    return (
      <>
        <p>{t.noReadyBoat}</p>
        {refused}
        <ButtonLink to={paths.altaPedidoBajada} fullWidth>
          {t.bookLaunch}
        </ButtonLink>
      </>
    );
  }
  return (
    <ApiForm<OutingValues>
      initialValues={initialValues}
      validationSchema={schema}
      submitLabel={t.send}
      codeFields={CODE_FIELDS}
      onSubmit={async (values) => {
        const body = outingSchema.cast(toBody(values)) as OutingInput;
        try {
          const outing = await logOuting(api, body, keys.keyFor(body));
          keys.done();
          await client.invalidateQueries({ queryKey: outingsKey });
          const state: SalidasState = { notice: t.logged(outing.boatName) };
          await navigate(paths.salidas, { state });
        } catch (error) {
          // What the boats may do has changed meanwhile (a launch moved, an outing logged elsewhere): load it again.
          if (error instanceof ApiError && CODE_FIELDS[error.code as keyof typeof CODE_FIELDS] === 'boatId') {
            void client.invalidateQueries({ queryKey: ['outing-options'] });
          }
          throw error;
        }
      }}
    >
      <RadioGroupField
        name="boatId"
        legend={t.whichBoat}
        choices={choosable.map((boat) => ({ value: boat.boatId, label: boat.boatName }))}
      />
      {refused}
      <SelectField
        name="departure"
        label={t.departure}
        hint={t.departureHint}
        placeholder={t.now(localTimeIn(new Date(now), options.timeZone))}
        choices={departures}
      />
      <ReturnField options={options} now={now} />
      <TextField
        name="people"
        label={t.people}
        hint={t.peopleHint}
        inputMode="numeric"
        autoComplete="off"
        min={1}
        max={OUTING_MAX_PEOPLE}
      />
      <SkipperField boats={choosable} />
      <TextField name="destination" label={t.destination} hint={t.destinationHint} autoComplete="off" />
      <TextField name="contactPhone" label={t.phone} hint={t.phoneHint} type="tel" inputMode="tel" autoComplete="tel" />
    </ApiForm>
  );
}

/**
 * Log an outing (`alta-salida`; `?barco=<id>` chooses the boat): a boat whose launch today is confirmed or
 * in the water, departure (now by default), expected return, people, skipper, destination, phone.
 */
export default function AltaSalidaScreen() {
  const { api } = useServices();
  const options = useQuery(outingOptionsQuery(api));
  const data = options.data;
  return (
    <Page title={t.logTitle}>
      <LoadStatus loads={[options]} ready={Boolean(data)} />
      {data ? (
        data.boats.length === 0 ? (
          <>
            <p>{t.noBoats}</p>
            <ButtonLink to={href.altaContrato()} fullWidth>
              {t.requestContract}
            </ButtonLink>
          </>
        ) : (
          <OutingForm options={data} />
        )
      ) : null}
    </Page>
  );
}
