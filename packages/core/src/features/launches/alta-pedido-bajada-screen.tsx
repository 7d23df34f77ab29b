import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useFormikContext } from 'formik';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/api-error.ts';
import { Button, ButtonLink } from '../../components/button.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { Facts } from '../../components/facts.tsx';
import { ApiForm } from '../../components/form/api-form.tsx';
import { bodyRule, written } from '../../components/form/body-rule.ts';
import { TextField } from '../../components/form/fields.tsx';
import { StepperField } from '../../components/form/stepper-field.tsx';
import type { NoticeState } from '../../components/notice.tsx';
import { Page } from '../../components/page.tsx';
import { LoadError, LoadStatus } from '../../components/query-status.tsx';
import * as ui from '../../components/ui.css.ts';
import type { Boat } from '../../domain/boats.ts';
import {
  isOpenLaunchStatus,
  launchRequestSchema,
  LAUNCH_MAX_PEOPLE,
  type Launch,
  type LaunchRequestInput,
  type LaunchSlot,
  type LaunchSlotDay,
} from '../../domain/launches.ts';
import type { Marina } from '../../domain/marina.ts';
import { createKeyKeeper } from '../../lib/idempotency.ts';
import { marinaToday, useMarina } from '../../lib/marina.ts';
import { href } from '../../lib/paths.ts';
import { useServices } from '../../lib/services.tsx';
import {
  boatsForLaunchQuery,
  joinLaunchPages,
  launchChanged,
  launchesQuery,
  placesChanged,
  requestLaunch,
} from './api/launches.ts';
import { BoatChoice, Blockers } from './boat-choice.tsx';
import { SLOT_CODE_FIELDS, SlotFields, chosenSlot, type SlotValues } from './slot-fields.tsx';
import { dayOf, timeOf } from './format.ts';
import * as css from './launches.css.ts';
import { launchTexts as t } from './texts.ts';

const NO_SLOTS: readonly LaunchSlot[] = [];

/** The return first offered: three hours after the slot (within the day), a morning or an afternoon out. */
const RETURN_LENGTH = 3 * 60 * 60 * 1000;

const PEOPLE_CHOICES = Array.from({ length: LAUNCH_MAX_PEOPLE }, (_, index) => ({
  value: String(index + 1),
  label: String(index + 1),
}));

interface BookingValues extends SlotValues {
  boatId: string;
  people: string;
  notes: string;
}

/** The errors the server names by code, on the field they concern. */
const CODE_FIELDS = {
  ...SLOT_CODE_FIELDS,
  boat_has_open_launch: 'boatId',
  not_eligible: 'boatId',
} as const;

/** The body the values become; a full slot's chip is its waiting list, so choosing one is joining it. */
function toBody(values: Partial<BookingValues> | undefined, slots: readonly LaunchSlot[]): Record<string, unknown> {
  const people = values?.people?.trim();
  return {
    boatId: written(values?.boatId),
    slotStart: written(values?.slotStart),
    expectedReturn: written(values?.expectedReturn),
    people: people ? Number(people) : undefined,
    notes: values?.notes ?? '',
    waitlist: chosenSlot(slots, values?.slotStart)?.state === 'full',
  };
}

/** The boat chosen, for the day's eligibility (the launch's own reasons, such as a boat already in the water). */
function DayBlockers({
  day,
  boats,
  boatId,
}: {
  day: LaunchSlotDay | undefined;
  boats: readonly Boat[];
  boatId: string;
}) {
  const boat = boats.find((candidate) => candidate.id === boatId);
  if (!boat || !day || day.eligibility.eligible) return null;
  return <Blockers name={boat.name} eligibility={day.eligibility} />;
}

