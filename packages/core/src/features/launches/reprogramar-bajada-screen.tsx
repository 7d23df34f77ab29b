import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/api-error.ts';
import { CallTheMarina } from '../../components/actions.tsx';
import { ButtonLink } from '../../components/button.tsx';
import { ApiForm } from '../../components/form/api-form.tsx';
import { bodyRule, written } from '../../components/form/body-rule.ts';
import { Page } from '../../components/page.tsx';
import { LoadStatus } from '../../components/query-status.tsx';
import { isNotFound } from '../../components/not-found.tsx';
import * as ui from '../../components/ui.css.ts';
import { localDateIn } from '../../domain/opening-hours.ts';
import { rescheduleSchema, type Launch, type RescheduleInput } from '../../domain/launches.ts';
import type { Marina } from '../../domain/marina.ts';
import { marinaToday, useMarina } from '../../lib/marina.ts';
import { href, paths } from '../../lib/paths.ts';
import { useServices } from '../../lib/services.tsx';
import { launchChanged, launchQuery, placesChanged, rescheduleLaunch } from './api/launches.ts';
import { slotText } from './format.ts';
import { changeableStatus } from './launch-actions.tsx';
import { SLOT_CODE_FIELDS, SlotFields, type SlotValues } from './slot-fields.tsx';
import type { NoticeState } from '../../components/notice.tsx';
import { launchTexts as t } from './texts.ts';

/** Only the new slot, and the return when one is chosen (else the server keeps its length after the slot). */
const toBody = (values: Partial<SlotValues> | undefined) => ({
  slotStart: written(values?.slotStart),
  expectedReturn: written(values?.expectedReturn),
});

function MoveForm({ launch, marina }: { launch: Launch; marina: Marina }) {
  const { api } = useServices();
  const client = useQueryClient();
  const navigate = useNavigate();
  const schema = useMemo(() => bodyRule<SlotValues>(rescheduleSchema, toBody), []);
  const today = marinaToday(marina);
  const launchDay = localDateIn(new Date(launch.slotStart), marina.timeZone);
  const initialValues: SlotValues = {
    date: launchDay >= today ? launchDay : today,
    slotStart: '',
    expectedReturn: '',
  };
  return (
    <ApiForm<SlotValues>
      initialValues={initialValues}
      validationSchema={schema}
      submitLabel={t.moveSend}
      codeFields={SLOT_CODE_FIELDS}
      onSubmit={async (values) => {
        try {
          launchChanged(
            client,
            await rescheduleLaunch(api, launch.id, rescheduleSchema.cast(toBody(values)) as RescheduleInput),
          );
        } catch (error) {
          if (error instanceof ApiError && error.code.startsWith('slot_')) placesChanged(client);
          throw error;
        }
        const state: NoticeState = { notice: t.moved };
        await navigate(href.bajada(launch.id), { state, replace: true });
      }}
    >
      <SlotFields
        boatId={launch.boatId}
        today={today}
        maxAdvanceDays={marina.settings.maxAdvanceDays}
        timeZone={marina.timeZone}
        allowFull={false}
        current={launch.slotStart}
        returnLength={Date.parse(launch.expectedReturn) - Date.parse(launch.slotStart)}
      />
    </ApiForm>
  );
}

/** Move a launch to another free slot of its boat (`reprogramar-bajada?id=`): the rest of it stays. */
export default function ReprogramarBajadaScreen() {
  const [search] = useSearchParams();
  const id = search.get('id') ?? '';
  const { api } = useServices();
  const client = useQueryClient();
  const query = useQuery({ ...launchQuery(api, client, id), enabled: id !== '' });
  const marina = useMarina();
  const launch = query.data;
  const missing = id === '' || isNotFound(query);
  return (
    <Page title={t.moveTitle}>
      <div className={ui.stack}>
        {missing ? (
          <>
            <p>{t.notFound}</p>
            <ButtonLink to={paths.pedidosbajadas} fullWidth>
              {t.backToLaunches}
            </ButtonLink>
          </>
        ) : null}
        {missing ? null : <LoadStatus loads={[query, marina]} ready={Boolean(launch && marina.data)} />}
        {launch && marina.data ? (
          <>
            <p>
              <strong>{launch.boatName}</strong>. {t.currentSlot(slotText(launch, marina.data.timeZone))}
            </p>
            {launch.actions.reschedule ? (
              <MoveForm launch={launch} marina={marina.data} />
            ) : launch.bookedBy ? (
              <p>{t.notYoursToMove(launch.bookedBy.name)}</p>
            ) : changeableStatus(launch) ? (
              <CallTheMarina>{t.tooLate(marina.data.settings.changeCutoffMinutes)}</CallTheMarina>
            ) : (
              <p>{t.cannotMove}</p>
            )}
          </>
        ) : null}
      </div>
    </Page>
  );
}
