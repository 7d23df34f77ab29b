import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useFormikContext } from 'formik';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/api-error.ts';
import { ButtonLink } from '../../components/button.tsx';
import { ApiForm } from '../../components/form/api-form.tsx';
import { bodyRule, written } from '../../components/form/body-rule.ts';
import { TextField } from '../../components/form/fields.tsx';
import { Page } from '../../components/page.tsx';
import { LoadStatus } from '../../components/query-status.tsx';
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
import { href, paths } from '../../lib/paths.ts';
import { useServices } from '../../lib/services.tsx';
import { boatsForLaunchQuery, joinLaunchPages, launchesKey, launchesQuery, requestLaunch } from './api/launches.ts';
import { BoatChoice, Blockers } from './boat-choice.tsx';
import { SLOT_CODE_FIELDS, SlotFields, chosenSlot, type SlotValues } from './slot-fields.tsx';
import type { PedidosBajadasState } from './pedidosbajadas-screen.tsx';
import { launchTexts as t } from './texts.ts';

const NO_SLOTS: readonly LaunchSlot[] = [];

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

/** The body the values become; the waiting list only for a slot the grid showed full. */
function toBody(values: Partial<BookingValues> | undefined, slots: readonly LaunchSlot[]): Record<string, unknown> {
  const people = values?.people?.trim();
  return {
    boatId: written(values?.boatId),
    slotStart: written(values?.slotStart),
    expectedReturn: written(values?.expectedReturn),
    people: people ? Number(people) : undefined,
    notes: values?.notes ?? '',
    waitlist: Boolean(values?.waitlist) && chosenSlot(slots, values?.slotStart)?.state === 'full',
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

function BookingForm({ boats, busy, marina }: { boats: Boat[]; busy: ReadonlyMap<string, Launch>; marina: Marina }) {
  const { api } = useServices();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const keys = useRef(createKeyKeeper()).current;
  const [day, setDay] = useState<LaunchSlotDay>();
  const slots = day?.slots ?? NO_SLOTS;
  const today = marinaToday(marina);
  const schema = useMemo(
    () =>
      bodyRule<BookingValues>(launchRequestSchema, (values) => toBody(values, slots)).test(
        'waitlist',
        function waitlist() {
          const values = this.originalValue as Partial<BookingValues> | undefined;
          const full = chosenSlot(slots, values?.slotStart)?.state === 'full';
          return full && !values?.waitlist ? this.createError({ path: 'waitlist', message: t.mustJoinWaitlist }) : true;
        },
      ),
    [slots],
  );
  const choosable = boats.filter((boat) => boat.eligibility.eligible && !busy.has(boat.id));
  const wanted = search.get('barco');
  const preselected =
    choosable.find((boat) => boat.id === wanted)?.id ?? (choosable.length === 1 ? choosable[0]!.id : '');
  const initialValues: BookingValues = {
    boatId: preselected,
    date: today,
    slotStart: '',
    expectedReturn: '',
    waitlist: false,
    people: '',
    notes: '',
  };

  return (
    <ApiForm<BookingValues>
      initialValues={initialValues}
      validationSchema={schema}
      submitLabel={t.send}
      codeFields={CODE_FIELDS}
      onSubmit={async (values) => {
        const body = launchRequestSchema.cast(toBody(values, slots)) as LaunchRequestInput;
        try {
          const launch = await requestLaunch(api, body, keys.keyFor(body));
          keys.done();
          await client.invalidateQueries({ queryKey: launchesKey });
          const notice =
            launch.status === 'waitlisted'
              ? t.waitlisted(launch.waitlistPosition ?? 1)
              : launch.status === 'pending'
                ? t.bookedPending
                : t.booked;
          const state: PedidosBajadasState = { notice };
          await navigate(paths.pedidosbajadas, { state });
        } catch (error) {
          // The grid may be out of date (someone took the last place): load it again under the message.
          if (error instanceof ApiError && error.code.startsWith('slot_'))
            void client.invalidateQueries({ queryKey: ['launch-slots'] });
          throw error;
        }
      }}
    >
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
              returnPlaceholder={t.chooseReturn}
              onDay={setDay}
            />
          </>
        )}
      </BoatFieldWatcher>
      <TextField
        name="people"
        label={t.people}
        hint={t.peopleHint}
        inputMode="numeric"
        autoComplete="off"
        min={1}
        max={LAUNCH_MAX_PEOPLE}
      />
      <TextField name="notes" label={t.notes} hint={t.notesHint} autoComplete="off" />
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
 * Book a launch (`alta-pedido-bajada`; `alta-pedido-bajada-barco?barco=<id>` with the boat chosen): boat,
 * day, a slot of the day's grid, the return, people and notes.
 */
export default function AltaPedidoBajadaScreen() {
  const { api } = useServices();
  const boats = useQuery(boatsForLaunchQuery(api));
  const launches = useInfiniteQuery({ ...launchesQuery(api), select: joinLaunchPages });
  const marina = useMarina();
  const all = [boats, launches, marina];
  const busy = useMemo(
    () =>
      new Map(
        (launches.data?.upcoming ?? [])
          .filter((launch) => isOpenLaunchStatus(launch.status))
          .map((launch) => [launch.boatId, launch]),
      ),
    [launches.data],
  );
  return (
    <Page title={t.bookTitle}>
      <LoadStatus loads={all} ready={Boolean(boats.data && launches.data && marina.data)} />
      {boats.data && launches.data && marina.data ? (
        boats.data.boats.length === 0 ? (
          <>
            <p>{t.noBoats}</p>
            <ButtonLink to={href.altaContrato()} fullWidth>
              {t.requestContract}
            </ButtonLink>
          </>
        ) : (
          <BookingForm boats={boats.data.boats} busy={busy} marina={marina.data} />
        )
      ) : null}
    </Page>
  );
}