/** Everything about to be asked for, once more, before it is sent; its heading takes focus. */
function Summary({
  boats,
  slots,
  timeZone,
}: {
  boats: readonly Boat[];
  slots: readonly LaunchSlot[];
  timeZone: string;
}) {
  const { values } = useFormikContext<BookingValues>();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const boat = boats.find((candidate) => candidate.id === values.boatId);
  const slot = chosenSlot(slots, values.slotStart);
  if (!boat || !slot) return null;
  return (
    <section className={css.summary} aria-labelledby="bajada-resumen-envio">
      <h2 id="bajada-resumen-envio" ref={heading} tabIndex={-1} className={css.summaryTitle}>
        {t.summaryTitle}
      </h2>
      <Facts
        rows={[
          [t.whichBoat, `${boat.name} (${boat.registration})`],
          [t.day, dayOf(slot.start, timeZone)],
          [t.slot, `${timeOf(slot.start, timeZone)} – ${timeOf(slot.end, timeZone)}`],
          [t.expectedReturn, values.expectedReturn ? timeOf(values.expectedReturn, timeZone) : ''],
          [t.people, values.people],
          [t.notes, values.notes.trim() || t.noNotes],
        ]}
      />
      {slot.state === 'full' ? <p className={css.note}>{t.waitlistSummary}</p> : null}
    </section>
  );
}

function BookingForm({ boats, busy, marina }: { boats: Boat[]; busy: ReadonlyMap<string, Launch>; marina: Marina }) {
  const { api } = useServices();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const keys = useRef(createKeyKeeper()).current;
  const [day, setDay] = useState<LaunchSlotDay>();
  const [stage, setStage] = useState<'choose' | 'review'>('choose');
  const slots = day?.slots ?? NO_SLOTS;
  const today = marinaToday(marina);
  const schema = useMemo(
    () => bodyRule<BookingValues>(launchRequestSchema, (values) => toBody(values, slots)),
    [slots],
  );
  const choosable = boats.filter((boat) => boat.eligibility.eligible && !busy.has(boat.id));
  // A link for one boat (`?barco=`) chooses that boat or none: never another in its place.
  const wanted = search.get('barco');
  const preselected = wanted
    ? (choosable.find((boat) => boat.id === wanted)?.id ?? '')
    : choosable.length === 1
      ? choosable[0]!.id
      : '';
  const initialValues: BookingValues = {
    boatId: preselected,
    date: today,
    slotStart: '',
    expectedReturn: '',
    people: '1',
    notes: '',
  };

  return (
    <ApiForm<BookingValues>
      initialValues={initialValues}
      validationSchema={schema}
      submitLabel={stage === 'choose' ? t.review : t.confirm}
      codeFields={CODE_FIELDS}
      footer={
        stage === 'review' ? (
          <Button variant="secondary" fullWidth onClick={() => setStage('choose')}>
            {t.change}
          </Button>
        ) : undefined
      }
      onSubmit={async (values) => {
        if (stage === 'choose') {
          setStage('review');
          return;
        }
        const body = launchRequestSchema.cast(toBody(values, slots)) as LaunchRequestInput;
        try {
          const launch = await requestLaunch(api, body, keys.keyFor(body));
          keys.done();
          launchChanged(client, launch);
          const notice =
            launch.status === 'waitlisted'
              ? t.waitlisted(launch.waitlistPosition ?? 1)
              : launch.status === 'pending'
                ? t.bookedPending
                : t.booked;
          // The launch offers push there, the moment being told of the marina's answer is worth it (decision 063).
          const state: NoticeState = { notice, offerPush: true };
          await navigate(href.bajada(launch.id), { state, replace: true });
        } catch (error) {
          if (error instanceof ApiError) {
            // The chips may be out of date (someone took the last place): load them again under the message.
            if (error.code.startsWith('slot_')) placesChanged(client);
            // What the server says of a field is said under it, where it can be changed.
            if (error.fieldErrors.length > 0 || error.code in CODE_FIELDS) setStage('choose');
          }
          throw error;
        }
      }}
    >
      {stage === 'review' ? <Summary boats={boats} slots={slots} timeZone={marina.timeZone} /> : null}
      {/* Kept while the summary shows, hidden: back to them, every choice is where it was. */}
      <div hidden={stage === 'review'}>
        <div className={ui.stack}>
          <BoatChoice boats={boats} busy={busy} timeZone={marina.timeZone} />
          <BoatFieldWatcher choosable={choosable}>
            {(boatId) => (
              <>
                <DayBlockers day={day} boats={boats} boatId={boatId} />
                <SlotFields
                  boatId={boatId}
                  today={today}
                  maxAdvanceDays={marina.settings.maxAdvanceDays}
                  timeZone={marina.timeZone}
                  allowFull
                  returnLength={RETURN_LENGTH}
                  onDay={setDay}
                />
              </>
            )}
          </BoatFieldWatcher>
          <StepperField
            name="people"
            label={t.people}
            hint={t.peopleHint}
            empty=""
            lessLabel={t.peopleFewer}
            moreLabel={t.peopleMore}
            choices={PEOPLE_CHOICES}
          />
          <TextField name="notes" label={t.notes} hint={t.notesHint} autoComplete="off" />
        </div>
      </div>
    </ApiForm>
  );
}

