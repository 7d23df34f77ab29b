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
import { EmptyState } from '../../components/empty-state.tsx';
import * as groupCss from '../../components/form/group.css.ts';
import { Icon } from '../../components/icons.tsx';
import { Link } from '../../components/link.tsx';
import { StatusPill, type Tone } from '../../components/status-pill.tsx';
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
import { reasonWeight } from '../../domain/eligibility.ts';
import { localTimeIn } from '../../domain/zone-time.ts';
import { createKeyKeeper } from '../../lib/idempotency.ts';
import { href, paths } from '../../lib/paths.ts';
import { useServices } from '../../lib/services.tsx';
import { logOuting, outingOptionsQuery, outingsKey } from './api/outings.ts';
import { departureChoices, returnChoices, timeOf } from './format.ts';
import { fullName } from './outing-facts.tsx';
import * as css from './outings.css.ts';
import type { NoticeState } from '../../components/notice.tsx';
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

/** The skipper a boat starts with: the only one who may, else the owner when the person is the owner and may. */
function defaultSkipper(boat: OutingBoatOption | undefined): string {
  const available = boat?.skippers.filter((skipper) => skipper.available) ?? [];
  if (available.length === 1) return available[0]!.skipper;
  return boat?.role === 'owner' ? (available.find((skipper) => skipper.skipper === 'owner')?.skipper ?? '') : '';
}

interface Reason {
  tone: Tone;
  text: string;
}

/**
 * Why a boat cannot go out now, each reason as a pill. A boat the rule refuses says the rule's reasons (a launch
 * would not help), each weighed by `reasonWeight` on its code: waiting (a contract to approve) or blocking (an
 * expired insurance). A boat that only lacks a launch, or is at sea, says so calmly.
 */
function reasonsOf(boat: OutingBoatOption): Reason[] {
  const refused = boat.refusals.find((refusal) => refusal.code === 'not_eligible');
  if (refused)
    return refused.reasons.map((reason) => ({
      tone: reasonWeight(reason.code) === 'waiting' ? 'warning' : 'danger',
      text: reason.text,
    }));
  return boat.refusals.map((refusal) => ({
    tone: refusal.code === 'boat_already_at_sea' ? 'info' : 'neutral',
    text: refusal.text,
  }));
}

/** Only a launch today is missing: booking one is the way forward. */
const onlyNeedsLaunch = (boat: OutingBoatOption) =>
  boat.refusals.length > 0 && boat.refusals.every((refusal) => refusal.code === 'boat_not_in_water');

const atSea = (boat: OutingBoatOption) => boat.refusals.some((refusal) => refusal.code === 'boat_already_at_sea');

/**
 * The boats that cannot go out now, one row each: the name and its reasons as pills. Beside a form (`fixes`),
 * a boat that only lacks a launch or is at sea leads to it; alone, the screen's one button does.
 */
function RefusedBoats({ boats, label, fixes }: { boats: readonly OutingBoatOption[]; label: string; fixes: boolean }) {
  const list = (
    <ul className={css.rows} aria-label={label}>
      {boats.map((boat) => (
        <li key={boat.boatId} className={css.refusedRow}>
          <span className={css.tile}>
            <Icon name="boat" className={css.tileIcon} />
          </span>
          <span className={css.rowBody}>
            <span className={css.rowTitle}>{boat.boatName}</span>
            <span className={css.pills}>
              {reasonsOf(boat).map((reason) => (
                <StatusPill key={reason.text} tone={reason.tone}>
                  {reason.text}
                </StatusPill>
              ))}
            </span>
            {fixes && (onlyNeedsLaunch(boat) || atSea(boat)) ? (
              <Link
                className={reasonsCss.fixLink}
                to={atSea(boat) ? paths.salidas : href.altaPedidoBajadaBarco(boat.boatId)}
              >
                {atSea(boat) ? t.seeOutings : t.bookLaunch}
                {atSea(boat) ? null : (
                  <>
                    {' '}
                    <span className={ui.visuallyHidden}>{boat.boatName}</span>
                  </>
                )}
              </Link>
            ) : null}
          </span>
        </li>
      ))}
    </ul>
  );
  // Beside a form, said in words above the rows; alone, the explanation above says it.
  return fixes ? (
    <div className={css.captioned}>
      <p className={css.refusedTitle} aria-hidden="true">
        {label}
      </p>
      {list}
    </div>
  ) : (
    list
  );
}

/**
 * No boat may go out now: why, one row per boat, and the one way forward: a launch when one would do, else the
 * outing already at sea, else the boats, where each reason says what fixes it.
 */
function NoBoatReady({ boats }: { boats: readonly OutingBoatOption[] }) {
  const [to, label] = boats.some(onlyNeedsLaunch)
    ? [paths.altaPedidoBajada, t.bookLaunch]
    : boats.some(atSea)
      ? [paths.salidas, t.seeOutings]
      : [paths.misbarcos, t.seeBoats];
  return (
    <EmptyState
      title={t.noReadyTitle}
      action={
        <div className={ui.stack}>
          <RefusedBoats boats={boats} label={t.yourBoatsToday} fixes={false} />
          <ButtonLink to={to} fullWidth>
            {label}
          </ButtonLink>
        </div>
      }
    >
      {t.noReadyBoat}
    </EmptyState>
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
        <div className={css.captioned}>
          <p id="patrones-no" className={css.explain}>
            {t.skippersNot}
          </p>
          <ul className={css.pillList} aria-labelledby="patrones-no">
            {others.map((skipper) => (
              <li key={skipper.skipper} className={css.pillLine}>
                <span>{fullName(skipper)}</span>
                {skipper.reason ? <StatusPill tone="neutral">{skipper.reason}</StatusPill> : null}
              </li>
            ))}
          </ul>
        </div>
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

/** What a boat that may go out has today, under its name: in the water, or its launch confirmed and when. */
function launchLine(boat: OutingBoatOption, timeZone: string): string | undefined {
  const launch = boat.launchToday;
  if (!launch) return undefined;
  return launch.status === 'in_water' ? t.inWater : t.launchAt(timeOf(launch.slotStart, timeZone));
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
  if (choosable.length === 0) return <NoBoatReady boats={others} />;
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
          const state: NoticeState = { notice: t.logged(outing.boatName) };
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
        choices={choosable.map((boat) => ({
          value: boat.boatId,
          label: boat.boatName,
          description: launchLine(boat, options.timeZone),
        }))}
      />
      {others.length > 0 ? <RefusedBoats boats={others} label={t.notNow} fixes /> : null}
      <fieldset className={groupCss.group}>
        <legend className={css.refusedTitle}>{t.whenGroup}</legend>
        <SelectField
          name="departure"
          label={t.departure}
          hint={t.departureHint}
          placeholder={t.now(localTimeIn(new Date(now), options.timeZone))}
          choices={departures}
        />
        <ReturnField options={options} now={now} />
      </fieldset>
      <fieldset className={groupCss.group}>
        <legend className={css.refusedTitle}>{t.aboardGroup}</legend>
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
      </fieldset>
      <fieldset className={groupCss.group}>
        <legend className={css.refusedTitle}>{t.whereGroup}</legend>
        <TextField name="destination" label={t.destination} hint={t.destinationHint} autoComplete="off" />
        <TextField
          name="contactPhone"
          label={t.phone}
          hint={t.phoneHint}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
        />
      </fieldset>
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
  const ready = Boolean(data);
  return (
    <Page title={t.logTitle}>
      <LoadStatus loads={[options]} ready={ready} />
      {data && ready ? (
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