/**
 * The chosen boat, for the parts that follow it. A boat chosen from what the phone kept that can no longer
 * be asked for (the answer that came next says why, under the choice) is chosen no more.
 */
function BoatFieldWatcher({
  choosable,
  children,
}: {
  choosable: readonly Boat[];
  children: (boatId: string) => ReactNode;
}) {
  const { values, setFieldValue } = useFormikContext<BookingValues>();
  const stillChoosable = values.boatId === '' || choosable.some((boat) => boat.id === values.boatId);
  useEffect(() => {
    if (!stillChoosable) void setFieldValue('boatId', '');
  }, [stillChoosable, setFieldValue]);
  return <>{children(stillChoosable ? values.boatId : '')}</>;
}

/**
 * Whether both lists have come from the server since the screen opened. What the phone kept may be out of date
 * (a launch cancelled from another phone still holds its boat there), and the boat a link names is chosen from
 * what is true now; so the form waits for that, once: a later failed refresh does not take it away.
 */
function useFreshOnce(queries: readonly { isFetchedAfterMount: boolean; isSuccess: boolean }[]): boolean {
  const [fresh, setFresh] = useState(false);
  const now = queries.every((query) => query.isFetchedAfterMount && query.isSuccess);
  if (now && !fresh) setFresh(true);
  return fresh || now;
}

/**
 * Book a launch (`alta-pedido-bajada`; `alta-pedido-bajada-barco?barco=<id>` with the boat chosen): boat, a day
 * from the strip, a slot from the day's chips, the return and the people with steppers, notes; then the summary,
 * and «Confirmar bajada» sends it. The person lands on the new launch.
 */
export default function AltaPedidoBajadaScreen() {
  const { api } = useServices();
  const boats = useQuery({ ...boatsForLaunchQuery(api), refetchOnMount: 'always' });
  const launches = useInfiniteQuery({ ...launchesQuery(api), select: joinLaunchPages, refetchOnMount: 'always' });
  const marina = useMarina();
  const fresh = useFreshOnce([boats, launches]);
  const busy = useMemo(
    () =>
      new Map(
        (launches.data?.upcoming ?? [])
          .filter((launch) => isOpenLaunchStatus(launch.status))
          .map((launch) => [launch.boatId, launch]),
      ),
    [launches.data],
  );
  const failed = !fresh && (boats.isError || launches.isError);
  return (
    <Page title={t.bookTitle}>
      {failed ? (
        <LoadError
          error={boats.error ?? launches.error}
          retry={() => void Promise.all([boats.refetch(), launches.refetch()])}
        />
      ) : (
        <LoadStatus loads={[boats, launches, marina]} ready={Boolean(fresh && marina.data)} />
      )}
      {fresh && boats.data && launches.data && marina.data ? (
        boats.data.boats.length === 0 ? (
          <EmptyState
            title={t.noBoatsTitle}
            action={
              <ButtonLink to={href.altaContrato()} fullWidth>
                {t.requestContract}
              </ButtonLink>
            }
          >
            {t.noBoats}
          </EmptyState>
        ) : (
          <BookingForm boats={boats.data.boats} busy={busy} marina={marina.data} />
        )
      ) : null}
    </Page>
  );
}
